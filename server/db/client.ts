import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions, type QueryOptions, type Results } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, SQL, SQLWrapper } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../lib/paths.js';
import { runsAfterCommit } from './after-commit.js';
import { preparedStatements } from './pglite-prepared.mjs';
import { PGliteThread, type ThreadOptions } from './pglite-thread.js';
import { prepareByName, RECYCLE_AFTER } from './prepared.js';
import { RAW_DATES } from './raw-dates.mjs';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that can run a query: the database or an open transaction. */
export type Queryable = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL URL (unset on PGlite): other connections of this process (cache invalidation) use it. */
  url?: string;
  /** Where /api/ready asks whether the database answers: on PostgreSQL a connection of its own, so that a pool busy with requests does not read as a database away. */
  probe: Db;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = migrationsDir;

/**
 * A PGlite instance with the extensions the migrations use (pg_trgm: the users search's trigram index). Every PGlite
 * of the project opens through here: without the extension loaded, the migrations and the search index fail.
 */
export const openPglite = (dataDir?: string, options: PGliteOptions = {}) =>
  PGlite.create(dataDir, { ...options, extensions: { ...options.extensions, pg_trgm } });

/**
 * Whoever watches the statements sent (the API tests' statement budgets, tests/api/statements.ts, and their SQL
 * coverage, tests/api/sql-coverage.ts): each called with each statement's SQL text as it goes to the database,
 * `begin`, `commit` and `rollback` included, on both engines. None outside tests, where watching costs one comparison
 * per statement. Returns what stops this watcher.
 */
const watchers = new Set<(sql: string) => void>();
export function watchStatements(fn: (sql: string) => void): () => void {
  watchers.add(fn);
  return () => void watchers.delete(fn);
}
const watched = (query: unknown) => {
  if (watchers.size === 0) return;
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  for (const watcher of watchers) watcher(typeof text === 'string' ? text : '');
};

type Sends = { query: (...args: never[]) => Promise<unknown>; exec: (...args: never[]) => Promise<unknown> };
/** `target`'s query and exec, each told to the watcher first. */
function watchSends<T extends Sends>(target: T): T {
  const query = target.query.bind(target) as (...args: unknown[]) => Promise<unknown>;
  const exec = target.exec.bind(target) as (...args: unknown[]) => Promise<unknown>;
  return Object.assign(target, {
    query: (...args: unknown[]) => (watched(args[0]), query(...args)),
    exec: (...args: unknown[]) => (watched(args[0]), exec(...args)),
  });
}

/** A PGlite client (in this thread or another) whose every statement the watcher hears, those of its transactions too. */
function watchPglite<T extends PGlite | PGliteThread>(client: T): T {
  type Transaction = (fn: (tx: Sends) => Promise<unknown>) => Promise<unknown>;
  const transaction = (client.transaction as unknown as Transaction).bind(client);
  watchSends(client as unknown as Sends);
  (client as unknown as { transaction: Transaction }).transaction = (fn) => {
    if (watchers.size === 0) return transaction(fn);
    let failed = false;
    watched('begin');
    return transaction((tx) =>
      fn(watchSends(tx)).catch((err: unknown) => ((failed = true), Promise.reject(err))),
    ).finally(() => watched(failed ? 'rollback' : 'commit'));
  };
  return client;
}

/**
 * The client's own parsers answer as drizzle asks (raw-dates.mjs), and each statement's copy of that request is
 * dropped. Nothing else reads dates from this client (queryText reads text; backup/pglite.ts, a version string).
 */
function answersRawDates(client: PGlite): void {
  Object.assign(client.parsers, RAW_DATES);
  type Query = (text: string, params?: unknown[], options?: { parsers?: unknown }) => Promise<unknown>;
  type Transaction = (fn: (tx: { query: Query }) => Promise<unknown>) => Promise<unknown>;
  const withoutParsers =
    (query: Query): Query =>
    (text, params, options) =>
      query(text, params, options?.parsers ? { ...options, parsers: undefined } : options);
  const target = client as unknown as { query: Query; transaction: Transaction };
  target.query = withoutParsers(target.query.bind(client));
  const transaction = target.transaction.bind(client);
  target.transaction = (fn) => transaction((tx) => fn(Object.assign(tx, { query: withoutParsers(tx.query.bind(tx)) })));
}

/**
 * Statements with parameters prepared by name, once (pglite-prepared.mjs), as the PGlite thread runs them: the same
 * locks as PGlite's own query() (a statement outside a transaction waits for the open one to end).
 */
function preparesByName(client: PGlite): void {
  type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;
  type Transaction = (fn: (tx: { query: Query; closed: boolean }) => Promise<unknown>) => Promise<unknown>;
  const tryPrepared = preparedStatements(client);
  const target = client as unknown as { query: Query; transaction: Transaction };
  const query = target.query.bind(client);
  target.query = async (text, params, options) =>
    (await client._checkReady(),
    await client._runExclusiveTransaction(() => client._runExclusiveQuery(() => tryPrepared(text, params, options)))) ??
    query(text, params, options);
  const transaction = target.transaction.bind(client);
  target.transaction = (fn) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      return fn(
        Object.assign(tx, {
          query: async (text: string, params?: unknown[], options?: QueryOptions) =>
            (!tx.closed && (await client._runExclusiveQuery(() => tryPrepared(text, params, options)))) ||
            txQuery(text, params, options),
        }),
      );
    });
}

export function fromPglite(client: PGlite): Database {
  preparesByName(client);
  answersRawDates(client);
  watchPglite(client);
  const db = runsAfterCommit(drizzlePglite(client, { schema }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    probe: db,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

/** PGlite run in a worker thread (pglite-thread.ts): the same database, its work beside the HTTP thread's. */
export function fromPgliteThread(client: PGliteThread): Database {
  watchPglite(client);
  const db = runsAfterCommit(drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    probe: db,
    migrate: () => migratePglite(drizzlePglite(client as unknown as PGlite, { schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

const LOST_LOG_MS = 5000;

/**
 * A connection cut by the server (a restart, a failover, `pg_terminate_backend`) emits 'error' on its client. pg-pool
 * listens only while the client is idle in the pool; a client checked out, in or out of a transaction, has no listener
 * then, and an 'error' event with none ends the process. So each client gets its own listener when it connects: the
 * error is already the answer of whatever runs on it (its next query fails, and the pool drops the client when it is
 * released). `onLost` hears each loss once (a log line).
 */
export function fromPostgres(url: string, max = 10, onLost: (err: Error) => void = () => {}): Database {
  const pool = new pg.Pool({ connectionString: url, max, maxUses: RECYCLE_AFTER });
  pool.on('error', () => {}); // an idle client's: it is the same error its own listener below hears
  const probePool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 30_000 });
  probePool.on('error', () => {});
  probePool.on('connect', (client) => {
    client.on('error', () => {});
    watchQueries(client);
  });
  let heardAt = 0;
  const lost = (err: Error) => {
    // A restart cuts every connection at once: one line for the lot.
    if (Date.now() - heardAt > LOST_LOG_MS) onLost(err);
    heardAt = Date.now();
  };
  pool.on('connect', (client) => {
    client.once('error', lost);
    client.on('error', () => {});
    prepareByName(client);
    releaseOnFailedBegin(client);
  });
  const db = runsAfterCommit(drizzlePg(pool, { schema }) as unknown as Db);
  return {
    db,
    kind: 'postgres',
    url,
    probe: drizzlePg(probePool, { schema }) as unknown as Db,
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
    close: async () => {
      await Promise.all([pool.end(), probePool.end()]);
    },
  };
}

/** A pooled client whose every statement the watchers hear. */
function watchQueries(client: pg.PoolClient) {
  const query = client.query as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => (watched(args[0]), query.apply(client, args));
}

/**
 * drizzle-orm's transaction on a pool (0.45) sends `begin` before its try block: when `begin` fails (its connection was
 * just cut) the client is never released, and the pool has one connection fewer for good, until every request waits
 * for one that never comes. So a failed `begin` releases its client here, with the error (the pool drops it); drizzle
 * throws that error and touches the client no more. Nothing else of the app sends `begin` on a pooled client.
 */
function releaseOnFailedBegin(client: pg.PoolClient) {
  const query = client.query as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    watched(args[0]);
    const result = query.apply(client, args);
    const first = args[0] as { text?: unknown } | string | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (typeof text !== 'string' || !/^\s*begin\b/i.test(text) || !(result instanceof Promise)) return result;
    return result.catch((err: Error) => {
      client.release(err);
      throw err;
    });
  };
}

/** PostgreSQL at `databaseUrl`, else PGlite under `dataDir` (in a worker thread with `thread`: the server's choice). */
export async function openDatabase(
  opts: { databaseUrl?: string; dataDir: string },
  {
    thread = false,
    onLost,
    threadOptions,
  }: { thread?: boolean; onLost?: (err: Error) => void; threadOptions?: ThreadOptions } = {},
): Promise<Database> {
  if (opts.databaseUrl) return fromPostgres(opts.databaseUrl, 10, onLost);
  const dir = path.join(opts.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  return thread ? fromPgliteThread(await PGliteThread.create(dir, threadOptions)) : fromPglite(await openPglite(dir));
}

/** Raw SQL rows, the same on both drivers (each answers with `{ rows }`). */
export async function queryRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Writes whose answers nobody reads (an event, an audit row, a status set) as data-modifying CTEs, for `tx.with(...)`
 * before the statement they go with: one round trip for all. Every part of that statement sees the database as it was
 * before it, so none may depend on another's effect (foreign keys are checked at its end, so a row may refer to one
 * inserted beside it).
 */
export const alongside = (db: Queryable, writes: readonly SQLWrapper[]) =>
  writes.map((w, i) => db.$with(`w${i}`, {}).as(w.getSQL()));

const dialect = new PgDialect();

/**
 * The one text value a statement answers, through the driver itself: no row mapping. For hot reads whose
 * JSON the database renders (see orders/list-json.ts). The statement is prepared by name on PostgreSQL,
 * so its SQL text must be the same every time a `name` is used.
 */
export async function queryText(db: Db, name: string, query: SQL): Promise<string> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite || client instanceof PGliteThread) {
    const result = await client.query<Record<string, string>>(text, params, { rowMode: 'object' });
    return firstValue(result.rows);
  }
  if (client instanceof pg.Pool) {
    const result = await client.query<Record<string, string>>({ name, text, values: params });
    return firstValue(result.rows);
  }
  throw new Error('queryText: unknown database client');
}

function firstValue(rows: Record<string, string>[]): string {
  const value = rows[0] && Object.values(rows[0])[0];
  if (typeof value !== 'string') throw new Error('queryText: the statement must return one text value');
  return value;
}
