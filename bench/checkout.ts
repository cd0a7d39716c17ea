/**
 * npm run bench:checkout [-- --engines=pglite,postgres] [-- --seconds=15] [-- --shoppers=20] [-- --processes=2]
 * Full checkouts (POST /api/cart/price → POST /api/checkout/session → the sandbox's card confirmation) against the
 * real server in its own process, on a fresh database per engine:
 * 1. throughput: `shoppers` concurrent shoppers buy for `seconds` (after a 3 s warm-up) over 10 products;
 * 2. scarcity: the same shoppers race for a product with 50 units until it is sold out: exactly 50 may be sold;
 * 3. one Idempotency-Key sent 50 times at once: exactly one order;
 * 4. a coupon limited to 25 uses, raced for by every shopper: used exactly 25 times.
 * The server's per-address rate limit is raised for the run (RATE_LIMIT_MAX): every request comes from one address.
 * `processes` > 1 runs PostgreSQL's server as that many API processes (WEB_CONCURRENCY); PGlite always has one.
 * Each run also reports the CPU time one checkout cost the server, PostgreSQL and this load generator (Linux /proc).
 * Results: a table here and JSON in bench/results/; a broken invariant fails the run (exit code 1).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, startServerProcess } from '../scripts/server-process.js';
import {
  client,
  cpuMeter,
  freshDatabase,
  percentile,
  postgresReachable,
  postgresTarget,
  table,
  type Client,
  type Engine,
} from './lib.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Bench Shopper' };

type Run = {
  engine: Engine;
  processes: number;
  checkouts: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  failures: number;
  scarceSold: number;
  idempotentOrders: number;
  couponUses: number;
  /** CPU milliseconds per completed checkout during the timed run: the server, PostgreSQL's processes, this load generator. */
  cpuPerCheckout: { server: number; database: number; client: number };
};

/** The real server, in its own process (so the shoppers here do not share its event loop). */
function startServer(env: Record<string, string>) {
  return startServerProcess({
    ...env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SERVE_UI: 'false',
    MINT_WORKER: 'false',
    RATE_LIMIT_MAX: '100000000',
    SEED_ON_EMPTY: 'true',
    SEED_FILE: 'db.json',
  });
}

/** One shopper's whole checkout; the time of the three calls, or the status that stopped it. */
async function buyOnce(
  call: Client,
  productId: string,
  n: number,
  couponCode?: string,
): Promise<{ ok: boolean; ms: number; status: number; orderId?: string }> {
  const started = performance.now();
  const items = [{ productId, qty: 1 }];
  const price = await call('POST', '/api/cart/price', { items, couponCode });
  const line = (price.body.lines as { error: string | null }[] | undefined)?.[0];
  if (price.status !== 200 || line?.error || (couponCode && !(price.body.coupon as { valid: boolean }).valid))
    return { ok: false, ms: 0, status: 409 };
  const body = { items, couponCode, email: `shopper${n % 500}@bench.dev`, provider: 'sandbox' };
  const session = await call('POST', '/api/checkout/session', body, {
    'idempotency-key': randomUUID(),
    'x-guest-id': randomUUID(),
  });
  if (session.status !== 201) return { ok: false, ms: 0, status: session.status };
  const paid = await call('POST', `/api/payments/sandbox/${session.body.paymentId as string}/confirm`, CARD);
  return {
    ok: paid.status === 200,
    ms: performance.now() - started,
    status: paid.status,
    orderId: session.body.orderId as string,
  };
}

/** `shoppers` loops buying until `until()` says stop; every finished checkout's time. */
async function crowd(shoppers: number, until: () => boolean, buy: (n: number) => ReturnType<typeof buyOnce>) {
  const times: number[] = [];
  let failures = 0;
  let sequence = 0;
  await Promise.all(
    Array.from({ length: shoppers }, async () => {
      while (!until()) {
        const r = await buy(sequence++);
        if (r.ok) times.push(r.ms);
        else if (r.status >= 500) failures++;
        else if (r.status !== 409 && r.status !== 422) failures++;
      }
    }),
  );
  return { times, failures };
}

async function admin(call: Client) {
  const res = await call('POST', '/api/admin/auth/login', { email: 'admin@rwa.dev', password: 'rwa-dev-password' });
  if (!res.body.token) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  const auth = { authorization: `Bearer ${res.body.token as string}` };
  return {
    product: async (stock: number) => {
      const tag = randomUUID().slice(0, 8).toUpperCase();
      const p = await call(
        'POST',
        '/api/products',
        {
          title: `Bench bar ${tag}`,
          sku: `BENCH-${tag}`,
          priceFiat: 25,
          priceCrypto: '0.01',
          rwaType: 'commodity',
          status: 'active',
          stock,
        },
        auth,
      );
      return (p.body.product as { id: string }).id;
    },
    coupon: async (usageLimit: number) => {
      const code = `BENCH${randomUUID().slice(0, 6).toUpperCase()}`;
      const c = await call(
        'POST',
        '/api/coupons',
        { code, discountType: 'percentage', discountValue: 10, usageLimit },
        auth,
      );
      return { code, id: (c.body.coupon as { id: string }).id };
    },
    stock: async (id: string) =>
      ((await call('GET', `/api/products/${id}`, undefined, auth)).body.product as { stock: number }).stock,
    couponUses: async (id: string) =>
      ((await call('GET', `/api/coupons/${id}`, undefined, auth)).body.coupon as { usedCount: number }).usedCount,
    ordersOf: async (email: string) =>
      ((await call('GET', `/api/orders?q=${encodeURIComponent(email)}`, undefined, auth)).body as { total: number })
        .total,
  };
}

async function benchOne(
  engine: Engine,
  seconds: number,
  shoppers: number,
  processes: number,
  pgUrl: string,
): Promise<Run> {
  const fresh = await freshDatabase(engine, pgUrl);
  await fresh.database.close(); // the server opens it itself
  // A cluster's API processes reach the primary's dev chain through its JSON-RPC port.
  const cluster: Record<string, string> =
    processes > 1 ? { WEB_CONCURRENCY: String(processes), DEV_CHAIN_PORT: String(await freePort()) } : {};
  const server = await startServer({ ...fresh.env, ...cluster });
  try {
    const call = client(server.baseUrl);
    const staff = await admin(call);
    const stocked = await Promise.all(Array.from({ length: 10 }, () => staff.product(1_000_000)));
    const pick = (n: number) => stocked[n % stocked.length]!;

    let stopAt = Date.now() + 3000;
    await crowd(
      shoppers,
      () => Date.now() > stopAt,
      (n) => buyOnce(call, pick(n), n),
    );
    stopAt = Date.now() + seconds * 1000;
    const started = performance.now();
    const cpu = cpuMeter(server.pid);
    const load = await crowd(
      shoppers,
      () => Date.now() > stopAt,
      (n) => buyOnce(call, pick(n), n),
    );
    const elapsed = (performance.now() - started) / 1000;
    const spent = cpu();
    const sorted = load.times.sort((a, b) => a - b);

    const scarce = await staff.product(50);
    let soldOut = false;
    const race = await crowd(
      shoppers,
      () => soldOut,
      async (n) => {
        const r = await buyOnce(call, scarce, n);
        if (!r.ok && r.status === 409) soldOut = true;
        return r;
      },
    );
    const left = await staff.stock(scarce);

    const key = randomUUID();
    const repeated = { items: [{ productId: pick(0), qty: 1 }], email: 'once@bench.dev', provider: 'sandbox' };
    const repeats = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('POST', '/api/checkout/session', repeated, { 'idempotency-key': key, 'x-guest-id': key }),
      ),
    );
    const answered = new Set(repeats.filter((r) => r.status === 201).map((r) => r.body.orderId)).size;
    const ordersAdded = await staff.ordersOf('once@bench.dev');

    const coupon = await staff.coupon(25);
    let usedUp = false;
    const couponRace = await crowd(
      shoppers,
      () => usedUp,
      async (n) => {
        const r = await buyOnce(call, pick(n), n, coupon.code);
        if (!r.ok && r.status === 409) usedUp = true;
        return r;
      },
    );
    const couponUses = await staff.couponUses(coupon.id);

    const run: Run = {
      engine,
      processes,
      checkouts: sorted.length,
      perSecond: sorted.length / elapsed,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? 0,
      failures: load.failures + race.failures + couponRace.failures,
      scarceSold: 50 - left,
      idempotentOrders: answered === 1 ? ordersAdded : -answered,
      couponUses,
      cpuPerCheckout: {
        server: spent.server / sorted.length,
        database: spent.database / sorted.length,
        client: spent.client / sorted.length,
      },
    };
    console.log(
      `${engine}: ${run.checkouts} checkouts in ${elapsed.toFixed(1)} s; scarce product sold ${run.scarceSold}/50 (stock left ${left}); ` +
        `50 repeats of one key made ${ordersAdded} order(s); coupon limited to 25 used ${couponUses} times (${couponRace.times.length} paid)`,
    );
    return run;
  } finally {
    await server.stop();
    await fresh.dispose().catch(() => undefined);
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      engines: { type: 'string' },
      seconds: { type: 'string' },
      shoppers: { type: 'string' },
      processes: { type: 'string' },
    },
  });
  const seconds = Number(values.seconds ?? 15);
  const shoppers = Number(values.shoppers ?? 20);
  const processes = Number(values.processes ?? 1);
  const engines = (values.engines?.split(',') ?? ['pglite', 'postgres']) as Engine[];
  const pgTarget = postgresTarget();
  const runs: Run[] = [];
  for (const engine of engines) {
    if (engine === 'postgres' && !(await postgresReachable(pgTarget))) continue;
    runs.push(await benchOne(engine, seconds, shoppers, engine === 'postgres' ? processes : 1, pgTarget.url));
  }
  console.log(
    `\n${table(
      runs.map((r) => ({
        engine: r.engine,
        processes: r.processes,
        shoppers,
        checkouts: r.checkouts,
        'checkouts/s': r.perSecond.toFixed(0),
        'p50 ms': r.p50.toFixed(0),
        'p99 ms': r.p99.toFixed(0),
        'max ms': r.max.toFixed(0),
        'CPU ms/checkout server': r.cpuPerCheckout.server.toFixed(2),
        database: r.cpuPerCheckout.database.toFixed(2),
        'load generator': r.cpuPerCheckout.client.toFixed(2),
        failures: r.failures,
        'sold of 50': r.scarceSold,
        'orders of 1 key': r.idempotentOrders,
        'coupon uses of 25': r.couponUses,
      })),
    )}\n`,
  );
  const dir = path.join(root, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `checkout-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    load: os.loadavg(),
  };
  fs.writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), machine, seconds, shoppers, runs }, null, 2)}\n`,
  );
  console.log(`results: ${path.relative(process.cwd(), file)}`);
  const broken = runs.filter(
    (r) => r.failures || r.scarceSold !== 50 || r.idempotentOrders !== 1 || r.couponUses !== 25,
  );
  if (broken.length) {
    console.error(
      `FAILED: ${broken.map((r) => r.engine).join(', ')}: an error answer, overselling, a repeated key making orders, or a coupon used beyond its limit.`,
    );
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(`bench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
});
