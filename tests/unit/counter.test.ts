import { describe, expect, it, vi } from 'vitest';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { Counter, EXACT_COUNT_LIMIT } from '../../server/lib/list.js';
import { orders } from '../../server/db/schema.js';
import type { Queryable } from '../../server/db/client.js';

const dialect = new PgDialect();

/** A stand-in database answering the exact probe with `n` and the planner with `planned` rows. */
function fakeDb(n: number, planned = 0) {
  const execute = vi.fn(async (query: SQL) => {
    return dialect.sqlToQuery(query).sql.startsWith('explain')
      ? { rows: [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': planned } }] }] }
      : { rows: [{ n: String(n) }] };
  });
  return { db: { execute } as unknown as Queryable, execute };
}

describe('Counter', () => {
  it('reuses an exact count within its time to live and recounts after a write', async () => {
    const { db, execute } = fakeDb(42);
    const counter = new Counter({ exactTtlMs: 60_000, keepExactFrom: 0 });
    expect(await counter.count(db, orders, undefined, 'a')).toEqual({ total: 42, totalIsEstimate: false });
    await counter.count(db, orders, undefined, 'a');
    expect(execute).toHaveBeenCalledTimes(1);
    await counter.count(db, orders, undefined, 'b');
    expect(execute).toHaveBeenCalledTimes(2);
    counter.touch();
    await counter.count(db, orders, undefined, 'a');
    expect(execute).toHaveBeenCalledTimes(3);
  });

  it('never keeps a count below keepExactFrom (1,000 by default): another process’s write shows at the next call', async () => {
    const small = fakeDb(999);
    const counter = new Counter({ exactTtlMs: 60_000 });
    await counter.count(small.db, orders, undefined, 'a');
    await counter.count(small.db, orders, undefined, 'a');
    expect(small.execute).toHaveBeenCalledTimes(2);
    const large = fakeDb(1000);
    await counter.count(large.db, orders, undefined, 'a');
    await counter.count(large.db, orders, undefined, 'a');
    expect(large.execute).toHaveBeenCalledTimes(1);
  });

  it('recounts every time when exact counts are not to be kept', async () => {
    const { db, execute } = fakeDb(7);
    const counter = new Counter({ exactTtlMs: 0 });
    await counter.count(db, orders, undefined, 'a');
    await counter.count(db, orders, undefined, 'a');
    expect(execute).toHaveBeenCalledTimes(2);
  });

  it('past the exact limit answers the planner estimate, flagged, and never less than the rows it saw', async () => {
    const counter = new Counter();
    const big = fakeDb(EXACT_COUNT_LIMIT + 1, 987_654);
    expect(await counter.count(big.db, orders, undefined, 'x')).toEqual({ total: 987_654, totalIsEstimate: true });
    const stale = fakeDb(EXACT_COUNT_LIMIT + 1, 12);
    expect(await counter.count(stale.db, orders, undefined, 'x')).toEqual({
      total: EXACT_COUNT_LIMIT + 1,
      totalIsEstimate: true,
    });
  });

  it('remembers a bounded number of filters, forgetting the oldest first', async () => {
    const { db, execute } = fakeDb(1);
    const counter = new Counter({ exactTtlMs: 60_000, keepExactFrom: 0 });
    for (let i = 0; i < 501; i++) await counter.count(db, orders, undefined, `q${i}`);
    expect(execute).toHaveBeenCalledTimes(501);
    await counter.count(db, orders, undefined, 'q500');
    expect(execute).toHaveBeenCalledTimes(501);
    await counter.count(db, orders, undefined, 'q0');
    expect(execute).toHaveBeenCalledTimes(502);
  });
});
