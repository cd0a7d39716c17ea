/**
 * PostgreSQL only, with real processes: a WEB_CONCURRENCY=2 cluster (`npm start`'s server: its primary runs the mint
 * worker, the checkout sweeper, the notification worker and the invalidation listener; each API process its pool and
 * listener) and an `npm run worker` beside it. The database ends every one of their connections (found by their
 * application_name) while they are idle and while 20 shoppers check out: no process exits or is replaced, answers are
 * 503 or successes, ready is back within seconds, the minted orders are all minted, the data adds up; then SIGTERM
 * stops each with exit code 0.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANG_MS, startServerProcess } from '../../scripts/server-process.js';
import { GUEST_ID_HEADER } from '../../src/common/checkout.js';
import { queryRows } from '../../server/db/client.js';
import { engine, postgresUrl } from './engine.js';
import { buildProduct, freshWallet } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { serverCommand } from '../../scripts/server-entries.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const APP_NAME = `rwa-faults-${process.pid}`;
const GUEST = randomUUID();
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Ada Buyer' };

type Server = Awaited<ReturnType<typeof startServerProcess>>;

/** The API processes the primary forked (its children running server/index.ts, or its compiled file). */
const apiProcesses = (pid: number) =>
  fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(
      (child) =>
        child && fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').includes(serverCommand('server/index.ts').at(-1)!),
    )
    .sort();

async function post(base: string, url: string, body: unknown) {
  const res = await fetch(base + url, {
    method: 'POST',
    // A shop's browser sends its guest id with every Idempotency-Key.
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), [GUEST_ID_HEADER]: GUEST },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), json: () => JSON.parse(text), text };
}

describe.runIf(engine() === 'postgres')('the database ends the connections of a cluster and a worker', () => {
  let t: TestApp;
  let admin: pg.Client;
  let server: Server;
  let worker: { child: ReturnType<typeof spawn>; output: () => string; exited: Promise<number | null> };
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    const u = new URL(t.databaseUrl!);
    u.searchParams.set('application_name', APP_NAME);
    url = u.toString();
    admin = new pg.Client({ connectionString: postgresUrl() });
    await admin.connect();
    server = await startServerProcess({
      DATABASE_URL: url,
      WEB_CONCURRENCY: '2',
      SEED_ON_EMPTY: 'false',
      SERVE_UI: 'false',
      DNS_SERVER: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      RATE_LIMIT_MAX: '100000',
      PAYMENT_RATE_LIMIT_MAX: '100000',
      CHECKOUT_SWEEP_SECONDS: '1',
      SHUTDOWN_GRACE_SECONDS: '5',
    });
    const chainUrl = /JSON-RPC at (http:\/\/[\d.:]+)/.exec(server.output())?.[1];
    expect(chainUrl, server.output()).toBeDefined();
    const child = spawn(process.execPath, serverCommand('server/modules/mint/worker-cli.ts'), {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: url, DEV_CHAIN_PORT: new URL(chainUrl!).port },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    worker = { child, output: () => out, exited: new Promise((r) => child.on('exit', (code) => r(code))) };
  }, HANG_MS + 60_000);

  afterAll(async () => {
    if (worker && worker.child.exitCode === null) worker.child.kill('SIGTERM');
    await server?.stop();
    await admin?.end();
    await t?.close();
  });

  /** Ends every connection of the cluster and the worker (never this test's); answers how many. */
  async function endConnections(): Promise<number> {
    const { rows } = await admin.query<{ n: number }>(
      'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = $1',
      [APP_NAME],
    );
    return rows[0]!.n;
  }

  /** Seconds until the cluster's GET /api/ready answers 200 (fails after 15 s). */
  async function secondsUntilReady(): Promise<number> {
    const started = Date.now();
    for (;;) {
      const res = await fetch(`${server.baseUrl}/api/ready`).catch(() => null);
      if (res?.status === 200) return (Date.now() - started) / 1000;
      if (Date.now() - started > 15_000) throw new Error(`not ready after 15 s: ${res?.status}\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it(
    'no process exits, answers are 503 or successes, everything serves again within seconds, the data adds up; SIGTERM exits 0',
    async () => {
      await secondsUntilReady();
      const before = apiProcesses(server.pid);
      expect(before).toHaveLength(2);
      // Wait until the worker has connected, so that ending connections reaches it too (its start may take a while on
      // a loaded machine: this catches a hang, it times nothing).
      const workerDeadline = Date.now() + HANG_MS;
      while (
        !worker.output().includes('started for minter') &&
        worker.child.exitCode === null &&
        Date.now() < workerDeadline
      )
        await new Promise((r) => setTimeout(r, 50));
      expect(worker.output()).toContain('started for minter');

      // Idle.
      expect(await endConnections()).toBeGreaterThan(0);
      const idle = await secondsUntilReady();

      // Under load: 20 shoppers buying a tokenised product (each paid order queues a mint job).
      const STOCK = 500;
      const product = await buildProduct(t, { priceFiat: '10.00', stock: STOCK, tokenId: '77' });
      const statuses: number[] = [];
      const bodies: string[] = [];
      const note = (res: Awaited<ReturnType<typeof post>>) => {
        statuses.push(res.status);
        if (![200, 201, 503].includes(res.status)) bodies.push(res.text);
        if (res.status === 503) {
          expect(res.json().messageCode).toBe('service_unavailable');
          expect(res.retryAfter).toBe('2');
        }
      };
      const shopper = async () => {
        for (let i = 0; i < 3; i++) {
          const session = await post(server.baseUrl, '/api/checkout/session', {
            items: [{ productId: product.id, qty: 1 }],
            email: 'buyer@example.com',
            provider: 'sandbox',
            walletAddress: freshWallet(),
          });
          note(session);
          if (session.status !== 201) continue;
          note(await post(server.baseUrl, `/api/payments/sandbox/${session.json().paymentId}/confirm`, GOOD_CARD));
        }
      };
      let ended = 0;
      const cutting = (async () => {
        for (let i = 0; i < 4; i++) {
          await new Promise((r) => setTimeout(r, 200));
          ended += await endConnections();
        }
      })();
      await Promise.all([...Array.from({ length: 20 }, shopper), cutting]);
      const loaded = await secondsUntilReady();
      const count = (s: number) => statuses.filter((x) => x === s).length;
      console.info(
        `cluster: ready ${idle.toFixed(2)} s after an idle cut, ${loaded.toFixed(2)} s after the load; ${ended} connections ended under load; ` +
          `${count(201)} checkouts, ${count(200)} payments, ${count(503)} answered 503`,
      );
      expect(
        statuses.filter((s) => ![200, 201, 503].includes(s)),
        bodies.join('\n'),
      ).toEqual([]);
      expect(count(200)).toBeGreaterThan(0);

      // No process died or was replaced; the worker runs on.
      expect(apiProcesses(server.pid)).toEqual(before);
      expect(worker.child.exitCode).toBeNull();
      expect(server.output()).not.toMatch(/exited \(|Unhandled 'error'/);

      // Every completed payment has one paid (or minted, fulfilled) order; the stock adds up; every mint job is minted.
      const deadline = Date.now() + HANG_MS; // a hang guard: minting takes a second or two
      const mintStatuses = () =>
        queryRows<{ status: string; n: number }>(
          t.db,
          sql`select status, count(*)::int as n from mint_jobs group by status`,
        );
      let jobs = await mintStatuses();
      while (!jobs.every((j) => j.status === 'succeeded') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        jobs = await mintStatuses();
      }
      expect(
        jobs.filter((j) => j.status !== 'succeeded'),
        worker.output() + server.output(),
      ).toEqual([]);
      const [check] = await queryRows<{ completed: number; unmatched: number; stock: number; taken: number }>(
        t.db,
        sql`select
        (select count(*) from payments where status = 'completed')::int as completed,
        (select count(*) from payments p where p.status = 'completed'
           and (select count(*) from orders o where o.id = p.order_id and o.status in ('paid', 'fulfilled')) <> 1)::int
          as unmatched,
        (select stock from products where id = ${product.id})::int as stock,
        (select coalesce(sum(i.qty), 0) from order_items i join orders o on o.id = i.order_id
          where i.product_id = ${product.id} and o.status <> 'failed')::int as taken`,
      );
      expect(check!.completed).toBe(count(200));
      expect(check!.unmatched).toBe(0);
      expect(check!.stock).toBe(STOCK - check!.taken);

      // SIGTERM: the worker and the cluster stop with exit code 0.
      worker.child.kill('SIGTERM');
      expect(await worker.exited, worker.output()).toBe(0);
      const stopped = await server.stop();
      expect(stopped, server.output()).toEqual({ code: 0, signal: null });
      for (const pid of before) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
    },
    2 * HANG_MS,
  ); // a hang guard for a loaded machine: the test itself takes seconds
});
