import { describe, expect, it } from 'vitest';
import { ResponseRateLimiter } from '../../server/modules/domain/dns/rrl.js';

const run = (rrl: ResponseRateLimiter, address: string, n: number, at: number) =>
  Array.from({ length: n }, () => rrl.decide(address, at));

describe('response rate limiting', () => {
  it('sends perSecond replies, then drops them with every slip-th sent truncated', () => {
    const rrl = new ResponseRateLimiter({ perSecond: 5, slip: 2 });
    expect(run(rrl, '192.0.2.1', 9, 0)).toEqual([
      'send',
      'send',
      'send',
      'send',
      'send',
      'drop',
      'slip',
      'drop',
      'slip',
    ]);
  });

  it("refills at perSecond a second, up to one second's worth", () => {
    const rrl = new ResponseRateLimiter({ perSecond: 10, slip: 2 });
    run(rrl, '192.0.2.1', 10, 0);
    expect(rrl.decide('192.0.2.1', 0)).toBe('drop');
    expect(rrl.decide('192.0.2.1', 100)).toBe('send');
    expect(run(rrl, '192.0.2.1', 12, 60_000).filter((d) => d === 'send')).toHaveLength(10);
  });

  it('counts each address alone', () => {
    const rrl = new ResponseRateLimiter({ perSecond: 2, slip: 2 });
    run(rrl, '192.0.2.1', 5, 0);
    expect(rrl.decide('192.0.2.2', 0)).toBe('send');
  });

  it('is off at 0 a second; slip 0 drops all past the limit, slip 1 truncates all', () => {
    expect(run(new ResponseRateLimiter({ perSecond: 0, slip: 2 }), 'a', 1000, 0).every((d) => d === 'send')).toBe(true);
    expect(run(new ResponseRateLimiter({ perSecond: 1, slip: 0 }), 'a', 4, 0)).toEqual([
      'send',
      'drop',
      'drop',
      'drop',
    ]);
    expect(run(new ResponseRateLimiter({ perSecond: 1, slip: 1 }), 'a', 3, 0)).toEqual(['send', 'slip', 'slip']);
  });

  it('tracks a bounded number of addresses (forged sources cannot grow it)', () => {
    const rrl = new ResponseRateLimiter({ perSecond: 5, slip: 2 }, 100);
    for (let i = 0; i < 10_000; i += 1) rrl.decide(`10.0.${i >> 8}.${i & 255}`, i);
    expect(rrl.tracked).toBeLessThanOrEqual(100);
  });
});
