/**
 * npm run bench:login [-- --engines=pglite,postgres] [-- --seconds=10] [-- --connections=8]
 * POST /api/admin/auth/login with the right password (argon2id at 46 MiB, t=1, p=1, as in
 * server/lib/crypto.ts) under autocannon against the real server in its own process, on a fresh seeded database per
 * engine, then the same with a wrong password (an unknown email costs the same hash, so both show what an attacker
 * can make the server spend). Every answer must be a token (or a 401 for the wrong password).
 * LOGIN_RATE_LIMIT_MAX and RATE_LIMIT_MAX are raised for the run only: every request comes from one address, and the
 * production limit (30 a minute per address) would answer 429 after the first half-second.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startServerProcess } from '../scripts/server-process.js';
import { freshDatabase, postgresReachable, postgresTarget, table, type Engine } from './lib.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

async function logins(url: string, password: string, connections: number, seconds: number) {
  const r = await autocannon({
    url,
    connections,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'finance@rwa.dev', password }),
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    ok: r['2xx'],
    unauthorized: r['4xx'],
    other: r.non2xx - r['4xx'],
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

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
    LOGIN_RATE_LIMIT_MAX: '100000000',
    SEED_ON_EMPTY: 'true',
    SEED_FILE: 'db.json',
  });
  try {
    const url = `${server.baseUrl}/api/admin/auth/login`;
    await logins(url, 'rwa-dev-password', connections, 2);
    const right = await logins(url, 'rwa-dev-password', connections, seconds);
    // Wrong passwords would lock the account after maxLoginAttempts: the lock answers 403 without hashing, so this
    // measures the hash only while the account is not locked; an unknown email hashes every time instead.
    const wrong = await autocannon({
      url,
      connections,
      duration: seconds,
      method: 'POST',
      idReplacement: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody-[<id>]@rwa.dev', password: 'not-the-password' }),
    });
    return {
      engine,
      right,
      unknown: {
        rps: wrong.requests.average,
        p50: wrong.latency.p50,
        p99: wrong.latency.p99,
        requests: wrong.requests.total,
        unauthorized: wrong['4xx'],
      },
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
  const connections = Number(values.connections ?? 8);
  const engines = (values.engines?.split(',') ?? ['pglite', 'postgres']) as Engine[];
  const target = postgresTarget();
  const runs = [];
  for (const engine of engines) {
    if (engine === 'postgres' && !(await postgresReachable(target))) continue;
    runs.push(await benchOne(engine, seconds, connections, target.url));
  }
  console.log(
    `\n${table(
      runs.flatMap((r) => [
        {
          engine: r.engine,
          login: 'right password',
          connections,
          'logins/s': r.right.rps.toFixed(1),
          'p50 ms': r.right.p50,
          'p99 ms': r.right.p99,
          answered: r.right.requests,
          '2xx': r.right.ok,
          'not 2xx': r.right.unauthorized + r.right.other + r.right.errors,
        },
        {
          engine: r.engine,
          login: 'unknown email',
          connections,
          'logins/s': r.unknown.rps.toFixed(1),
          'p50 ms': r.unknown.p50,
          'p99 ms': r.unknown.p99,
          answered: r.unknown.requests,
          '2xx': 0,
          'not 2xx': r.unknown.unauthorized,
        },
      ]),
    )}\n`,
  );
  const dir = path.join(root, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `login-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version, load: os.loadavg() };
  fs.writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), machine, seconds, connections, runs }, null, 2)}\n`,
  );
  console.log(
    `results: ${path.relative(process.cwd(), file)} (load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
  if (runs.some((r) => r.right.ok !== r.right.requests)) {
    console.error('Some logins with the right password did not answer a token.');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
