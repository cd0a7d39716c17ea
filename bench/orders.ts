/**
 * npm run bench:orders [-- --sizes=200000,1000000] [-- --engines=pglite,postgres] [-- --web-concurrency=2] [-- --quick]
 *               [-- --seconds=10] [-- --json-server-max=200000]
 *
 * Speed as shipped, side by side in one run, for each engine and size:
 *   - the app as `npm start` runs it: server/index.ts in its own process with every variable at its default (request
 *     logging at LOG_LEVEL=info, the dev chain and mint worker, the sweeper) except RATE_LIMIT_MAX, raised because
 *     every request comes from the one test address, and WEB_CONCURRENCY on PostgreSQL (default 2);
 *   - json-server 0.17 (a dev dependency for this benchmark only) serving the same orders, newest first, from a
 *     db.json written from the seeded database (sizes up to --json-server-max: it keeps the whole file in memory);
 *   - the ratio of their requests per second.
 * Endpoints: `GET /api/orders?status=paid&limit=20` against `GET /orders?status=paid&_limit=20`, and the app alone on an
 * email-prefix search (`q=`; json-server's full-text `q=` outlasts autocannon's 10 s timeout at 200,000 orders). autocannon, 10 connections, a 3 s warm-up then --seconds (10).
 * PostgreSQL runs when BENCH_DATABASE_URL / DATABASE_URL is set or a server answers at the default URL, in a dedicated
 * database `rwa_bench_<pid>` of its own, dropped afterwards. Results: a table here and JSON in bench/results/.
 * Any non-2xx answer or socket error fails the run (exit code 1).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows } from '../server/db/client.js';
import { generateOrders, seedFromFile } from '../server/seed/seed.js';
import { ORDER_JSON } from '../server/modules/orders/list-json.js';
import { freePort, startServerProcess } from '../scripts/server-process.js';
import {
  autocannon,
  freshDatabase,
  postgresReachable,
  postgresTarget,
  table,
  type Engine,
  type Fresh,
  type LoadResult,
} from './lib.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = 10;
const DUMP_CHUNK = 20_000;

/** `jsonServer`: its equivalent, where it answers at all (its full-text `q=` takes longer than autocannon's 10 s timeout at 200,000 orders). */
type Endpoint = { name: string; app: string; jsonServer?: string };
type Run = {
  engine: Engine;
  processes: number;
  size: number;
  seedSeconds: number;
  endpoint: string;
  app: LoadResult;
  jsonServer: LoadResult | null;
  loadAverage: number;
};

async function main() {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string' },
      engines: { type: 'string' },
      quick: { type: 'boolean', default: false },
      seconds: { type: 'string' },
      'web-concurrency': { type: 'string' },
      'json-server-max': { type: 'string' },
    },
  });
  const sizes = (values.sizes ?? (values.quick ? '20000' : '200000,1000000'))
    .split(',')
    .map((s) => Number(s.replace(/_/g, '')));
  const seconds = Number(values.seconds ?? (values.quick ? 5 : 10));
  const webConcurrency = Number(values['web-concurrency'] ?? 2);
  const jsonServerMax = Number(values['json-server-max'] ?? 200_000);
  const pgTarget = postgresTarget();
  const engines = (values.engines?.split(',') ?? ['pglite', 'postgres']) as Engine[];
  if (sizes.some((s) => !Number.isSafeInteger(s) || s < 1))
    throw new Error('--sizes must be whole numbers, e.g. --sizes=200000,1000000');
  if (!Number.isInteger(webConcurrency) || webConcurrency < 1) throw new Error('--web-concurrency must be 1 or more');

  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.cpus().length} CPUs`,
  );
  const runs: Run[] = [];
  for (const engine of engines) {
    if (engine === 'postgres' && !(await postgresReachable(pgTarget))) continue;
    for (const size of sizes) {
      runs.push(
        ...(await benchOne(
          engine,
          engine === 'postgres' ? webConcurrency : 1,
          size,
          seconds,
          pgTarget.url,
          size <= jsonServerMax,
        )),
      );
    }
  }

  const rows = runs.map((r) => ({
    engine: r.engine,
    processes: r.processes,
    size: r.size,
    endpoint: r.endpoint,
    'app req/s': Math.round(r.app.rps),
    'app p50': r.app.p50,
    'app p99': r.app.p99,
    'json-server req/s': r.jsonServer ? r.jsonServer.rps.toFixed(1) : '-',
    'json-server p50': r.jsonServer?.p50 ?? '-',
    'json-server p99': r.jsonServer?.p99 ?? '-',
    ratio: r.jsonServer && r.jsonServer.rps > 0 ? `${(r.app.rps / r.jsonServer.rps).toFixed(0)}×` : '-',
    load: r.loadAverage.toFixed(1),
  }));
  console.log(`\n${table(rows)}\n(latencies in ms; load: the 1-minute load average before the run)\n`);
  const dir = path.join(root, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `orders-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    load: os.loadavg(),
  };
  fs.writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), machine, connections: CONNECTIONS, seconds, runs }, null, 2)}\n`,
  );
  console.log(`results: ${path.relative(process.cwd(), file)}`);
  const failed = runs.filter((r) => [r.app, r.jsonServer].some((x) => x && (x.non2xx || x.errors || x.timeouts)));
  if (failed.length) {
    console.error(`FAILED: ${failed.length} endpoint run(s) had non-2xx answers or errors.`);
    process.exitCode = 1;
  }
}

async function benchOne(
  engine: Engine,
  processes: number,
  size: number,
  seconds: number,
  pgUrl: string,
  withJsonServer: boolean,
): Promise<Run[]> {
  const fresh = await freshDatabase(engine, pgUrl);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-bench-json-'));
  let closed = false;
  try {
    const seedSeconds = await seed(fresh, size);
    console.log(`${engine} ${size}: seeded in ${seedSeconds.toFixed(1)} s`);
    const prefix = await emailPrefix(fresh);
    const endpoints: Endpoint[] = [
      { name: 'status=paid', app: '/api/orders?status=paid&limit=20', jsonServer: '/orders?status=paid&_limit=20' },
      { name: `q=${prefix}`, app: `/api/orders?q=${encodeURIComponent(prefix)}&limit=20` },
    ];
    const dbJson = withJsonServer ? await dumpOrders(fresh, path.join(scratch, 'db.json')) : null;
    if (engine === 'pglite') {
      // The server opens the database directory itself, as `npm start` does.
      await fresh.database.close();
      closed = true;
    }

    const runs: Run[] = [];
    const app = await startServerProcess({
      ...fresh.env,
      ...(engine === 'pglite' ? { DATABASE_URL: '' } : {}),
      RATE_LIMIT_MAX: '1000000000',
      SEED_ON_EMPTY: 'false',
      WEB_CONCURRENCY: String(processes),
    });
    try {
      const token = await login(app.baseUrl);
      for (const e of endpoints) {
        const loadAverage = os.loadavg()[0]!;
        await autocannon(app.baseUrl + e.app, token, { connections: CONNECTIONS, seconds: 3 }); // warm-up: JIT and caches reach steady state
        const result = await autocannon(app.baseUrl + e.app, token, { connections: CONNECTIONS, seconds });
        console.log(
          `${engine} ×${processes} ${size} ${e.app}: p50 ${result.p50} ms, p99 ${result.p99} ms, ${Math.round(result.rps)} req/s, non-2xx ${result.non2xx}`,
        );
        runs.push({
          engine,
          processes,
          size,
          seedSeconds,
          endpoint: e.name,
          app: result,
          jsonServer: null,
          loadAverage,
        });
      }
    } finally {
      await app.stop();
    }

    if (dbJson) {
      const server = await startJsonServer(dbJson);
      try {
        for (const [i, e] of endpoints.entries()) {
          if (!e.jsonServer) continue;
          await autocannon(server.baseUrl + e.jsonServer, '', { connections: CONNECTIONS, seconds: 3 });
          const result = await autocannon(server.baseUrl + e.jsonServer, '', { connections: CONNECTIONS, seconds });
          console.log(
            `json-server ${size} ${e.jsonServer}: p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.rps.toFixed(1)} req/s, non-2xx ${result.non2xx}`,
          );
          runs[i]!.jsonServer = result;
        }
      } finally {
        await server.stop();
      }
    }
    return runs;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
    if (closed) fs.rmSync(fresh.env.DATA_DIR!, { recursive: true, force: true });
    else await fresh.dispose();
  }
}

async function seed(fresh: Fresh, size: number): Promise<number> {
  const started = Date.now();
  await fresh.database.migrate();
  const s = await seedFromFile(fresh.database.db, path.join(root, 'db.json'), { log: () => {} });
  if (size > s.orders) await generateOrders(fresh.database.db, size - s.orders);
  return (Date.now() - started) / 1000;
}

/** Every order as the API answers it, newest first (the API's default order), in a json-server db.json. */
async function dumpOrders(fresh: Fresh, file: string): Promise<string> {
  const out = fs.openSync(file, 'w');
  try {
    fs.writeSync(out, '{"orders":[');
    for (let offset = 0, first = true; ; offset += DUMP_CHUNK) {
      const [row] = await queryRows<{ json: string | null; n: number | string }>(
        fresh.database.db,
        sql`
        select json_agg(${ORDER_JSON} order by o.created_at desc, o.id desc)::text as json, count(*) as n
        from (select * from orders order by created_at desc, id desc limit ${DUMP_CHUNK} offset ${offset}) o`,
      );
      if (!row?.json) break;
      fs.writeSync(out, `${first ? '' : ','}${row.json.slice(1, -1)}`);
      first = false;
      if (Number(row.n) < DUMP_CHUNK) break;
    }
    fs.writeSync(out, ']}\n');
  } finally {
    fs.closeSync(out);
  }
  return file;
}

/** json-server 0.17's CLI in its own process on a free port, once it answers. */
async function startJsonServer(file: string): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const cli = createRequire(import.meta.url).resolve('json-server/lib/cli/bin.js');
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, '--port', String(port), '--host', '127.0.0.1', '--quiet', file],
    {
      cwd: path.dirname(file),
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let err = '';
  child.stderr!.on('data', (d: Buffer) => {
    err = (err + d).slice(-5000);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (
    !(await fetch(`${baseUrl}/orders?_limit=1`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) throw new Error(`json-server exited early: ${err}`);
    if (Date.now() > deadline) throw new Error(`json-server did not answer within 2 minutes: ${err}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@rwa.dev', password: 'rwa-dev-password' }),
  });
  const body = (await res.json()) as { ok?: boolean; token?: string; error?: string };
  if (!res.ok || !body.token) throw new Error(`login failed (${res.status}): ${body.error ?? 'no token'}`);
  return body.token;
}

/** The start of a recent customer's email, e.g. "edwina.q", which matches that customer and a few others. */
async function emailPrefix(fresh: Fresh): Promise<string> {
  const [row] = await queryRows<{ email: string }>(
    fresh.database.db,
    sql`select customer_email as email from orders order by created_at desc limit 1`,
  );
  const local = (row?.email ?? 'a').split('@')[0]!;
  const dot = local.indexOf('.');
  return dot > 0 ? local.slice(0, dot + 2) : local.slice(0, 6);
}

main().catch((err: unknown) => {
  const cause = (err as { cause?: unknown }).cause;
  console.error(
    `bench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}${cause ? `\ncaused by: ${String(cause)}` : ''}`,
  );
  process.exitCode = 1;
});
