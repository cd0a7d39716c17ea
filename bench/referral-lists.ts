/**
 * npm run bench:referral-lists [-- --engines=pglite,postgres] [-- --users=100000] [-- --commissions=1000000] [-- --requests=200] [-- --keep]
 * The affiliates and commissions lists at scale: a fresh database per engine, db.json for the logins, then set-based SQL
 * (generate_series) adds `users` users (each referred by user i/2, so about half are affiliates) and `commissions`
 * paid orders with one level-1 commission each (pending, approved, paid, rejected mixed, over the last year). Then
 * each endpoint is called `requests` times one after another (after 20 warm-up calls) and its p50 / p99 reported:
 * GET /api/affiliates (first page, a search, a later page) and GET /api/commissions (first page, by status, by referrer).
 * The lists' totals come from the Counter (exact up to 10,000 rows, else the planner's estimate, cached a few seconds),
 * as in use. Results: a table here and JSON in bench/results/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { seedFromFile } from '../server/seed/seed.js';
import { freshDatabase, percentile, postgresReachable, postgresTarget, table, type Engine, type Fresh } from './lib.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

type Run = { engine: Engine; endpoint: string; p50: number; p99: number; mean: number; rows: number; total: number };

/** A valid (version 4 shaped) UUID made from a text: the same text gives the same id, so rows can name each other. */
const uid = (text: SQL) =>
  sql`(substr(md5(${text}), 1, 12) || '4' || substr(md5(${text}), 14, 3) || '8' || substr(md5(${text}), 18, 15))::uuid`;
const CHUNK = 200_000;

/** Users bench.{i}@bench.dev (i = 1…n); user i > 1 was referred by user i / 2. Order j is bought by user 2 + j % (n − 1). */
async function generate(fresh: Fresh, users: number, commissions: number) {
  const db = fresh.database.db;
  await db.execute(sql`
    insert into users (id, email, name, first_name, last_name, role, status, referral_code, referred_by_id, referred_at, created_at, updated_at)
    select ${uid(sql`'bu' || i`)}, 'bench.' || i || '@bench.dev', 'Bench User ' || i, 'Bench', 'User ' || i, 'user', 'active',
      upper(substr(md5('code' || i), 1, 10)), case when i > 1 then ${uid(sql`'bu' || (i / 2)`)} end,
      case when i > 1 then now() - make_interval(secs => i) end,
      now() - make_interval(secs => (${users} - i) * 60), now()
    from generate_series(1, ${users}::int) i`);
  // In chunks, so that one statement's memory and log stay modest (PGlite keeps its database in memory).
  for (let from = 1; from <= commissions; from += CHUNK) {
    const to = Math.min(commissions, from + CHUNK - 1);
    const range = sql`(select j, 2 + j % (${users}::int - 1) as b, now() - make_interval(secs => (${commissions}::int - j) * 30) as at from generate_series(${from}::int, ${to}::int) j) s`;
    await db.execute(sql`
      insert into orders (id, user_id, customer_email, status, qty, amount_cents, subtotal_cents, currency, created_at, updated_at, paid_at, referrer_id)
      select ${uid(sql`'bo' || j`)}, ${uid(sql`'bu' || b`)}, 'bench.' || b || '@bench.dev', 'paid', 1, 10000 + (j % 50) * 100, 10000 + (j % 50) * 100, 'USD',
        at, at, at, ${uid(sql`'bu' || (b / 2)`)}
      from ${range}`);
    await db.execute(sql`
      insert into commissions (order_id, referrer_id, level, rate, base_cents, original_cents, amount_cents, currency, status, earned_at, created_at, updated_at)
      select ${uid(sql`'bo' || j`)}, ${uid(sql`'bu' || (b / 2)`)}, 1, 0.05, 10000 + (j % 50) * 100, 500 + (j % 50) * 5, 500 + (j % 50) * 5, 'USD',
        (array['pending', 'approved', 'approved', 'paid', 'pending', 'paid', 'pending', 'approved', 'paid', 'rejected'])[1 + j % 10], at, at, at
      from ${range}`);
  }
  // As attribution and earning set it (and migration 0014 fills it in): referrers and earners are affiliates.
  await db.execute(sql`update users u set affiliate = true where exists (select 1 from users r where r.referred_by_id = u.id)
    or exists (select 1 from commissions c where c.referrer_id = u.id)`);
  await db.execute(sql`analyze`);
}

async function timed(base: string, token: string, url: string, requests: number) {
  const once = async () => {
    const started = performance.now();
    const res = await fetch(base + url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as {
      affiliates?: unknown[];
      commissions?: unknown[];
      total?: number;
      error?: string;
    };
    if (!res.ok) throw new Error(`${url}: ${res.status} ${body.error ?? ''}`);
    return {
      ms: performance.now() - started,
      rows: (body.affiliates ?? body.commissions ?? []).length,
      total: body.total ?? 0,
    };
  };
  for (let i = 0; i < 20; i++) await once();
  const samples = [];
  for (let i = 0; i < requests; i++) samples.push(await once());
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    p50: +percentile(sorted, 50).toFixed(1),
    p99: +percentile(sorted, 99).toFixed(1),
    mean: +(sorted.reduce((s, x) => s + x, 0) / sorted.length).toFixed(1),
    rows: samples[0]!.rows,
    total: samples[0]!.total,
  };
}

async function benchOne(
  engine: Engine,
  users: number,
  commissions: number,
  requests: number,
  pgUrl: string,
): Promise<Run[]> {
  const fresh = await freshDatabase(engine, pgUrl);
  try {
    const started = Date.now();
    await fresh.database.migrate();
    await seedFromFile(fresh.database.db, path.join(root, 'db.json'), { log: () => {} });
    await generate(fresh, users, commissions);
    console.log(
      `${engine}: ${users} users and ${commissions} commissions generated in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const config = loadConfig({
      ...process.env,
      ...fresh.env,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '1000000000',
      SEED_ON_EMPTY: 'false',
      SERVE_UI: 'false',
      ...(engine === 'pglite' ? { DATABASE_URL: undefined } : {}),
    });
    const app = await buildApp({ config, database: fresh.database, chain: false, sweeper: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('the server has no TCP address');
      const base = `http://127.0.0.1:${address.port}`;
      const login = await fetch(`${base}/api/admin/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@rwa.dev', password: 'rwa-dev-password' }),
      });
      const token = ((await login.json()) as { token: string }).token;
      const referrer = (
        (await fresh.database.db.execute(sql`select ${uid(sql`'bu' || 7`)}::text as id`)) as unknown as {
          rows: { id: string }[];
        }
      ).rows[0]!.id;
      const endpoints = [
        '/api/affiliates?limit=50&offset=0',
        `/api/affiliates?limit=50&offset=0&q=${encodeURIComponent('bench.471')}`,
        '/api/affiliates?limit=50&offset=5000',
        '/api/commissions?limit=50&offset=0',
        '/api/commissions?limit=50&offset=0&status=approved',
        `/api/commissions?limit=50&offset=0&referrerId=${referrer}`,
      ];
      const runs: Run[] = [];
      for (const endpoint of endpoints) {
        const r = await timed(base, token, endpoint, requests);
        console.log(`${engine} ${endpoint}: p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.rows} rows of ${r.total}`);
        runs.push({ engine, endpoint, ...r });
      }
      return runs;
    } finally {
      await app.close();
    }
  } finally {
    if (keep) console.log(`kept: ${JSON.stringify(fresh.env)}`);
    else await fresh.dispose();
  }
}

/** --keep: leave the generated database (its DATA_DIR or DATABASE_URL is printed) to look at its plans. */
let keep = false;

async function main() {
  const { values } = parseArgs({
    options: {
      engines: { type: 'string' },
      users: { type: 'string' },
      commissions: { type: 'string' },
      requests: { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
  });
  keep = values.keep ?? false;
  const users = Number(values.users ?? 100_000);
  const commissions = Number(values.commissions ?? 1_000_000);
  const requests = Number(values.requests ?? 200);
  if (![users, commissions, requests].every((n) => Number.isSafeInteger(n) && n > 1))
    throw new Error('--users, --commissions and --requests must be whole numbers above 1.');
  const target = postgresTarget();
  const engines = (values.engines?.split(',') ?? ['pglite', 'postgres']) as Engine[];
  const runs: Run[] = [];
  for (const engine of engines) {
    if (engine === 'postgres' && !(await postgresReachable(target))) continue;
    runs.push(...(await benchOne(engine, users, commissions, requests, target.url)));
  }
  console.log(
    `\n${table(runs.map((r) => ({ engine: r.engine, endpoint: r.endpoint, 'p50 ms': r.p50, 'p99 ms': r.p99, 'mean ms': r.mean, rows: r.rows, total: r.total })))}\n`,
  );
  const dir = path.join(root, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `referral-lists-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version, load: os.loadavg() };
  fs.writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), machine, users, commissions, requests, runs }, null, 2)}\n`,
  );
  console.log(`results: ${path.relative(process.cwd(), file)}`);
  const slow = runs.filter((r) => r.p50 > 20);
  if (slow.length)
    console.log(`above the 20 ms p50 target: ${slow.map((r) => `${r.engine} ${r.endpoint}`).join('; ')}`);
}

main().catch((err: unknown) => {
  const cause = (err as { cause?: unknown }).cause;
  console.error(
    `bench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}${cause ? `\ncaused by: ${String(cause)}` : ''}`,
  );
  process.exitCode = 1;
});
