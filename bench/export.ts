/**
 * npm run bench:export: the orders list's CSV (GET /api/orders/export.csv) and `npm run export`'s file at scale.
 * Per engine: a database with db.json and N generated orders (default 1,000,000; the seed's set-based generator), the
 * real server in its own process, one download of the whole orders CSV, with the server's resident memory sampled
 * every 100 ms before, during and after; then the file export (export.ts) timed in this process with its memory.
 * Options: -- --engines=pglite,postgres --orders=N --reuse=<postgres url> (a database already seeded: not dropped).
 * PostgreSQL: BENCH_DATABASE_URL, DATABASE_URL or the local default; this bench's own database is rwa_bench_export.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { fromPglite, fromPostgres, queryRows, type Database } from '../server/db/client.js';
import { exportDatabase } from '../server/db/seed/export.js';
import { generateOrders, seedFromFile } from '../server/db/seed/seed.js';
import { startServerProcess } from '../scripts/server-process.js';
import { postgresTarget, table, type Engine } from './lib.js';

const { values } = parseArgs({ options: { engines: { type: 'string', default: 'pglite,postgres' }, orders: { type: 'string', default: '1000000' }, reuse: { type: 'string' } } });
const engines = values.engines.split(',') as Engine[];
const orders = Number(values.orders);
const MB = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** A process's resident memory, from /proc (Linux). */
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

async function adminQuery(url: string, statements: string[]) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (const s of statements) await c.query(s);
  } finally {
    await c.end();
  }
}

async function open(engine: Engine): Promise<{ database: Database; env: Record<string, string>; fresh: boolean; dispose(): Promise<void> }> {
  if (engine === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-bench-export-'));
    fs.mkdirSync(path.join(dir, 'pglite'));
    const database = fromPglite(await PGlite.create(path.join(dir, 'pglite')));
    return { database, env: { DATA_DIR: dir }, fresh: true, dispose: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  if (values.reuse) return { database: fromPostgres(values.reuse), env: { DATABASE_URL: values.reuse }, fresh: false, dispose: async () => {} };
  const server = postgresTarget().url;
  await adminQuery(server, ['DROP DATABASE IF EXISTS rwa_bench_export WITH (FORCE)', 'CREATE DATABASE rwa_bench_export']);
  const url = new URL(server);
  url.pathname = '/rwa_bench_export';
  return {
    database: fromPostgres(url.toString()), env: { DATABASE_URL: url.toString() }, fresh: true,
    dispose: () => adminQuery(server, ['DROP DATABASE IF EXISTS rwa_bench_export WITH (FORCE)']),
  };
}

async function run(engine: Engine) {
  const target = await open(engine);
  let database: Database | null = target.database;
  if (target.fresh) {
    await database.migrate();
    await seedFromFile(database.db, 'db.json', { log: () => {} });
    await generateOrders(database.db, orders, { log: (m) => console.log(`${engine}: ${m}`) });
  }
  const [{ n }] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from orders`) as [{ n: number }];
  if (engine === 'pglite') {
    await database.close();
    database = null;
  }
  const server = await startServerProcess({ ...target.env, SEED_ON_EMPTY: 'false', MINT_WORKER: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'development' });
  const row: Record<string, string | number> = { engine, orders: n };
  try {
    const login = await fetch(`${server.baseUrl}/api/admin/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@rwa.dev', password: 'rwa-dev-password' }),
    });
    const token = ((await login.json()) as { token: string }).token;
    await new Promise((r) => setTimeout(r, 2_000));
    const before = rssOf(server.pid);
    let peak = before;
    const sampler = setInterval(() => { peak = Math.max(peak, rssOf(server.pid)); }, 100);
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}/api/orders/export.csv`, { headers: { authorization: `Bearer ${token}` } });
    let lines = 0;
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const rows = lines - 1;
    Object.assign(row, {
      'csv rows': rows, 'csv MB': MB(bytes), 'csv s': seconds.toFixed(1), 'rows/s': Math.round(rows / seconds),
      'server RSS before MB': MB(before), 'peak MB': MB(peak), 'after MB': MB(rssOf(server.pid)),
    });
    if (rows !== n) throw new Error(`${engine}: the CSV has ${rows} rows, the database ${n} orders`);
  } finally {
    await server.stop();
  }
  // The file export, in this process: its memory is this process's.
  database ??= engine === 'pglite' ? fromPglite(await PGlite.create(path.join(target.env.DATA_DIR!, 'pglite'))) : target.database;
  let fileBytes = 0;
  const sink = new Writable({ write(chunk: Buffer, _enc, done) { fileBytes += chunk.length; done(); } });
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => { rssPeak = Math.max(rssPeak, process.memoryUsage().rss); }, 100);
  const t0 = performance.now();
  await exportDatabase(database.db, sink);
  clearInterval(sampler);
  Object.assign(row, { 'export s': ((performance.now() - t0) / 1000).toFixed(1), 'export MB': MB(fileBytes), 'export RSS peak MB': MB(rssPeak), 'export RSS before MB': MB(rssBefore) });
  await database.close();
  await target.dispose();
  return row;
}

const rows: Record<string, string | number>[] = [];
for (const engine of engines) {
  const r = await run(engine);
  console.log(JSON.stringify(r));
  rows.push(r);
}
console.log(table(rows));
