import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ListTotal as Total } from '../../src/common/list.js';
import { queryRows, type Queryable } from '../db/client.js';

/** Exact counts stop here; past it a list reports the planner's estimate (DESIGN.md, API conventions). */
export const EXACT_COUNT_LIMIT = 10_000;

type CacheEntry = Total & { at: number };

type CounterOptions = {
  /** How long a planner estimate (past EXACT_COUNT_LIMIT) is reused. */
  estimateTtlMs?: number;
  /** How long an exact count is reused; 0 recounts on every call (a queue whose rows change under it). */
  exactTtlMs?: number;
};

/** Distinct filters remembered at most; searches are free text, so the cache must not grow without bound. */
const MAX_CACHED_FILTERS = 500;

/**
 * Counts rows matching a filter: exactly up to EXACT_COUNT_LIMIT, past that the planner's estimate.
 * Counts are kept a few seconds per filter and dropped when this process writes the table (`touch`),
 * so that paging or searching a million-row list does not recount on every request.
 */
export class Counter {
  private cache = new Map<string, CacheEntry>();
  private readonly estimateTtlMs: number;
  private readonly exactTtlMs: number;
  constructor(opts: CounterOptions = {}) {
    this.estimateTtlMs = opts.estimateTtlMs ?? 10_000;
    this.exactTtlMs = opts.exactTtlMs ?? 2_000;
  }

  touch() {
    this.cache.clear();
  }

  async count(db: Queryable, table: PgTable, where: SQL | undefined, filterKey: string): Promise<Total> {
    const key = `${dbId(db)}:${filterKey}`;
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < this.ttlOf(hit)) {
      return { total: hit.total, totalIsEstimate: hit.totalIsEstimate };
    }
    const cond = where ? sql`where ${where}` : sql``;
    const probe = await queryRows<{ n: number | string }>(db,
      sql`select count(*) as n from (select 1 from ${table} ${cond} limit ${EXACT_COUNT_LIMIT + 1}) t`);
    const exact = Number(probe[0]?.n ?? 0);
    let result: Total = { total: exact, totalIsEstimate: false };
    if (exact > EXACT_COUNT_LIMIT) {
      const plan = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) select 1 from ${table} ${cond}`);
      result = { total: Math.max(planRows(plan[0]?.['QUERY PLAN']), exact), totalIsEstimate: true };
    }
    if (this.ttlOf(result) > 0) this.remember(key, result);
    return result;
  }

  private ttlOf(total: Total) {
    return total.totalIsEstimate ? this.estimateTtlMs : this.exactTtlMs;
  }

  private remember(key: string, total: Total) {
    this.cache.delete(key);
    if (this.cache.size >= MAX_CACHED_FILTERS) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, { ...total, at: Date.now() });
  }
}

const dbIds = new WeakMap<object, number>();
let lastDbId = 0;
/** Cached counts belong to one database: tests and benchmarks open several in one process. */
function dbId(db: object): number {
  let id = dbIds.get(db);
  if (id === undefined) dbIds.set(db, (id = ++lastDbId));
  return id;
}

function planRows(plan: unknown): number {
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const rows = Array.isArray(parsed) ? parsed[0]?.Plan?.['Plan Rows'] : undefined;
  return typeof rows === 'number' ? Math.round(rows) : 0;
}
