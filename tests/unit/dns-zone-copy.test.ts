import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZoneCopy } from '../../server/modules/domain/dns/zone-copy.js';
import type { RecordsMessage } from '../../server/modules/domain/dns/protocol.js';
import { buildIndex } from '../../server/modules/domain/dns/zone-index.js';

let now = 0;
let asked: [number, number][] = [];
let writes = 0;
let copy: ZoneCopy;
const build = vi.fn((m: RecordsMessage) => buildIndex(m.rows ?? [], m.serial, ['rwa.test'], []));
const records = (seq: number, generation: number, rows = true): RecordsMessage => ({
  type: 'records',
  seq,
  generation,
  loadedAt: now,
  serial: 1,
  rows: rows ? [{ domain: 'www.rwa.test', type: 'A', value: '192.0.2.1', ttl: 60 }] : undefined,
});

beforeEach(() => {
  vi.useFakeTimers();
  now = 0;
  writes = 0;
  asked = [];
  build.mockClear();
  copy = new ZoneCopy(
    (seq, generation) => asked.push([seq, generation]),
    build,
    () => writes,
    () => now,
  );
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the DNS worker's copy of the records", () => {
  it('waits for the first copy, then answers from it for 500 ms without asking', async () => {
    const first = copy.get();
    expect(asked).toEqual([[0, -1]]);
    copy.received(records(0, 0));
    const index = await first;
    expect(index?.byName.get('www.rwa.test')).toHaveLength(1);
    now = 499;
    expect(copy.get()).toBe(index);
    expect(asked).toHaveLength(1);
  });

  it('answers from a copy up to 900 ms old while asking for a fresh one, once; past that it waits', async () => {
    void copy.get();
    copy.received(records(0, 0));
    now = 600;
    const index = copy.get();
    expect(index).not.toBeInstanceOf(Promise);
    copy.get();
    expect(asked).toEqual([
      [0, -1],
      [0, 0],
    ]);
    now = 950;
    expect(copy.get()).toBeInstanceOf(Promise);
  });

  it('keeps its index when the generation did not change (no rows sent)', async () => {
    void copy.get();
    copy.received(records(0, 0));
    now = 1000;
    const waiting = copy.get();
    copy.received(records(0, 0, false));
    await waiting;
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('once a write is counted, waits for a copy read after it', async () => {
    void copy.get();
    copy.received(records(0, 0));
    writes = 1;
    const waiting = copy.get();
    expect(asked.at(-1)).toEqual([1, 0]);
    copy.received(records(0, 1)); // an answer to the request made before the mark: not enough
    expect(asked.at(-1)).toEqual([1, 1]);
    copy.received(records(1, 2));
    expect(await waiting).not.toBeNull();
  });

  it('gives up after 2 s (SERVFAIL) when no copy comes, or when reading failed', async () => {
    const waiting = copy.get();
    vi.advanceTimersByTime(2000);
    expect(await waiting).toBeNull();
    const again = copy.get();
    copy.failed();
    expect(await again).toBeNull();
  });
});
