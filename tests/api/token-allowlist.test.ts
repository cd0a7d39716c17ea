/**
 * Transfers only to verified holders (issue 42): a product says whether its token goes only to wallets on the
 * contract's verified-holder allowlist ("Requires verified holders", on by default for bonds and real estate). The
 * mint worker keeps the contract so: a wallet is on the allowlist while its owner's KYC is approved and the owner is
 * active, a token is restricted while its product says so, and a mint to a wallet not yet verified waits with its
 * reason until it is.
 */
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { decodeFunctionData, parseTransaction, type Address, type TransactionSerialized } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBalance, readRestricted, readVerified, rwaTokenAbi } from '../../server/chain/contract.js';
import { auditEvents, chainTransactions, users } from '../../server/db/schema.js';
import { changed } from '../../server/lib/live.js';
import { WAITS_FOR_VERIFIED_HOLDER } from '../../server/modules/mint/policy.js';
import { buildProduct, buildUser, freshWallet, productInput } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { countStatements } from './statements.js';

let t: TestApp;
/** The app's warning lines, as JSON. */
const warned: { msg?: string; mintJobId?: string }[] = [];
const warnings = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const text of chunk.toString().split('\n').filter(Boolean))
      warned.push(JSON.parse(text) as (typeof warned)[0]);
    done();
  },
});
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'warn', LOG_FORMAT: 'json' },
    { chain: true, worker: { pollMs: 100 }, logStream: warnings },
  );
});
afterAll(async () => {
  await t.close();
});

/**
 * Sets a user's fields in SQL and announces the change as every audited write of the app announces its own (lib/live.ts):
 * the worker reads the allowlist again on such an announcement, not on every pass.
 */
async function setUser(id: string, fields: Partial<typeof users.$inferInsert>) {
  await t.db.update(users).set(fields).where(eq(users.id, id));
  changed('user', id);
}

const create = async (overrides: Record<string, unknown>) => {
  const res = await t.call('POST', '/api/products', { body: productInput(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product;
};

describe('a product’s "Requires verified holders" switch', () => {
  it('is on by default for bonds and real estate, off for the other types', async () => {
    for (const [rwaType, on] of [
      ['bonds', true],
      ['real_estate', true],
      ['commodity', false],
      ['art', false],
      ['collectibles', false],
    ] as const) {
      const p = await create({ rwaType });
      expect(p.requiresVerifiedHolders, rwaType).toBe(on);
      expect((await t.call('GET', `/api/products/${p.id}`)).json().product.requiresVerifiedHolders).toBe(on);
    }
  });

  it('takes what staff say on create and on update, with an audit entry for the change', async () => {
    const bond = await create({ rwaType: 'bonds', requiresVerifiedHolders: false });
    expect(bond.requiresVerifiedHolders).toBe(false);
    const art = await create({ rwaType: 'art', requiresVerifiedHolders: true });
    expect(art.requiresVerifiedHolders).toBe(true);
    const res = await t.call('PUT', `/api/products/${bond.id}`, { body: { requiresVerifiedHolders: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product).toMatchObject({ requiresVerifiedHolders: true, rwaType: 'bonds', title: bond.title });
    // Changing the type later leaves the switch as it is.
    const moved = await t.call('PUT', `/api/products/${bond.id}`, { body: { rwaType: 'art' } });
    expect(moved.json().product.requiresVerifiedHolders).toBe(true);
    const [entry] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, bond.id), eq(auditEvents.action, 'product.update')))
      .limit(1);
    expect(JSON.stringify(entry!.data)).toContain('requiresVerifiedHolders');
  });

  it('refuses anything but true or false with a sentence, changing nothing', async () => {
    const p = await create({ rwaType: 'bonds' });
    for (const value of ['yes', 1, null]) {
      const res = await t.call('PUT', `/api/products/${p.id}`, { body: { requiresVerifiedHolders: value } });
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(res.body).toContain('Requires verified holders must be true or false.');
    }
    const bad = await t.call('POST', '/api/products', { body: productInput({ requiresVerifiedHolders: 'no' }) });
    expect(bad.statusCode).toBe(400);
    expect((await t.call('GET', `/api/products/${p.id}`)).json().product.requiresVerifiedHolders).toBe(true);
  });
});

const chain = () => t.app.ctx.chain!.chain!;
const verified = (wallet: Address) => readVerified(chain().publicClient, chain().tokenAddress, wallet);
const restricted = (tokenId: string) => readRestricted(chain().publicClient, chain().tokenAddress, BigInt(tokenId));
/** The allowlist calls stored for the chain (each one signed once), as [function, first argument, on]. */
const storedCalls = async () =>
  (await t.db.select({ raw: chainTransactions.raw }).from(chainTransactions)).flatMap(({ raw }) => {
    const tx = parseTransaction(raw as TransactionSerialized);
    try {
      const call = decodeFunctionData({ abi: rwaTokenAbi, data: tx.data! });
      const args = (call.args ?? []) as unknown[];
      return ['setVerified', 'setRestricted'].includes(call.functionName)
        ? [[call.functionName, String(args[0]).toLowerCase(), args[1]]]
        : [];
    } catch {
      return [];
    }
  });

describe('the worker reads the allowlist when it may have changed', () => {
  it('not on every pass: an idle worker sends no read of the wallets in 1 s (ten passes)', async () => {
    // A pass after a change (an earlier test's) has had its read.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { count } = await countStatements(() => new Promise((resolve) => setTimeout(resolve, 1000)));
    expect(count.sql.filter((q) => /from "allowlisted_wallets"/.test(q))).toEqual([]);
    // …and a change announced by the app is read at once (the next cases: each waits for the chain to follow one).
  });
});

describe('the contract kept as the database says', () => {
  const tokenId = String(3_000_000 + Math.floor(Math.random() * 1e9));
  const wallet = freshWallet();
  let productId: string;
  let userId: string;

  it('a mint to an unverified wallet of a restricted token waits with its reason, then goes out once KYC is approved', async () => {
    productId = (await buildProduct(t, { tokenId, rwaType: 'bonds' })).id;
    userId = (await buildUser(t)).id;
    await setUser(userId, { walletAddress: wallet, kycStatus: 'pending' });
    await expect.poll(() => restricted(tokenId), { timeout: 20_000 }).toBe(true);
    const queued = await t.call('POST', '/api/mint-jobs', {
      as: 'operator',
      body: { walletAddress: wallet, tokenId: Number(tokenId), amount: '3', note: 'For the allowlist test' },
    });
    expect(queued.statusCode, queued.body).toBe(201);
    const id = queued.json().job.id;
    const job = async () => (await t.call('GET', `/api/mint-jobs/${id}`)).json().job;
    await expect.poll(async () => (await job()).lastError, { timeout: 20_000 }).toBe(WAITS_FOR_VERIFIED_HOLDER);
    // The screens show the reason in their language by its code.
    expect(await job()).toMatchObject({ attempts: 0, lastErrorCode: 'waits_verified_holder' });
    expect((await job()).status).not.toBe('failed');
    expect(await verified(wallet)).toBe(false);
    // Put off again at each pass for the same reason, the job is told in the log once, not at every pass.
    const passes = new Set<string>();
    await expect
      .poll(async () => passes.add((await job()).updatedAt).size, { timeout: 30_000, interval: 500 })
      .toBeGreaterThanOrEqual(3);
    expect(warned.filter((l) => l.mintJobId === id).map((l) => l.msg)).toEqual([
      `mint job ${id}: ${WAITS_FOR_VERIFIED_HOLDER}; tried again later`,
    ]);

    await setUser(userId, { kycStatus: 'approved' });
    await expect.poll(async () => (await job()).status, { timeout: 30_000 }).toBe('succeeded');
    expect(await verified(wallet)).toBe(true);
    expect(await readBalance(chain().publicClient, chain().tokenAddress, wallet, BigInt(tokenId))).toBe(3n);
  }, 60_000);

  it('a suspended owner’s wallet leaves the allowlist, and each change is signed once', async () => {
    await setUser(userId, { status: 'suspended' });
    await expect.poll(() => verified(wallet), { timeout: 20_000 }).toBe(false);
    const mine = (await storedCalls()).filter((c) => c[1] === wallet.toLowerCase());
    expect(mine).toEqual([
      ['setVerified', wallet.toLowerCase(), true],
      ['setVerified', wallet.toLowerCase(), false],
    ]);
    await setUser(userId, { status: 'active', kycStatus: 'rejected' });
    // The audit log keeps each change the worker made, by the system, on the wallet's account.
    const userEntries = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, userId), eq(auditEvents.action, 'user.allowlist')))
      .orderBy(auditEvents.id);
    expect(userEntries.map((e) => [e.actorId, e.data])).toEqual([
      [null, { walletAddress: wallet.toLowerCase(), verifiedHolder: true }],
      [null, { walletAddress: wallet.toLowerCase(), verifiedHolder: false }],
    ]);
    // Active again but rejected: still off, and nothing more sent.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await verified(wallet)).toBe(false);
    expect((await storedCalls()).filter((c) => c[1] === wallet.toLowerCase())).toHaveLength(2);
  }, 40_000);

  it('a verified owner who changes wallet: the new one goes on the allowlist, the old one comes off', async () => {
    const owner = (await buildUser(t)).id;
    const first = freshWallet();
    const second = freshWallet();
    await setUser(owner, { walletAddress: first, kycStatus: 'approved' });
    await expect.poll(() => verified(first), { timeout: 20_000 }).toBe(true);
    await setUser(owner, { walletAddress: second });
    await expect.poll(() => verified(second), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => verified(first), { timeout: 20_000 }).toBe(false);
    expect((await storedCalls()).filter((c) => c[1] === first.toLowerCase())).toEqual([
      ['setVerified', first.toLowerCase(), true],
      ['setVerified', first.toLowerCase(), false],
    ]);
  }, 60_000);

  it('turning the switch off lifts the token’s restriction on the chain', async () => {
    const res = await t.call('PUT', `/api/products/${productId}`, { body: { requiresVerifiedHolders: false } });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => restricted(tokenId), { timeout: 20_000 }).toBe(false);
    expect((await storedCalls()).filter((c) => c[0] === 'setRestricted' && c[1] === tokenId)).toEqual([
      ['setRestricted', tokenId, true],
      ['setRestricted', tokenId, false],
    ]);
    const entries = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, productId), eq(auditEvents.action, 'product.allowlist')))
      .orderBy(auditEvents.id);
    expect(entries.map((e) => [e.actorId, e.data])).toEqual([
      [null, { tokenId, requiresVerifiedHolders: true }],
      [null, { tokenId, requiresVerifiedHolders: false }],
    ]);
  }, 40_000);
});
