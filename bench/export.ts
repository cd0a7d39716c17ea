/**
 * npm run bench:export: the orders list's CSV (GET /api/orders/export.csv) and `npm run export`'s file at scale.
 * Per engine: a database with db.json and N generated orders (default 1,000,000; the seed's set-based generator), the
 * real server in its own process, one download of the whole orders CSV, with the server's resident memory sampled
 * every 100 ms before, during and after; then the file export (export.ts) timed in this process with its memory.
 * Options: -- --engines=pglite,postgres --orders=N --reuse=<postgres url | pglite data directory> (seeded once, kept).
 * PostgreSQL: BENCH_DATABASE_URL, DATABASE_URL or the local default; this bench's own database is rwa_bench_export.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { fromPglite, fromPostgres, openPglite, queryRows, type Database } from '../server/db/client.js';
import { exportDatabase } from '../server/seed/export.js';
import { generateOrders, seedFromFile } from '../server/seed/seed.js';
import { startServerProcess } from '../scripts/server-process.js';
import { freshDatabase, postgresTarget, table, type Engine } from './lib.js';

const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'pglite,postgres' },
    orders: { type: 'string', default: '1000000' },
    reuse: { type: 'string' },
  },
});
const engines = values.engines.split(',') as Engine[];
const orders = Number(values.orders);
const MB = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** A process's resident memory, from /proc (Linux). */
/** A process's CPU time (user + system, all its threads) in seconds, from /proc: what the machine's load does not inflate. */
const cpuOf = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** Whether a kept database (--reuse) was seeded by an earlier run. */
async function seeded(database: Database) {
  const [{ n }] = (await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from information_schema.tables where table_name = 'orders'`,
  )) as [{ n: number }];
  return n > 0;
}

/**
 * The database to export, opened as the app opens it (openPglite loads the extensions the migrations use): a fresh one
 * (freshDatabase), or with --reuse one already seeded and kept (a PostgreSQL URL or a PGlite data directory).
 */
async function open(
  engine: Engine,
): Promise<{ database: Database; env: Record<string, string>; fresh: boolean; dispose(): Promise<void> }> {
  if (values.reuse && engine === 'postgres' && /^postgres(ql)?:/.test(values.reuse)) {
    const database = fromPostgres(values.reuse);
    return {
      database,
      env: { DATABASE_URL: values.reuse },
      fresh: !(await seeded(database)),
      dispose: () => database.close(),
    };
  }
  if (values.reuse && engine === 'pglite' && !/^postgres(ql)?:/.test(values.reuse)) {
    const dir = path.resolve(values.reuse);
    fs.mkdirSync(path.join(dir, 'pglite'), { recursive: true });
    const database = fromPglite(await openPglite(path.join(dir, 'pglite')));
    return { database, env: { DATA_DIR: dir }, fresh: !(await seeded(database)), dispose: async () => {} };
  }
  const fresh = await freshDatabase(engine, postgresTarget().url, 'rwa_bench_export');
  if (engine === 'postgres') return { ...fresh, fresh: true };
  // PGlite: the bench closes and opens the database itself around the server's run; only the directory is left.
  return {
    ...fresh,
    fresh: true,
    dispose: async () => fs.rmSync(fresh.env.DATA_DIR!, { recursive: true, force: true }),
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
  const [{ n }] = (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from orders`)) as [
    { n: number },
  ];
  if (engine === 'pglite') {
    await database.close();
    database = null;
  }
  const server = await startServerProcess({
    ...target.env,
    SEED_ON_EMPTY: 'false',
    MINT_WORKER: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  });
  // The machine's load beside the numbers: on a shared machine the wall times say as much about it as about the code.
  const row: Record<string, string | number> = { engine, orders: n, 'load 1m': os.loadavg()[0]!.toFixed(1) };
  try {
    const login = await fetch(`${server.baseUrl}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@rwa.dev', password: 'rwa-dev-password' }),
    });
    const token = ((await login.json()) as { token: string }).token;
    await new Promise((r) => setTimeout(r, 2_000));
    const before = rssOf(server.pid);
    const cpuBefore = cpuOf(server.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(server.pid));
    }, 100);
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}/api/orders/export.csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
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
      'csv rows': rows,
      'csv MB': MB(bytes),
      'csv s': seconds.toFixed(1),
      'rows/s': Math.round(rows / seconds),
      'server CPU s': (cpuOf(server.pid) - cpuBefore).toFixed(1),
      'server RSS before MB': MB(before),
      'peak MB': MB(peak),
      'after MB': MB(rssOf(server.pid)),
    });
    if (rows !== n) throw new Error(`${engine}: the CSV has ${rows} rows, the database ${n} orders`);
  } finally {
    await server.stop();
  }
  // The file export, in this process: its memory is this process's.
  database ??=
    engine === 'pglite' ? fromPglite(await openPglite(path.join(target.env.DATA_DIR!, 'pglite'))) : target.database;
  let fileBytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      fileBytes += chunk.length;
      done();
    },
  });
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 100);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await exportDatabase(database.db, sink);
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sampler);
  Object.assign(row, {
    'export s': ((performance.now() - t0) / 1000).toFixed(1),
    'export CPU s': ((cpu.user + cpu.system) / 1e6).toFixed(1),
    'export MB': MB(fileBytes),
    'export RSS peak MB': MB(rssPeak),
    'export RSS before MB': MB(rssBefore),
  });
  if (engine === 'pglite') await database.close();
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
