import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListTotal as Total } from '../../src/common/list.js';
import { queryRows, type Queryable } from '../db/client.js';
import { cachesTrusted, caughtUp, invalidated, onInvalidation } from './invalidation.js';

/** Exact counts stop here; past it a list reports the planner's estimate (PRODUCT.md, Limits). */
export const EXACT_COUNT_LIMIT = 10_000;

type CacheEntry = { value: object | number; at: number; ttl: number; generation: number };

/** Bumped when any process reports a write (lib/invalidation.ts): every Counter's kept figures are then stale. */
let generation = 0;
/** Bumped by the same reports and by a write here (any Counter's `touch`): see `countsVersion`. */
let version = 0;
onInvalidation((event) => {
  if (event === 'counts' || event === 'all') {
    generation += 1;
    version += 1;
  }
});

/** Changes whenever counted rows may have changed, here or in another process: for caches of what such rows hold. */
export const countsVersion = () => version;

type CounterOptions = {
  /** How long a planner estimate (past EXACT_COUNT_LIMIT) is reused. */
  estimateTtlMs?: number;
  /** How long an exact count is reused; 0 recounts on every call (a queue whose rows change under it). */
  exactTtlMs?: number;
  /**
   * Exact counts below this are never reused: counting them costs about what a cache hit's check does on PostgreSQL
   * (`caughtUp`, a round trip), and a write made outside the app (a seed, a script, direct SQL) shows at once.
   */
  keepExactFrom?: number;
};

/** Distinct filters remembered at most; searches are free text, so the cache must not grow without bound. */
const MAX_CACHED_FILTERS = 500;

/**
 * Counts rows matching a filter: exactly up to EXACT_COUNT_LIMIT, past that the planner's estimate.
 * Counts are kept a few seconds per filter and dropped when this process writes the table (`touch`), and on every
 * other process as soon as the write is published (lib/invalidation.ts), so that paging or searching a million-row
 * list does not recount on every request.
 */
export class Counter {
  private cache = new Map<string, CacheEntry>();
  private readonly estimateTtlMs: number;
  private readonly exactTtlMs: number;
  private readonly keepExactFrom: number;
  constructor(opts: CounterOptions = {}) {
    this.estimateTtlMs = opts.estimateTtlMs ?? 10_000;
    this.exactTtlMs = opts.exactTtlMs ?? 2_000;
    this.keepExactFrom = opts.keepExactFrom ?? 1_000;
  }

  touch() {
    version += 1;
    this.cache.clear();
    invalidated('counts');
  }

  async count(db: Queryable, table: PgTable, where: SQL | undefined, filterKey: string): Promise<Total> {
    return this.cached(
      `${dbId(db)}:${filterKey}`,
      async () => {
        const cond = where ? sql`where ${where}` : sql``;
        // The limit is written in the statement, not bound: a prepared statement's generic plan guesses that a bound
        // limit keeps a tenth of the rows, and then prefers reading the table in order to an index lookup of a rare match.
        const probe = await queryRows<{ n: number | string }>(
          db,
          sql`select count(*) as n from (select 1 from ${table} ${cond} limit ${sql.raw(String(EXACT_COUNT_LIMIT + 1))}) t`,
        );
        const exact = Number(probe[0]?.n ?? 0);
        if (exact <= EXACT_COUNT_LIMIT) return { total: exact, totalIsEstimate: false };
        const plan = await queryRows<{ 'QUERY PLAN': unknown }>(
          db,
          sql`explain (format json) select 1 from ${table} ${cond}`,
        );
        return { total: Math.max(planRows(plan[0]?.['QUERY PLAN']), exact), totalIsEstimate: true };
      },
      (total) => (total.totalIsEstimate ? this.estimateTtlMs : total.total >= this.keepExactFrom ? this.exactTtlMs : 0),
    );
  }

  /**
   * The sum of an integer column over a filter, kept and dropped like the counts. It reads every matching row, so
   * over a filter whose count is an estimate (`large`) it is kept as long as an estimate is.
   */
  async sum(
    db: Queryable,
    table: PgTable,
    column: PgColumn,
    where: SQL | undefined,
    filterKey: string,
    large = false,
  ): Promise<number> {
    return this.cached(
      `${dbId(db)}:sum ${column.name}:${filterKey}`,
      async () => {
        const rows = await queryRows<{ s: number | string | null }>(
          db,
          sql`select coalesce(sum(${column}), 0) as s from ${table} ${where ? sql`where ${where}` : sql``}`,
        );
        return Number(rows[0]?.s ?? 0);
      },
      () => (large ? this.estimateTtlMs : this.exactTtlMs),
    );
  }

  /**
   * Figures computed over a filter (e.g. its revenue), kept only over a large filter (`large`: its count is an
   * estimate), as long as an estimate is: a small one is computed afresh, so a write shows at once.
   */
  async remember<T extends object>(
    db: Queryable,
    name: string,
    filterKey: string,
    large: boolean,
    compute: () => Promise<T>,
  ): Promise<T> {
    return this.cached(`${dbId(db)}:${name}:${filterKey}`, compute, () => (large ? this.estimateTtlMs : 0));
  }

  private async cached<T extends object | number>(
    key: string,
    compute: () => Promise<T>,
    ttlOf: (value: T) => number,
  ): Promise<T> {
    const fresh = (entry: CacheEntry | undefined): entry is CacheEntry =>
      !!entry && entry.generation === generation && Date.now() - entry.at < entry.ttl && cachesTrusted();
    if (fresh(this.cache.get(key))) {
      await caughtUp(); // a write committed on another process has dropped the entry by then
      const hit = this.cache.get(key);
      if (fresh(hit)) return (typeof hit.value === 'number' ? hit.value : { ...hit.value }) as T;
    }
    const seen = generation;
    const value = await compute();
    const ttl = ttlOf(value);
    if (ttl > 0) {
      this.cache.delete(key);
      if (this.cache.size >= MAX_CACHED_FILTERS) this.cache.delete(this.cache.keys().next().value!);
      // Counted before a write elsewhere was reported: `seen` keeps it stale.
      this.cache.set(key, { value, at: Date.now(), ttl, generation: seen });
    }
    return value;
  }
}

const dbIds = new WeakMap<object, number>();
let lastDbId = 0;
/** Cached counts belong to one database: tests and benchmarks open several in one process. */
export function dbId(db: object): number {
  let id = dbIds.get(db);
  if (id === undefined) dbIds.set(db, (id = ++lastDbId));
  return id;
}

function planRows(plan: unknown): number {
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const rows = Array.isArray(parsed) ? parsed[0]?.Plan?.['Plan Rows'] : undefined;
  return typeof rows === 'number' ? Math.round(rows) : 0;
}
