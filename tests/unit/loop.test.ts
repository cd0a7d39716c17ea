/** Background loops (server/lib/loop.ts): a failing pass backs off, and the loop resumes by itself once it passes. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffMs, BACKOFF_CAP_MS, startLoop } from '../../server/lib/loop.js';

describe('backoffMs', () => {
  it('keeps the interval while passes go well, doubles it after each failure, up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((f) => backoffMs(500, f))).toEqual([500, 500, 1000, 2000, 4000, 5000, 5000]);
    expect(BACKOFF_CAP_MS).toBe(5000);
  });

  it('never waits less than the interval of a slow loop', () => {
    expect(backoffMs(60_000, 3)).toBe(60_000);
  });
});

describe('startLoop', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('after failed passes waits longer each time, then goes back to its interval once a pass succeeds', async () => {
    vi.useFakeTimers();
    const starts: number[] = [];
    let failing = 3;
    const errors: unknown[] = [];
    const loop = startLoop(
      async () => {
        starts.push(Date.now());
        if (failing-- > 0) throw new Error('Connection terminated unexpectedly');
      },
      100,
      (err) => errors.push(err),
    );
    await vi.advanceTimersByTimeAsync(2000);
    await loop.stop();
    const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
    // Three failures (waits 100, 200, 400), then passes every 100 ms.
    expect(gaps.slice(0, 5)).toEqual([100, 200, 400, 100, 100]);
    expect(errors).toHaveLength(3);
  });

  it('stop waits for the running pass and runs no more', async () => {
    let finish!: () => void;
    let passes = 0;
    const loop = startLoop(
      () => {
        passes++;
        return new Promise<void>((r) => (finish = r));
      },
      10,
      () => {},
    );
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 30));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await new Promise((r) => setTimeout(r, 30));
    expect(passes).toBe(1);
  });
});
