/**
 * npm run bench:events [-- --engine=postgres|pglite] [-- --connections=1000] [-- --rate=100] [-- --seconds=5]
 * The live events stream (issue 41) against the real server in its own process, on loopback only, bounded:
 *   - memory: the server's resident memory (Linux /proc) before and after `connections` idle streams are open (each
 *     with its own ticket), and so per stream;
 *   - fan-out: with those streams open, `rate` coupons a second are created through the API for `seconds` seconds
 *     (each change one event to every stream) by a thread of this process; for each event, the time from its write's
 *     sending to its arrival on each stream (the write's own time included): p50, p99 and max over all deliveries,
 *     the pace reached, and whether every stream got every event.
 * The streams are read by this process, which shares the machine's cores with the server: the latencies include
 * its own parsing. Caps: connections ≤ 5000, rate ≤ 500, seconds ≤ 60. Results: a table here and JSON in
 * bench/results/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { createUser } from '../server/modules/auth/service.js';
import { SettingsService } from '../server/modules/settings/service.js';
import { startServerProcess } from '../scripts/server-process.js';
import { openEvents, type SseStream } from '../tests/api/sse-client.js';
import { freshDatabase, percentile, postgresReachable, postgresTarget, table, type Engine } from './lib.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = { email: 'bench.admin@rwa.dev', password: 'bench-password-123' };

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    connections: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '5' },
  },
});
const connections = Math.min(5000, Math.max(1, Number(values.connections)));
const rate = Math.min(500, Math.max(1, Number(values.rate)));
const seconds = Math.min(60, Math.max(1, Number(values.seconds)));

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The writer's thread: `total` coupons created at `rate` a second; answers each coupon's id and when it was sent. */
const WRITER = `
const { parentPort, workerData: { base, token, total, rate } } = require('node:worker_threads');
(async () => {
  const sent = [];
  const t0 = performance.now();
  const writes = [];
  for (let i = 0; i < total; i++) {
    const wait = t0 + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const at = Date.now();
    writes.push(fetch(base + '/api/coupons', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
      body: JSON.stringify({ code: 'BENCH-' + i + '-' + at.toString(36), discountType: 'percentage', discountValue: 5 }),
    }).then(async (r) => { const body = await r.json(); if (body.coupon) sent.push([body.coupon.id, at]); }));
  }
  await Promise.all(writes);
  parentPort.postMessage({ sent, sendSeconds: (performance.now() - t0) / 1000 });
})();
`;

function writeCoupons(base: string, token: string, total: number) {
  return new Promise<{ sent: Map<string, number>; sendSeconds: number }>((resolve, reject) => {
    const worker = new Worker(WRITER, { eval: true, workerData: { base, token, total, rate } });
    worker.once('message', (m: { sent: [string, number][]; sendSeconds: number }) => {
      resolve({ sent: new Map(m.sent), sendSeconds: m.sendSeconds });
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

async function main() {
  const target = postgresTarget();
  let engine = values.engine as Engine;
  if (engine === 'postgres' && !(await postgresReachable(target))) engine = 'pglite';
  const fresh = await freshDatabase(engine, target.url);
  await fresh.database.migrate();
  await createUser(fresh.database.db, { ...ADMIN, role: 'admin', name: 'Bench Admin' });
  // The admin has no authenticator here: a session that must first enrol would be refused its tickets.
  await new SettingsService(fresh.database.db).save(fresh.database.db, { twoFactorAuth: false });
  await fresh.database.close();
  const server = await startServerProcess({
    ...fresh.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SERVE_UI: 'false',
    MINT_WORKER: 'false',
    SEED_ON_EMPTY: 'false',
    RATE_LIMIT_MAX: '1000000',
  });
  const streams: SseStream[] = [];
  try {
    const login = await fetch(`${server.baseUrl}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    await sleep(2000);
    const before = rssMb(server.pid);
    for (let i = 0; i < connections; i += 50) {
      const batch = Math.min(50, connections - i);
      streams.push(...(await Promise.all(Array.from({ length: batch }, () => openEvents(server.baseUrl, token)))));
    }
    await sleep(3000);
    const after = rssMb(server.pid);
    console.log(`${connections} idle streams: server RSS ${before.toFixed(1)} → ${after.toFixed(1)} MB`);

    // Fan-out: `rate` creations a second, from a thread of their own so that reading the streams here does not hold
    // the pace back; each event's time is when its write was sent (an answer may come back after its event).
    const { sent: answered, sendSeconds } = await writeCoupons(server.baseUrl, token, rate * seconds);
    const deadline = Date.now() + 30_000;
    // Until nothing more comes for 2 s (a stream also hears other changes: the writes' audit entries), or 30 s.
    const arrived = () => streams.reduce((n, s) => n + s.events.length, 0);
    for (let last = -1, now = arrived(); now !== last && Date.now() < deadline; last = now, now = arrived())
      await sleep(2000);

    const lat: number[] = [];
    let missing = 0;
    for (const s of streams) {
      const got = new Map(
        s
          .changes()
          .filter((c) => c.resource === 'coupons')
          .map((c) => [c.id!, c.at]),
      );
      for (const [id, at] of answered) {
        const heard = got.get(id);
        if (heard === undefined) missing += 1;
        else lat.push(heard - at);
      }
    }
    lat.sort((a, b) => a - b);
    const result = {
      engine,
      connections,
      rssBeforeMb: +before.toFixed(1),
      rssAfterMb: +after.toFixed(1),
      kbPerConnection: +(((after - before) * 1024) / connections).toFixed(1),
      events: answered.size,
      eventsPerSecond: +(answered.size / sendSeconds).toFixed(1),
      deliveries: lat.length,
      missing,
      p50Ms: percentile(lat, 50),
      p99Ms: percentile(lat, 99),
      maxMs: lat.at(-1) ?? null,
    };
    console.log(table([result as unknown as Record<string, string | number>]));
    const dir = path.join(root, 'bench/results');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `events-${engine}.json`), JSON.stringify(result, null, 2));
  } finally {
    for (const s of streams) s.close();
    await server.stop();
    await fresh.dispose();
  }
}

await main();
