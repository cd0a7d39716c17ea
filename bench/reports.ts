/**
 * npm run bench:reports [-- --size=1000000] [-- --engines=pglite,postgres] [-- --requests=40]
 * For each engine: a fresh database with db.json and generated orders up to the size, then the one-year overview
 * (GET /api/reports/dashboard?dateRange=1y) and sales report asked one after another, timed; and, for comparison, the
 * same year's revenue summed straight from the payments and refunds. The report's revenue must equal that direct sum.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { queryRows } from '../server/db/client.js';
import { generateOrders, seedFromFile } from '../server/seed/seed.js';
import { freshDatabase, percentile, postgresReachable, postgresTarget, table, type Engine } from './lib.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  const { values } = parseArgs({
    options: { size: { type: 'string' }, engines: { type: 'string' }, requests: { type: 'string' } },
  });
  const size = Number((values.size ?? '1000000').replace(/_/g, ''));
  const requests = Number(values.requests ?? 40);
  const engines = (values.engines?.split(',') ?? ['pglite', 'postgres']) as Engine[];
  const pg = postgresTarget();
  const rows: Record<string, string | number>[] = [];
  for (const engine of engines) {
    if (engine === 'postgres' && !(await postgresReachable(pg))) continue;
    const fresh = await freshDatabase(engine, pg.url);
    try {
      const started = Date.now();
      await fresh.database.migrate();
      const s = await seedFromFile(fresh.database.db, path.join(root, 'db.json'), { log: () => {} });
      if (size > s.orders) await generateOrders(fresh.database.db, size - s.orders);
      console.log(`${engine}: ${size} orders seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const config = loadConfig({
        ...process.env,
        ...fresh.env,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_MAX: '1000000000',
        SEED_ON_EMPTY: 'false',
        SERVE_UI: 'false',
        ...(engine === 'pglite' ? { DATABASE_URL: undefined } : {}),
      });
      const app = await buildApp({ config, database: fresh.database, chain: false });
      await app.listen({ host: '127.0.0.1', port: 0 });
      try {
        const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
        const token = await login(base);
        for (const kind of ['dashboard', 'sales']) {
          const url = `${base}/api/reports/${kind}?dateRange=1y`;
          const times: number[] = [];
          let revenue = 0;
          for (let i = 0; i < requests + 3; i++) {
            const t0 = performance.now();
            const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
            const body = (await res.json()) as {
              data?: { totals: { revenue: { value: number } }; from: string; to: string };
              error?: string;
            };
            if (!res.ok || !body.data) throw new Error(`${kind}: ${res.status} ${body.error ?? ''}`);
            if (i >= 3) times.push(performance.now() - t0); // the first three warm the JIT and the caches
            revenue = Math.round(body.data.totals.revenue.value * 100);
            if (i === 0) {
              const direct = await timedDirectSum(fresh.database.db, body.data.from, body.data.to);
              if (direct.cents !== revenue)
                throw new Error(`${kind}: the report says ${revenue} cents, the payments less refunds ${direct.cents}`);
              rows.push({
                engine,
                size,
                query: 'direct scan of the year (for comparison)',
                'p50 ms': direct.ms.toFixed(1),
                'p99 ms': '',
                requests: 1,
              });
            }
          }
          times.sort((a, b) => a - b);
          rows.push({
            engine,
            size,
            query: `GET /api/reports/${kind}?dateRange=1y`,
            'p50 ms': percentile(times, 50).toFixed(1),
            'p99 ms': percentile(times, 99).toFixed(1),
            requests,
          });
          console.log(
            `${engine} ${kind}: p50 ${percentile(times, 50).toFixed(1)} ms; revenue ${revenue / 100} matches the payments`,
          );
        }
      } finally {
        await app.close();
      }
    } finally {
      await fresh.dispose();
    }
  }
  console.log(`\n${table(rows)}\n`);
}

/** The year's revenue summed from the payments and refunds themselves (received less given back), and how long it takes. */
async function timedDirectSum(db: Parameters<typeof queryRows>[0], from: string, to: string) {
  const t0 = performance.now();
  const [row] = await queryRows<{ cents: string }>(
    db,
    sql`select ((select coalesce(sum(amount_cents), 0) from payments where status in ('completed', 'refunded')
        and coalesce(completed_at, created_at) >= ${from}::timestamptz and coalesce(completed_at, created_at) < ${to}::timestamptz)
      - (select coalesce(sum(amount_cents), 0) from refunds where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz))::text as cents`,
  );
  return { cents: Number(row?.cents ?? 0), ms: performance.now() - t0 };
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@rwa.dev', password: 'rwa-dev-password' }),
  });
  const body = (await res.json()) as { token?: string; error?: string };
  if (!body.token) throw new Error(`login failed (${res.status}): ${body.error ?? 'no token'}`);
  return body.token;
}

main().catch((err: unknown) => {
  console.error(`bench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
});
