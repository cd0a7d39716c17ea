/**
 * npm run bench [-- --engines=pglite,postgres] [-- --orders=20000] [-- --seconds=5] [-- --quick] [-- --record]
 *
 * The hot routes, each under load on each engine, compared with bench/baseline.json (recorded on this kind of machine:
 * 2 cores). Run it before and after a change that touches one of them (README, Benchmarks). A route whose requests per
 * second fall more than 15 % below its baseline is flagged, with the load average beside it: on a busy machine a drop
 * may be the machine's, so run again, or compare the statement counts (tests/api/statement-budget.test.ts), which
 * load does not change. `--record` writes this run's figures as the new baseline (commit it with the change that
 * earns it, and say the machine's load in the commit).
 *
 * Each engine: a fresh database (PGlite directory, or PostgreSQL `rwa_bench_<pid>`) with db.json and --orders orders
 * (20,000; --quick: 20,000 and 3 s per route), the server as `npm start` runs it in its own process (server/index.ts,
 * request logging at info) except RATE_LIMIT_MAX raised (every request comes from one address), then for each route
 * autocannon with 10 connections, 2 s of warm-up and --seconds (5). The writes of a checkout (session, confirm) and the
 * login are measured by `npm run bench:checkout` and `npm run bench:login`, which make fresh carts and users per call;
 * the orders list against json-server at 200,000 and 1,000,000 orders by `npm run bench:orders`.
 * Any non-2xx answer or socket error fails the run (exit code 1); a flagged drop does not.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows } from '../server/db/client.js';
import { generateOrders, seedFromFile } from '../server/seed/seed.js';
import { startServerProcess } from '../scripts/server-process.js';
import {
  autocannon,
  freshDatabase,
  postgresReachable,
  postgresTarget,
  table,
  type Engine,
  type LoadResult,
} from './lib.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASELINE = path.join(root, 'bench', 'baseline.json');
const CONNECTIONS = 10;
const WARM_UP_SECONDS = 2;
/** A fall in requests per second past this share of the baseline is flagged. */
const DROP = 0.15;

type Route = { name: string; url: string; admin: boolean; body?: unknown };
type Figures = { rps: number; p50: number; p99: number; load: number };
type Baseline = {
  recordedAt: string;
  machine: string;
  orders: number;
  seconds: number;
  routes: Record<string, Figures>;
};

/** The hot routes (the same as the statement budgets'), with what each needs from the seeded data. */
function routes(ids: { order: string; product: string }): Route[] {
  return [
    { name: 'orders list', url: '/api/orders?status=paid&limit=20', admin: true },
    { name: "an order's page", url: `/api/orders/${ids.order}`, admin: true },
    { name: 'products list', url: '/api/products?limit=20', admin: true },
    { name: 'shop catalogue', url: '/api/shop/products', admin: false },
    {
      name: 'cart pricing',
      url: '/api/cart/price',
      admin: false,
      body: { items: [{ productId: ids.product, qty: 1 }] },
    },
    { name: 'dashboard', url: '/api/dashboard/stats', admin: true },
    { name: 'cached session (auth/me)', url: '/api/auth/me', admin: true },
  ];
}

async function main() {
  const { values } = parseArgs({
    options: {
      engines: { type: 'string' },
      orders: { type: 'string' },
      seconds: { type: 'string' },
      quick: { type: 'boolean', default: false },
      record: { type: 'boolean', default: false },
    },
  });
  const orders = Number((values.orders ?? '20000').replace(/_/g, ''));
  const seconds = Number(values.seconds ?? (values.quick ? 3 : 5));
  if (!Number.isSafeInteger(orders) || orders < 0)
    throw new Error('--orders must be a whole number, e.g. --orders=20000');
  if (!(seconds > 0)) throw new Error('--seconds must be more than 0');
  const engines = (values.engines?.split(',') ?? ['pglite', 'postgres']) as Engine[];
  const pg = postgresTarget();
  const load = () => os.loadavg()[0]!;
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.cpus().length} CPUs`,
  );

  const results: Record<string, Figures> = {};
  let failed = 0;
  for (const engine of engines) {
    if (engine === 'postgres' && !(await postgresReachable(pg))) continue;
    const fresh = await freshDatabase(engine, pg.url);
    let closed = false;
    try {
      await fresh.database.migrate();
      await seedFromFile(fresh.database.db, path.join(root, 'db.json'), { log: () => {} });
      if (orders > 0) await generateOrders(fresh.database.db, orders);
      const [ids] = await queryRows<{ order: string; product: string }>(
        fresh.database.db,
        sql`select (select id from orders order by created_at desc limit 1) as "order",
                   (select id from products where status = 'active' and stock > 100 order by created_at limit 1) as product`,
      );
      if (engine === 'pglite') {
        await fresh.database.close(); // the server opens the directory itself
        closed = true;
      }
      const app = await startServerProcess({
        ...fresh.env,
        ...(engine === 'pglite' ? { DATABASE_URL: '' } : {}),
        RATE_LIMIT_MAX: '1000000000',
        SEED_ON_EMPTY: 'false',
        WEB_CONCURRENCY: '1',
      });
      try {
        const token = await login(app.baseUrl);
        for (const r of routes(ids!)) {
          const opts = { connections: CONNECTIONS, body: r.body };
          const before = load();
          await autocannon(app.baseUrl + r.url, r.admin ? token : '', { ...opts, seconds: WARM_UP_SECONDS });
          const res: LoadResult = await autocannon(app.baseUrl + r.url, r.admin ? token : '', { ...opts, seconds });
          if (res.non2xx || res.errors || res.timeouts) {
            failed++;
            console.error(`${engine} ${r.name}: ${res.non2xx} non-2xx, ${res.errors} errors, ${res.timeouts} timeouts`);
          }
          results[`${engine} ${r.name}`] = {
            rps: Math.round(res.rps),
            p50: res.p50,
            p99: res.p99,
            load: round(before),
          };
          console.log(`${engine} ${r.name}: ${Math.round(res.rps)} req/s, p50 ${res.p50} ms, p99 ${res.p99} ms`);
        }
      } finally {
        await app.stop();
      }
    } finally {
      if (closed) fs.rmSync(fresh.env.DATA_DIR!, { recursive: true, force: true });
      else await fresh.dispose();
    }
  }

  const baseline = fs.existsSync(BASELINE) ? (JSON.parse(fs.readFileSync(BASELINE, 'utf8')) as Baseline) : null;
  let flagged = 0;
  const rows = Object.entries(results).map(([key, now]) => {
    const was = baseline?.routes[key];
    const change = was ? now.rps / was.rps - 1 : null;
    const drop = change !== null && change < -DROP;
    if (drop) flagged++;
    return {
      route: key,
      'req/s': now.rps,
      p50: now.p50,
      p99: now.p99,
      load: now.load.toFixed(1),
      'baseline req/s': was?.rps ?? '-',
      'baseline load': was ? was.load.toFixed(1) : '-',
      change: change === null ? '-' : `${change >= 0 ? '+' : ''}${(change * 100).toFixed(0)} %${drop ? '  DROP' : ''}`,
    };
  });
  console.log(`\n${table(rows)}\n(latencies in ms; load: the 1-minute load average before each route's run)\n`);
  if (flagged)
    console.log(
      `${flagged} route(s) more than ${DROP * 100} % below the baseline (${baseline!.recordedAt}, ${baseline!.machine}). ` +
        `The load average is beside each: on a busy machine run again, or compare the statement budgets.`,
    );
  if (values.record) {
    const machine = `${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? 'unknown'}, Node ${process.version}`;
    const next: Baseline = { recordedAt: new Date().toISOString(), machine, orders, seconds, routes: results };
    fs.writeFileSync(BASELINE, `${JSON.stringify(next, null, 2)}\n`);
    console.log(`baseline written: ${path.relative(process.cwd(), BASELINE)}`);
  }
  if (failed) {
    console.error(`FAILED: ${failed} route run(s) had non-2xx answers or errors.`);
    process.exitCode = 1;
  }
}

const round = (n: number) => Math.round(n * 100) / 100;

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@rwa.dev', password: 'rwa-dev-password' }),
  });
  const body = (await res.json()) as { token?: string; error?: string };
  if (!res.ok || !body.token) throw new Error(`login failed (${res.status}): ${body.error ?? 'no token'}`);
  return body.token;
}

main().catch((err: unknown) => {
  console.error(`bench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
});
