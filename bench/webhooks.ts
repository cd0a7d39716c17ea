/**
 * npm run bench:webhooks [-- --engine=postgres|pglite] [-- --backlog=1000] [-- --rate=20] [-- --seconds=10]
 * Webhook deliveries (issue 41) from the real server in its own process to a receiver in this one, on loopback only
 * (WEBHOOK_ALLOW_INSECURE), every delivery's signature verified with the `standardwebhooks` package:
 *   - throughput: `backlog` orders are created through the API while the server's webhook worker is off (each an
 *     `order.created` event in the outbox); the server is started again with its worker on, and the time from its
 *     first delivery to its last gives deliveries per second (the worker sends 20 at once);
 *   - delay: with the worker on, `rate` orders a second for `seconds` seconds; for each, the time from its write's
 *     answer (the commit) to its arrival at the receiver: p50, p99 and max, and whether every event arrived.
 * The receiver answers 200 at once and shares the machine's cores with the server. Caps: backlog ≤ 20000, rate ≤ 200,
 * seconds ≤ 60. Results: a table here and JSON in bench/results/.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { createUser } from '../server/modules/auth/service.js';
import { SettingsService } from '../server/modules/settings/service.js';
import { startServerProcess } from '../scripts/server-process.js';
import { client, freshDatabase, percentile, postgresReachable, postgresTarget, table, type Engine } from './lib.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = { email: 'bench.admin@rwa.dev', password: 'bench-password-123' };
const SHOPPER = { email: 'bench.shopper@rwa.dev', password: 'bench-password-123' };

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    backlog: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
  },
});
const backlog = Math.min(20_000, Math.max(1, Number(values.backlog)));
const rate = Math.min(200, Math.max(1, Number(values.rate)));
const seconds = Math.min(60, Math.max(1, Number(values.seconds)));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Arrival = { orderId: string; at: number };

/** The receiver: verifies each delivery, keeps when each order's event first arrived, answers 200. */
async function receiver() {
  const arrivals = new Map<string, number>();
  const state: { verifier: Webhook | null; received: number; bad: number; first: number; last: number } = {
    verifier: null,
    received: 0,
    bad: 0,
    first: 0,
    last: 0,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        const event = state.verifier!.verify(body, req.headers as Record<string, string>) as {
          data: { id: string };
        };
        state.received += 1;
        state.first ||= at;
        state.last = at;
        const arrival: Arrival = { orderId: event.data.id, at };
        if (!arrivals.has(arrival.orderId)) arrivals.set(arrival.orderId, arrival.at);
      } catch {
        state.bad += 1;
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    arrivals,
    state,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function main() {
  const target = postgresTarget();
  let engine = values.engine as Engine;
  if (engine === 'postgres' && !(await postgresReachable(target))) engine = 'pglite';
  const fresh = await freshDatabase(engine, target.url);
  await fresh.database.migrate();
  await createUser(fresh.database.db, { ...ADMIN, role: 'admin', name: 'Bench Admin' });
  await createUser(fresh.database.db, { ...SHOPPER, role: 'user', name: 'Bench Shopper' });
  await new SettingsService(fresh.database.db).save(fresh.database.db, { twoFactorAuth: false });
  await fresh.database.close();
  const env = {
    ...fresh.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SERVE_UI: 'false',
    MINT_WORKER: 'false',
    DNS_SERVER: 'false',
    SEED_ON_EMPTY: 'false',
    RATE_LIMIT_MAX: '1000000',
    TOTP_ENCRYPTION_KEY: 'bench-webhooks-secret-key',
    WEBHOOK_ALLOW_INSECURE: 'true',
  };
  const hooks = await receiver();
  let server = await startServerProcess({ ...env, WEBHOOK_WORKER: 'false' });
  try {
    let call = client(server.baseUrl);
    const login = await call('POST', '/api/admin/auth/login', ADMIN);
    const auth = { authorization: `Bearer ${login.body.token as string}` };
    const made = await call('POST', '/api/webhooks', { url: hooks.url, events: ['order.created'] }, auth);
    if (made.status !== 201) throw new Error(`The endpoint was refused: ${JSON.stringify(made.body)}`);
    hooks.state.verifier = new Webhook(made.body.secret as string);
    const product = await call(
      'POST',
      '/api/products',
      {
        title: 'Bench bond',
        sku: `BENCH-HOOKS-${Date.now()}`,
        priceFiat: 10,
        priceCrypto: '0.01',
        rwaType: 'bonds',
        status: 'active',
        stock: 1_000_000,
      },
      auth,
    );
    const productId = (product.body.product as { id: string }).id;
    const order = async () => {
      const res = await call('POST', '/api/orders', { userEmail: SHOPPER.email, productId, qty: 1 }, auth);
      if (res.status !== 201) throw new Error(`An order was refused: ${JSON.stringify(res.body)}`);
      return { id: (res.body.order as { id: string }).id, at: Date.now() };
    };

    // Throughput: a backlog stored while nothing delivers, then drained by a server with its worker on.
    const queueStarted = performance.now();
    for (let i = 0; i < backlog; i += 10)
      await Promise.all(Array.from({ length: Math.min(10, backlog - i) }, () => order()));
    const queueSeconds = (performance.now() - queueStarted) / 1000;
    console.log(`${backlog} orders stored in ${queueSeconds.toFixed(1)} s with the worker off`);
    await server.stop();
    server = await startServerProcess(env);
    call = client(server.baseUrl);
    const drainDeadline = Date.now() + 10 * 60_000;
    while (hooks.arrivals.size < backlog && Date.now() < drainDeadline) await sleep(100);
    const drained = hooks.arrivals.size;
    const drainSeconds = (hooks.state.last - hooks.state.first) / 1000;
    console.log(`${drained} deliveries in ${drainSeconds.toFixed(2)} s`);

    // Delay: orders at `rate` a second, each from its answer to its event's arrival.
    hooks.arrivals.clear();
    const answered: { id: string; at: number }[] = [];
    const total = rate * seconds;
    const t0 = performance.now();
    const writes: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const wait = t0 + (i * 1000) / rate - performance.now();
      if (wait > 0) await sleep(wait);
      writes.push(order().then((o) => void answered.push(o)));
    }
    await Promise.all(writes);
    const sendSeconds = (performance.now() - t0) / 1000;
    const deadline = Date.now() + 60_000;
    while (answered.some((o) => !hooks.arrivals.has(o.id)) && Date.now() < deadline) await sleep(100);
    const delays = answered
      .filter((o) => hooks.arrivals.has(o.id))
      .map((o) => hooks.arrivals.get(o.id)! - o.at)
      .sort((a, b) => a - b);

    const result = {
      engine,
      backlog,
      drained,
      deliveriesPerSecond: +(drained / Math.max(drainSeconds, 0.001)).toFixed(1),
      events: answered.length,
      eventsPerSecond: +(answered.length / sendSeconds).toFixed(1),
      missing: answered.length - delays.length,
      badSignatures: hooks.state.bad,
      p50Ms: percentile(delays, 50),
      p99Ms: percentile(delays, 99),
      maxMs: delays.at(-1) ?? null,
      load1: +(fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0] ?? 0),
    };
    console.log(table([result as unknown as Record<string, string | number>]));
    const dir = path.join(root, 'bench/results');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `webhooks-${engine}.json`), JSON.stringify(result, null, 2));
  } finally {
    await server.stop();
    await hooks.close();
    await fresh.dispose();
  }
}

await main();
