/**
 * npm run bench:failover [-- --processes=2] [-- --shoppers=20] [-- --seconds=6] [-- --variants=restart,terminate]
 *   [-- --worker=true]
 * The database goes away under load and comes back: how long the app is without service, what the shoppers saw, and
 * whether the data held. On a PRIVATE PostgreSQL (initdb into a temporary folder, a free loopback port; stopped and
 * removed at the end; a server already running is never touched):
 * 1. the app starts on it (APP_COMMAND: `processes` API processes, WEB_CONCURRENCY, default 2 or $WEB_CONCURRENCY),
 *    with the mint worker as its own process (`npm run worker`, MINT_WORKER=false on the server) unless --worker=false;
 * 2. `shoppers` shoppers check out a tokenised product and pay with the card sandbox, each to a fresh wallet; after
 *    3 s one variant strikes: `restart` is `pg_ctl restart -m fast`, `terminate` is `pg_terminate_backend` on every
 *    connection of the app; the shoppers go on until `seconds` after the database accepts connections again;
 * 3. reported: seconds without service (the first failed request to the first one answered OK after the database is
 *    back), seconds from the database accepting connections to /api/ready answering 200 on every API process (2 × N
 *    probes in a row, each on a new connection, which the cluster hands to its processes in turn), requests sent and
 *    failed by status, API processes that exited;
 * 4. then the data: each completed payment has exactly one paid order and each paid order one completed payment,
 *    stock = initial − sold, each paid order's line minted once (one succeeded job, the wallet's balance on the chain
 *    equals the quantity), nothing left queued or processing; and, after the app stopped, `npm run reconcile`.
 * A broken invariant, a 500 or a process that exited fails the run (exit code 1). Results: a table and bench/results/.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import type { PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { connectChain, devChainViaRpc } from '../server/chain/client.js';
import { readBalance } from '../server/chain/contract.js';
import { freePort } from '../scripts/server-process.js';
import { client, table, type Client } from './lib.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);

/** How the app and the worker are started (one place, to switch to the compiled server). */
const APP_COMMAND = process.env.BENCH_APP_COMMAND ?? `${process.execPath} --import tsx server/index.ts`;
const WORKER_COMMAND =
  process.env.BENCH_WORKER_COMMAND ?? `${process.execPath} --import tsx server/modules/mint/worker-cli.ts`;
const PG_BIN = process.env.BENCH_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Bench Shopper' };
const STOCK = 1_000_000;
const TOKEN_ID = '77';
/** Bounds: the database back, every process ready, the mint queue drained. */
const BACK_MS = 60_000;
const READY_MS = 60_000;
const DRAIN_MS = 180_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** PostgreSQL refuses to run as root: then its commands run as the `postgres` user. */
const asOwner = (cmd: string, args: string[]): [string, string[]] =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];

/** A PostgreSQL of this run only: initdb into a temporary folder, a free port on 127.0.0.1. */
async function privatePostgres() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-failover-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    fs.chownSync(dir, Number(stdout), Number(gid));
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  const pgCtl = (...args: string[]) => run(...asOwner(path.join(PG_BIN, 'pg_ctl'), ['-D', data, ...args]));
  await run(...asOwner(path.join(PG_BIN, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']));
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const logFile = path.join(dir, 'log');
  await pgCtl('-o', options, '-l', logFile, '-w', 'start');
  const url = `postgres://postgres@127.0.0.1:${port}/rwa`;
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database rwa');
  await admin.end();
  return {
    url,
    /** `pg_ctl restart -m fast`; returns when it is accepting connections again. */
    restart: () => pgCtl('-m', 'fast', '-l', logFile, '-w', 'restart'),
    /** Ends every connection to the app's database; answers how many. */
    terminate: async () => {
      const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
      await c.connect();
      try {
        const { rows } = await c.query<{ n: number }>(
          `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = 'rwa'`,
        );
        return rows[0]!.n;
      } finally {
        await c.end();
      }
    },
    /** Whether a new connection gets an answer now. */
    accepting: async () => {
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
      c.on('error', () => {});
      try {
        await c.connect();
        await c.query('select 1');
        return true;
      } catch {
        return false;
      } finally {
        await c.end().catch(() => undefined);
      }
    },
    stop: async () => {
      await pgCtl('-m', 'immediate', 'stop').catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
type PrivatePostgres = Awaited<ReturnType<typeof privatePostgres>>;

/** A command of APP_COMMAND's shape in its own process, its output's tail kept. */
function launch(command: string, env: Record<string, string>) {
  const [cmd, ...args] = command.split(' ');
  const child = spawn(cmd!, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d: Buffer) => (output = (output + d).slice(-200_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { child, output: () => output };
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(30_000).then(() => child.kill('SIGKILL'))]);
}

/** GET /api/ready on a new connection (so the cluster hands it to its next process): the status, 0 if refused. */
function readyStatus(base: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(`${base}/api/ready`, { agent: false, timeout: 3000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

/** Waits until `inARow` probes in a row answer 200; the time that took (throws after `ms`). */
async function readyEverywhere(base: string, inARow: number, ms: number) {
  const started = performance.now();
  let streak = 0;
  while (streak < inARow) {
    if (performance.now() - started > ms) throw new Error(`not ready on every process after ${ms / 1000} s`);
    if ((await readyStatus(base)) === 200) streak++;
    else {
      streak = 0;
      await sleep(50);
    }
  }
  return performance.now() - started;
}

type Sent = { at: number; done: number; status: number };

/** Shoppers buying one unit each until `stop()`, every call recorded (status 0: no answer). */
async function shoppers(call: Client, count: number, productId: string, stop: () => boolean, log: Sent[]) {
  const timed = async (method: string, url: string, body?: unknown, headers?: Record<string, string>) => {
    const at = performance.now();
    const res = await call(method, url, body, headers).catch(() => ({
      status: 0,
      body: {} as Record<string, unknown>,
    }));
    log.push({ at, done: performance.now(), status: res.status });
    return res;
  };
  await Promise.all(
    Array.from({ length: count }, async () => {
      while (!stop()) {
        await timed('GET', `/api/shop/products/${productId}`);
        const wallet = privateKeyToAccount(generatePrivateKey()).address;
        const items = [{ productId, qty: 1 }];
        const session = await timed(
          'POST',
          '/api/checkout/session',
          { items, email: `shopper@bench.dev`, provider: 'sandbox', walletAddress: wallet },
          { 'idempotency-key': randomUUID(), 'x-guest-id': randomUUID() },
        );
        if (session.status === 201)
          await timed('POST', `/api/payments/sandbox/${session.body.paymentId as string}/confirm`, CARD);
        else if (session.status === 0 || session.status >= 500) await sleep(100); // as a client with a retry would
      }
    }),
  );
}

type Outcome = {
  variant: string;
  /** From the strike to PostgreSQL accepting connections again. */
  awayS: number;
  /** From the first failed answer to the first OK one after the database was back. */
  downS: number;
  /** From the first failed answer to the last. */
  failingS: number;
  /** From the database accepting connections to the first OK answer. */
  servingAfterBackS: number;
  readyS: number;
  sent: number;
  failed: Record<string, number>;
  ended: number;
};

async function strike(
  variant: string,
  db: PrivatePostgres,
  base: string,
  processes: number,
  productId: string,
  shopperCount: number,
  seconds: number,
): Promise<Outcome> {
  const call = client(base);
  const log: Sent[] = [];
  let stopAt = Infinity;
  const load = shoppers(call, shopperCount, productId, () => performance.now() > stopAt, log);
  await sleep(3000);
  const struck = performance.now();
  let ended = 0;
  if (variant === 'restart') await db.restart();
  else ended = await db.terminate();
  while (!(await db.accepting())) {
    if (performance.now() - struck > BACK_MS) throw new Error('PostgreSQL did not come back');
    await sleep(20);
  }
  const back = performance.now();
  const readyMs = await readyEverywhere(base, 2 * processes, READY_MS);
  stopAt = back + Math.max(seconds * 1000, readyMs + 2000);
  await load;

  const failedAt = log.filter((s) => s.at >= struck - 5000 && (s.status === 0 || s.status >= 500)).map((s) => s.done);
  const firstFailure = Math.min(...failedAt);
  const firstOk = (after: number) =>
    Math.min(...log.filter((s) => s.status > 0 && s.status < 400 && s.done > after).map((s) => s.done));
  const byStatus: Record<string, number> = {};
  for (const s of log) {
    const key = s.status === 0 ? 'no answer' : String(s.status);
    if (s.status === 0 || s.status >= 400) byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  return {
    variant,
    awayS: (back - struck) / 1000,
    downS: failedAt.length ? (firstOk(Math.max(back, firstFailure)) - firstFailure) / 1000 : 0,
    failingS: failedAt.length ? (Math.max(...failedAt) - firstFailure) / 1000 : 0,
    servingAfterBackS: (firstOk(back) - back) / 1000,
    readyS: readyMs / 1000,
    sent: log.length,
    failed: byStatus,
    ended,
  };
}

type Integrity = Record<string, number>;

/** The data after the strikes (0 everywhere but `paid orders` and `minted` is what must hold). */
async function integrity(url: string, productId: string, chainUrl: string): Promise<Integrity> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const one = async (q: string) => Number((await c.query<{ n: number }>(q, [productId])).rows[0]!.n);
    const started = performance.now();
    while (
      (await one(
        `select count(*)::int as n from mint_jobs where product_id = $1 and status in ('queued', 'processing')`,
      )) > 0
    ) {
      if (performance.now() - started > DRAIN_MS) break;
      await sleep(500);
    }
    const lines = (
      await c.query<{ wallet: `0x${string}`; qty: number; jobs: number }>(
        `select o.wallet_address as wallet, i.qty,
                (select count(*) from mint_jobs j where j.order_item_id = i.id and j.status = 'succeeded')::int as jobs
           from orders o join order_items i on i.order_id = o.id
          where i.product_id = $1 and o.status in ('paid', 'fulfilled')`,
        [productId],
      )
    ).rows;
    const chain = await connectChain(devChainViaRpc(chainUrl));
    let wrongBalance = 0;
    try {
      for (let i = 0; i < lines.length; i += 50)
        await Promise.all(
          lines.slice(i, i + 50).map(async (l) => {
            const balance = await readBalance(
              chain.publicClient as unknown as PublicClient,
              chain.tokenAddress,
              l.wallet,
              BigInt(TOKEN_ID),
            );
            if (balance !== BigInt(l.qty)) wrongBalance++;
          }),
        );
    } finally {
      await chain.close();
    }
    return {
      'paid orders': lines.length,
      'payments without one paid order': await one(
        `select count(*)::int as n from payments p join order_items i on i.order_id = p.order_id
          where i.product_id = $1 and p.status = 'completed'
            and (select count(*) from orders o where o.id = p.order_id and o.status in ('paid', 'fulfilled')) <> 1`,
      ),
      'paid orders without one payment': await one(
        `select count(*)::int as n from orders o join order_items i on i.order_id = o.id
          where i.product_id = $1 and o.status in ('paid', 'fulfilled')
            and (select count(*) from payments p where p.order_id = o.id and p.status = 'completed') <> 1`,
      ),
      'stock off by': await one(
        `select abs(${STOCK} - p.stock - coalesce((select sum(i.qty) from order_items i join orders o on o.id = i.order_id
                  where i.product_id = p.id and o.status <> 'failed'), 0))::int as n
           from products p where p.id = $1`,
      ),
      'lines not minted once': lines.filter((l) => l.jobs !== 1).length,
      'wrong balances': wrongBalance,
      'jobs left queued/processing': await one(
        `select count(*)::int as n from mint_jobs where product_id = $1 and status in ('queued', 'processing')`,
      ),
      'jobs failed': await one(`select count(*)::int as n from mint_jobs where product_id = $1 and status = 'failed'`),
    };
  } finally {
    await c.end();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      processes: { type: 'string' },
      shoppers: { type: 'string' },
      seconds: { type: 'string' },
      variants: { type: 'string' },
      worker: { type: 'string' },
    },
  });
  const processes = Number(values.processes ?? process.env.WEB_CONCURRENCY ?? 2);
  const shopperCount = Number(values.shoppers ?? 20);
  const seconds = Number(values.seconds ?? 6);
  const variants = values.variants?.split(',') ?? ['restart', 'terminate'];
  const separateWorker = (values.worker ?? 'true') !== 'false';

  const db = await privatePostgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-failover-data-'));
  const [port, chainPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const chainUrl = `http://127.0.0.1:${chainPort}`;
  const env = {
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    DNS_PORT: '0',
    DEV_CHAIN_PORT: String(chainPort),
    WEB_CONCURRENCY: String(processes),
    MINT_WORKER: separateWorker ? 'false' : 'true',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SERVE_UI: 'false',
    RATE_LIMIT_MAX: '100000000',
    PAYMENT_RATE_LIMIT_MAX: '100000000',
    SEED_ON_EMPTY: 'true',
    SEED_FILE: 'db.json',
  };
  const app = launch(APP_COMMAND, env);
  let worker: ReturnType<typeof launch> | null = null;
  const outcomes: Outcome[] = [];
  let checks: Integrity;
  let reconciled = false;
  let exits: number;
  try {
    const startedAt = performance.now();
    await readyEverywhere(base, 1, 5 * 60_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${app.output().slice(-3000)}`);
    });
    console.log(`app ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s (${processes} API processes)`);
    if (separateWorker) worker = launch(WORKER_COMMAND, env);

    const call = client(base);
    const login = await call('POST', '/api/admin/auth/login', { email: 'admin@rwa.dev', password: 'rwa-dev-password' });
    const auth = { authorization: `Bearer ${login.body.token as string}` };
    const tag = randomUUID().slice(0, 8).toUpperCase();
    const created = await call(
      'POST',
      '/api/products',
      {
        title: `Failover bar ${tag}`,
        sku: `FAILOVER-${tag}`,
        priceFiat: 25,
        priceCrypto: '0.01',
        rwaType: 'commodity',
        status: 'active',
        stock: STOCK,
        tokenId: TOKEN_ID,
      },
      auth,
    );
    const productId = (created.body.product as { id: string } | undefined)?.id;
    if (!productId) throw new Error(`product not created: ${JSON.stringify(created.body)}`);

    for (const variant of variants) {
      const o = await strike(variant, db, base, processes, productId, shopperCount, seconds);
      outcomes.push(o);
      console.log(`${variant}: ${JSON.stringify(o)}`);
    }
    checks = await integrity(db.url, productId, chainUrl);
    exits =
      (app.output().match(/API process \d+ exited/g) ?? []).length +
      (worker?.child.exitCode !== null && worker ? 1 : 0);
  } finally {
    if (worker) await stopChild(worker.child);
    await stopChild(app.child);
  }
  try {
    const r = await run(process.execPath, ['--import', 'tsx', 'server/modules/reconcile/cli.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: db.url, DATA_DIR: dataDir },
    });
    reconciled = true;
    console.log(r.stdout.trim().split('\n').at(-1));
  } catch (err) {
    console.error(`reconcile failed:\n${(err as { stdout?: string }).stdout ?? String(err)}`);
  } finally {
    await db.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(
    `\n${table(
      outcomes.map((o) => ({
        variant: o.variant,
        processes: `${processes}${separateWorker ? ' + worker' : ''}`,
        shoppers: shopperCount,
        's database away': o.awayS.toFixed(2),
        's without service': o.downS.toFixed(2),
        's failing': o.failingS.toFixed(2),
        's to first OK once back': o.servingAfterBackS.toFixed(2),
        's until all ready': o.readyS.toFixed(2),
        requests: o.sent,
        'failed (by status)':
          Object.entries(o.failed)
            .map(([s, n]) => `${s}:${n}`)
            .join(' ') || '0',
      })),
    )}\n`,
  );
  console.log(
    Object.entries(checks)
      .map(([k, v]) => `${k}: ${v}`)
      .join('; '),
  );
  console.log(`processes exited: ${exits}; reconcile: ${reconciled ? 'passes' : 'FAILED'}`);

  const dir = path.join(root, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `failover-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const machine = { cpus: os.cpus().length, node: process.version, load: os.loadavg() };
  fs.writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), machine, processes, separateWorker, shoppers: shopperCount, outcomes, checks, exits, reconciled }, null, 2)}\n`,
  );
  console.log(`results: ${path.relative(process.cwd(), file)}`);
  const broken = Object.entries(checks).filter(([k, v]) => k !== 'paid orders' && v !== 0);
  // 503 with Retry-After is the one failure allowed: a 500, another error or no answer at all is not.
  const wrongAnswers = outcomes.some((o) => Object.keys(o.failed).some((s) => s !== '503'));
  if (broken.length || !reconciled || exits || wrongAnswers || !checks['paid orders']) {
    console.error('FAILED: a broken invariant, an answer other than 503, a process that exited or reconcile failing.');
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(`bench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
});
