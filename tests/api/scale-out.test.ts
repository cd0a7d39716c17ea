/**
 * Several API processes on one PostgreSQL database (issue 16), with real processes started as `npm start`'s server
 * (`scripts/server-process.ts`): two separate servers A and B on their own ports (B reaches A's dev chain through its
 * JSON-RPC endpoint, as documented in the README), and a WEB_CONCURRENCY=2 cluster sharing one port.
 *   - a logout or a suspension on one is a 401 on the other at the next call (their 2-second session caches are
 *     dropped through LISTEN/NOTIFY);
 *   - an order written through one is in the other's list and total at once (its count cache is dropped too);
 *   - both run the payout completer: a stored on-chain payout transfer is sent, and the payout completed, once;
 *   - 31 logins within a minute spread over both: the 31st is a 429 (REDIS_URL: the login limit is counted in Redis);
 *   - on PGlite, WEB_CONCURRENCY=2 is refused at start with a sentence (this part runs on both engines).
 * The rate-limit cases send from their own loopback addresses (127.0.0.2, 127.0.0.3), so the other cases' logins
 * (from 127.0.0.1) do not count towards them, and use a Redis key prefix unique to this run.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createPublicClient, http as viemHttp, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { chainFor } from '../../server/chain/client.js';
import { DEV_PAYOUT_KEY } from '../../server/chain/dev-chain.js';
import { nextNonce, signNativeTransfer, type TransferContext } from '../../server/chain/native-transfer.js';
import { auditEvents, chainTransactions, notifications, payouts } from '../../server/db/schema.js';
import { devChainPeerEnv, HANG_MS, startServerProcess } from '../../scripts/server-process.js';
import { engine } from './engine.js';
import { buildProduct, buildUser, PASSWORD } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { payoutFixtures } from './payout-fixtures.js';
import { serverCommand } from '../../scripts/server-entries.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `rwa-test-${process.pid}-${Date.now().toString(36)}:`;
const LOGIN_LIMIT = 30;

type Answer = { status: number; body: Record<string, unknown> };

/** One JSON call on a new connection (`connection: close`), from the given loopback address. */
function call(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; from?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = http.request(
      base + url,
      {
        method,
        agent: false,
        localAddress: opts.from ?? '127.0.0.1',
        headers: {
          connection: 'close',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function login(base: string, email: string, from?: string): Promise<Answer> {
  return call(base, 'POST', '/api/admin/auth/login', { body: { email, password: PASSWORD }, from });
}

async function tokenOf(base: string, email: string): Promise<string> {
  const res = await login(base, email);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
}

async function redisReachable(): Promise<string | null> {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (err) {
    return `no Redis at ${REDIS_URL} (${(err as Error).message})`;
  } finally {
    redis.disconnect();
  }
}

async function dropRedisKeys() {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  try {
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length) await redis.del(...keys);
  } catch {
    /* nothing to clean */
  } finally {
    redis.disconnect();
  }
}

describe('WEB_CONCURRENCY on PGlite', () => {
  it(
    'is refused at start with a sentence naming DATABASE_URL',
    async () => {
      const dir = fs.mkdtempSync(path.join(root, 'data-scale-test-'));
      try {
        const child = spawn(process.execPath, serverCommand('server/index.ts'), {
          cwd: root,
          env: { PATH: process.env.PATH ?? '', DATA_DIR: dir, WEB_CONCURRENCY: '2', PORT: '0', LOG_LEVEL: 'silent' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d));
        child.stderr.on('data', (d: Buffer) => (out += d));
        const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
        expect(code).toBe(1);
        expect(out).toContain('WEB_CONCURRENCY=2 needs PostgreSQL (DATABASE_URL)');
        // Nothing was opened: the refusal comes before the database.
        expect(fs.readdirSync(dir)).toEqual([]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    HANG_MS,
  );
});

const onPostgres = engine() === 'postgres';
if (!onPostgres)
  console.log(
    'scale-out: the two-process cases are skipped on PGlite (one process owns an embedded database); run them with TEST_DB=postgres.',
  );

describe.runIf(onPostgres)('two API processes on one PostgreSQL database', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof startServerProcess>>;
  let b: Awaited<ReturnType<typeof startServerProcess>>;
  let noRedis: string | null = null;
  let chainUrl = '';

  beforeAll(async () => {
    noRedis = await redisReachable();
    if (noRedis) console.log(`scale-out: the shared login limit case is skipped: ${noRedis}`);
    t = await createTestApp();
    const common = {
      DATABASE_URL: t.databaseUrl!,
      SEED_ON_EMPTY: 'false',
      SERVE_UI: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      LOGIN_RATE_LIMIT_MAX: String(LOGIN_LIMIT),
      RATE_LIMIT_MAX: '100000',
      REDIS_KEY_PREFIX: PREFIX,
      PAYOUT_COMPLETER_MS: '200',
      ...(noRedis ? {} : { REDIS_URL: REDIS_URL }),
    };
    // B uses A's dev chain, at the endpoint A's banner names.
    a = await startServerProcess(common);
    chainUrl = a.chainUrl!;
    b = await startServerProcess({ ...common, ...devChainPeerEnv(a.chainUrl) });
  }, 2 * HANG_MS); // a server start may take up to HANG_MS on a loaded machine

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await t?.close();
    await dropRedisKeys();
  });

  it('a logout on one is a 401 on the other at the next call', async () => {
    const staff = await buildUser(t, { role: 'operator' });
    for (let round = 0; round < 3; round++) {
      const token = await tokenOf(a.baseUrl, staff.email);
      // Both processes have the session in their caches now.
      expect((await call(a.baseUrl, 'GET', '/api/orders?limit=1', { token })).status).toBe(200);
      expect((await call(b.baseUrl, 'GET', '/api/orders?limit=1', { token })).status).toBe(200);
      const [from, to] = round % 2 === 0 ? [a, b] : [b, a];
      expect((await call(from.baseUrl, 'POST', '/api/admin/auth/logout', { token })).status).toBe(200);
      const next = await call(to.baseUrl, 'GET', '/api/orders?limit=1', { token });
      expect(next.status, `round ${round}`).toBe(401);
    }
  });

  it('a suspension on one is a 401 for that user on the other at the next call', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const staff = await buildUser(t, { role: 'finance' });
    const adminToken = await tokenOf(a.baseUrl, admin.email);
    const token = await tokenOf(b.baseUrl, staff.email);
    expect((await call(b.baseUrl, 'GET', '/api/orders?limit=1', { token })).status).toBe(200);
    expect((await call(a.baseUrl, 'POST', `/api/users/${staff.id}/suspend`, { token: adminToken })).status).toBe(200);
    expect((await call(b.baseUrl, 'GET', '/api/orders?limit=1', { token })).status).toBe(401);
    expect((await login(b.baseUrl, staff.email)).status).toBe(403);
  });

  it("an order written through one is in the other's list and total at once", async () => {
    const staff = await buildUser(t, { role: 'admin' });
    const customer = await buildUser(t);
    const product = await buildProduct(t);
    const token = await tokenOf(a.baseUrl, staff.email);
    const list = (base: string) => call(base, 'GET', `/api/orders?limit=5&status=pending`, { token });
    for (let round = 0; round < 3; round++) {
      const [writer, reader] = round % 2 === 0 ? [a, b] : [b, a];
      const before = await list(reader.baseUrl); // counted and kept by the reader
      expect(before.status).toBe(200);
      const made = await call(writer.baseUrl, 'POST', '/api/orders', {
        token,
        body: { userEmail: customer.email, productId: product.id, qty: 1 },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const after = await list(reader.baseUrl);
      expect(after.body.total, `round ${round}`).toBe((before.body.total as number) + 1);
      expect((after.body.orders as { id: string }[]).map((o) => o.id)).toContain(
        (made.body.order as { id: string }).id,
      );
    }
  });

  it('both run the payout completer: a stored on-chain payout transfer nobody finished is sent and recorded once', async () => {
    const { pendingPayout } = payoutFixtures(() => t);
    const { payout, a: recipient, wallet } = await pendingPayout(1);
    // What Pay on chain stores before sending (onchain.ts step 1), as if the process that stored it had then stopped.
    const publicClient = createPublicClient({ chain: chainFor(31337, chainUrl), transport: viemHttp(chainUrl) });
    const ctx = { chainId: 31337, publicClient, account: privateKeyToAccount(DEV_PAYOUT_KEY) } as TransferContext;
    const value = parseEther('0.002');
    const signed = await signNativeTransfer(ctx, { to: wallet!, value, nonce: await nextNonce(ctx, null) });
    await t.db
      .update(payouts)
      .set({
        method: 'crypto',
        walletAddress: wallet,
        amountWei: value.toString(),
        tokenRate: '0.0004',
        chainId: 31337,
        sender: ctx.account.address,
        nonce: signed.nonce,
        signedTx: signed.signedTx,
        txHash: signed.txHash,
        transferState: 'signed',
        transferClaimedUntil: null,
      })
      .where(eq(payouts.id, payout.id));
    await t.db.insert(chainTransactions).values({
      chainId: 31337,
      hash: signed.txHash,
      sender: ctx.account.address,
      nonce: signed.nonce,
      raw: signed.signedTx,
      payoutId: payout.id,
    });

    await expect
      .poll(async () => (await t.db.select().from(payouts).where(eq(payouts.id, payout.id)))[0]!.status, {
        timeout: 20_000,
        interval: 200,
      })
      .toBe('completed');
    expect(await publicClient.getBalance({ address: wallet! })).toBe(value);
    const completed = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, payout.id), eq(auditEvents.action, 'payout.completed')));
    expect(completed).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, recipient.id), eq(notifications.title, 'Your payout was sent'))),
    ).toHaveLength(1);
    expect(
      (await t.db.select().from(chainTransactions).where(eq(chainTransactions.payoutId, payout.id))).map((c) => c.hash),
    ).toEqual([signed.txHash]);
  });

  it('31 logins within a minute spread over both: the 31st is a 429 (the limit counts in Redis)', async (ctx) => {
    if (noRedis) ctx.skip();
    const staff = await buildUser(t, { role: 'operator' });
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT + 1; i++) {
      statuses.push((await login(i % 2 === 0 ? a.baseUrl : b.baseUrl, staff.email, '127.0.0.2')).status);
    }
    expect(statuses.slice(0, LOGIN_LIMIT)).toEqual(Array(LOGIN_LIMIT).fill(200));
    expect(statuses[LOGIN_LIMIT]).toBe(429);
    // Another address is not limited by those.
    expect((await login(b.baseUrl, staff.email, '127.0.0.3')).status).toBe(200);
  });
});

describe.runIf(onPostgres)('WEB_CONCURRENCY=2: a cluster on one port', () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  let noRedis: string | null = null;

  beforeAll(async () => {
    noRedis = await redisReachable();
    t = await createTestApp();
    server = await startServerProcess({
      DATABASE_URL: t.databaseUrl!,
      WEB_CONCURRENCY: '2',
      SEED_ON_EMPTY: 'false',
      SERVE_UI: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      LOGIN_RATE_LIMIT_MAX: String(LOGIN_LIMIT),
      RATE_LIMIT_MAX: '100000',
      REDIS_KEY_PREFIX: `${PREFIX}cluster:`,
      ...(noRedis ? {} : { REDIS_URL: REDIS_URL }),
    });
  }, HANG_MS + 60_000); // a server start may take up to HANG_MS on a loaded machine

  afterAll(async () => {
    await server?.stop();
    await t?.close();
  });

  it('runs two API processes behind the port; each new connection may reach either, and a logout holds on both', async () => {
    const children = fs
      .readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter((pid) =>
        fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(serverCommand('server/index.ts').at(-1)!),
      );
    expect(children).toHaveLength(2);
    const staff = await buildUser(t, { role: 'operator' });
    const token = await tokenOf(server.baseUrl, staff.email);
    // New connections are handed out in turn: four calls fill both processes' session caches.
    for (let i = 0; i < 4; i++)
      expect((await call(server.baseUrl, 'GET', '/api/orders?limit=1', { token })).status).toBe(200);
    expect((await call(server.baseUrl, 'POST', '/api/admin/auth/logout', { token })).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await call(server.baseUrl, 'GET', '/api/orders?limit=1', { token })).status).toBe(401);
  });

  it('counts the login limit across both processes with REDIS_URL: the 31st login is a 429', async (ctx) => {
    if (noRedis) ctx.skip();
    const staff = await buildUser(t, { role: 'operator' });
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT + 1; i++)
      statuses.push((await login(server.baseUrl, staff.email, '127.0.0.4')).status);
    expect(statuses.slice(0, LOGIN_LIMIT)).toEqual(Array(LOGIN_LIMIT).fill(200));
    expect(statuses[LOGIN_LIMIT]).toBe(429);
  });
});
