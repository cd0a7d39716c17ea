/**
 * npm run bench:clicks [-- --engines=pglite,postgres] [-- --seconds=10] [-- --connections=20]
 * POST /api/referrals/click, the referral network's public hot path, under autocannon against the real server in its
 * own process, on a fresh database per engine. Every request comes as a new visitor (its user agent carries a fresh
 * id), so afterwards the referrer's unique clicks must equal their stored clicks, which must equal the answered ones
 * (plus at most one per connection still in flight when the window closed).
 * RATE_LIMIT_MAX and CLICK_RATE_LIMIT_MAX are raised for the run: every request comes from one address.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startServerProcess } from '../scripts/server-process.js';
import autocannon from 'autocannon';
import { client, freshDatabase, postgresReachable, postgresTarget, table, type Engine } from './lib.js';

/**
 * Clicks as new visitors: autocannon's id replacement puts a fresh id in each request's user agent. Run here (the
 * server is in its own process); the CLI cannot take a header with [<id>] in it.
 */
async function clicks(url: string, code: string, connections: number, seconds: number) {
  const r = await autocannon({
    url,
    connections,
    duration: seconds,
    method: 'POST',
    idReplacement: true,
    headers: { 'content-type': 'application/json', 'user-agent': 'bench-visitor-[<id>]' },
    body: JSON.stringify({ code }),
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

async function benchOne(engine: Engine, seconds: number, connections: number, pgUrl: string) {
  const fresh = await freshDatabase(engine, pgUrl);
  await fresh.database.close();
  const server = await startServerProcess({
    ...fresh.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SERVE_UI: 'false',
    MINT_WORKER: 'false',
    RATE_LIMIT_MAX: '100000000',
    CLICK_RATE_LIMIT_MAX: '100000000',
    SEED_ON_EMPTY: 'true',
    SEED_FILE: 'db.json',
  });
  try {
    const call = client(server.baseUrl);
    const login = await call('POST', '/api/admin/auth/login', {
      email: 'shopper@rwa.dev',
      password: 'rwa-dev-password',
    });
    const auth = { authorization: `Bearer ${login.body.token as string}` };
    const code = (await call('POST', '/api/referrals/link', {}, auth)).body.referralCode as string;
    const url = `${server.baseUrl}/api/referrals/click`;
    await clicks(url, code, connections, 2);
    // The warm-up's last requests may still be in flight when it returns: let them land before counting.
    await new Promise((r) => setTimeout(r, 1000));
    const before = (await call('GET', '/api/referrals/stats', undefined, auth)).body.stats as {
      totalClicks: number;
      uniqueClicks: number;
    };
    const load = await clicks(url, code, connections, seconds);
    await new Promise((r) => setTimeout(r, 1000));
    const after = (await call('GET', '/api/referrals/stats', undefined, auth)).body.stats as {
      totalClicks: number;
      uniqueClicks: number;
    };
    const accepted = load.requests - load.non2xx - load.errors - load.timeouts;
    return {
      engine,
      load,
      clicks: after.totalClicks - before.totalClicks,
      unique: after.uniqueClicks - before.uniqueClicks,
      accepted,
    };
  } finally {
    await server.stop();
    await fresh.dispose().catch(() => undefined);
  }
}

async function main() {
  const { values } = parseArgs({
    options: { engines: { type: 'string' }, seconds: { type: 'string' }, connections: { type: 'string' } },
  });
  const seconds = Number(values.seconds ?? 10);
  const connections = Number(values.connections ?? 20);
  const engines = (values.engines?.split(',') ?? ['pglite', 'postgres']) as Engine[];
  const target = postgresTarget();
  const runs = [];
  for (const engine of engines) {
    if (engine === 'postgres' && !(await postgresReachable(target))) continue;
    runs.push(await benchOne(engine, seconds, connections, target.url));
  }
  console.log(
    `\n${table(
      runs.map((r) => ({
        engine: r.engine,
        connections,
        'clicks/s': r.load.rps.toFixed(0),
        'p50 ms': r.load.p50,
        'p99 ms': r.load.p99,
        'non-2xx': r.load.non2xx,
        errors: r.load.errors,
        'clicks stored': r.clicks,
        'unique stored': r.unique,
        'answered 2xx': r.accepted,
      })),
    )}\n`,
  );
  const dir = path.join(root, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `clicks-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version, load: os.loadavg() };
  fs.writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), machine, seconds, connections, runs }, null, 2)}\n`,
  );
  console.log(`results: ${path.relative(process.cwd(), file)}`);
  // Requests still in flight when the window closes are stored but not counted as answered: at most one per connection.
  const broken = runs.filter(
    (r) =>
      r.load.non2xx ||
      r.load.errors ||
      r.unique !== r.clicks ||
      r.clicks < r.accepted ||
      r.clicks - r.accepted > connections,
  );
  if (broken.length) {
    console.error(
      `FAILED: ${broken.map((r) => r.engine).join(', ')}: an error answer, or stored clicks that do not match the answers.`,
    );
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(`bench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
});
