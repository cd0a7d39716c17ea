/**
 * npm run bench [-- --sizes=200000,1000000] [-- --engines=pglite,postgres] [-- --quick]
 * For each engine and size: a fresh database, migrate, db.json, generated orders up to the size, then
 * autocannon against the order list (by status, and by a customer-email prefix). PostgreSQL runs when
 * BENCH_DATABASE_URL / DATABASE_URL is set or a server answers at the default URL; it uses a dedicated
 * database `rwa_bench` there, dropped afterwards. Results: a table here and JSON in bench/results/.
 * Any non-2xx answer or socket error fails the run (exit code 1).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { generateOrders, seedFromFile } from '../server/db/seed/seed.js';
import { autocannon, freshDatabase, postgresReachable, postgresTarget, table, type Engine, type Fresh, type LoadResult } from './lib.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = 10;

type Run = { engine: Engine; size: number; seedSeconds: number; endpoint: string } & LoadResult;

async function main() {
  const { values } = parseArgs({
    options: { sizes: { type: 'string' }, engines: { type: 'string' }, quick: { type: 'boolean', default: false }, seconds: { type: 'string' } },
  });
  const sizes = (values.sizes ?? (values.quick ? '20000' : '200000,1000000')).split(',').map((s) => Number(s.replace(/_/g, '')));
  const seconds = Number(values.seconds ?? (values.quick ? 5 : 10));
  const pgTarget = postgresTarget();
  const engines = (values.engines?.split(',') ?? ['pglite', 'postgres']) as Engine[];
  if (sizes.some((s) => !Number.isSafeInteger(s) || s < 1)) throw new Error('--sizes must be whole numbers, e.g. --sizes=200000,1000000');

  const runs: Run[] = [];
  for (const engine of engines) {
    if (engine === 'postgres' && !(await postgresReachable(pgTarget))) continue;
    for (const size of sizes) runs.push(...(await benchOne(engine, size, seconds, pgTarget.url)));
  }

  const rows = runs.map((r) => ({
    engine: r.engine, size: r.size, endpoint: r.endpoint, 'seed s': r.seedSeconds.toFixed(1),
    'p50 ms': r.p50, 'p99 ms': r.p99, 'req/s': Math.round(r.rps), 'non-2xx': r.non2xx, errors: r.errors + r.timeouts,
  }));
  console.log(`\n${table(rows)}\n`);
  const dir = path.join(root, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `orders-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, load: os.loadavg() };
  fs.writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), machine, connections: CONNECTIONS, seconds, runs }, null, 2)}\n`);
  console.log(`results: ${path.relative(process.cwd(), file)}`);
  const failed = runs.filter((r) => r.non2xx || r.errors || r.timeouts);
  if (failed.length) {
    console.error(`FAILED: ${failed.length} endpoint run(s) had non-2xx answers or errors.`);
    process.exitCode = 1;
  }
}

async function benchOne(engine: Engine, size: number, seconds: number, pgUrl: string): Promise<Run[]> {
  const fresh = await freshDatabase(engine, pgUrl);
  try {
    const seedSeconds = await seed(fresh, size);
    console.log(`${engine} ${size}: seeded in ${seedSeconds.toFixed(1)} s`);
    const config = loadConfig({
      ...process.env, ...fresh.env, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000000', SEED_ON_EMPTY: 'false', SERVE_UI: 'false',
      ...(engine === 'pglite' ? { DATABASE_URL: undefined } : {}),
    });
    // No chain: the list endpoints do not touch it, and a dev chain plus mint worker would share the CPU being measured.
    const app = await buildApp({ config, database: fresh.database, chain: false, dnsServer: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('the server has no TCP address');
      const base = `http://127.0.0.1:${address.port}`;
      const token = await login(base);
      const prefix = await emailPrefix(fresh);
      const endpoints = [`/api/orders?status=paid&limit=20`, `/api/orders?q=${encodeURIComponent(prefix)}&limit=20`];
      const runs: Run[] = [];
      for (const endpoint of endpoints) {
        await autocannon(base + endpoint, token, { connections: CONNECTIONS, seconds: 3 }); // warm-up: JIT and caches reach steady state
        const result = await autocannon(base + endpoint, token, { connections: CONNECTIONS, seconds });
        console.log(`${engine} ${size} ${endpoint}: p50 ${result.p50} ms, p99 ${result.p99} ms, ${Math.round(result.rps)} req/s, non-2xx ${result.non2xx}`);
        runs.push({ engine, size, seedSeconds, endpoint, ...result });
      }
      return runs;
    } finally {
      await app.close();
    }
  } finally {
    await fresh.dispose();
  }
}

async function seed(fresh: Fresh, size: number): Promise<number> {
  const started = Date.now();
  await fresh.database.migrate();
  const s = await seedFromFile(fresh.database.db, path.join(root, 'db.json'), { log: () => {} });
  if (size > s.orders) await generateOrders(fresh.database.db, size - s.orders);
  return (Date.now() - started) / 1000;
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@rwa.dev', password: 'rwa-dev-password' }),
  });
  const body = (await res.json()) as { ok?: boolean; token?: string; error?: string };
  if (!res.ok || !body.token) throw new Error(`login failed (${res.status}): ${body.error ?? 'no token'}`);
  return body.token;
}

/** The start of a recent customer's email, e.g. "edwina.q", which matches that customer and a few others. */
async function emailPrefix(fresh: Fresh): Promise<string> {
  const result = await fresh.database.db.execute(sql`select customer_email as email from orders order by created_at desc limit 1`);
  const email = (result as unknown as { rows: { email: string }[] }).rows[0]?.email ?? 'a';
  const local = email.split('@')[0]!;
  const dot = local.indexOf('.');
  return dot > 0 ? local.slice(0, dot + 2) : local.slice(0, 6);
}

main().catch((err: unknown) => {
  const cause = (err as { cause?: unknown }).cause;
  console.error(`bench: ${err instanceof Error ? err.stack ?? err.message : String(err)}${cause ? `\ncaused by: ${String(cause)}` : ''}`);
  process.exitCode = 1;
});
