/**
 * A wallet frozen for one token (issue 42): staff who edit products freeze or unfreeze a wallet for a tokenised
 * product's token with a reason; the audit log keeps each change (and the system's, when the worker sets it on the
 * chain); the mint worker sends `setFrozen` once, and the contract then refuses a transfer from or to that wallet.
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  createWalletClient,
  custom,
  decodeFunctionData,
  parseTransaction,
  type Address,
  type TransactionSerialized,
} from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBalance, readFrozen, rwaTokenAbi } from '../../server/chain/contract.js';
import { devFundedAccounts } from '../../server/chain/hd.js';
import { auditEvents, chainTransactions, tokenFreezes } from '../../server/db/schema.js';
import { buildProduct, freshWallet } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { chain: true, worker: { pollMs: 100 } });
});
afterAll(async () => {
  await t.close();
});

const chain = () => t.app.ctx.chain!.chain!;
const [alice, bob] = devFundedAccounts() as [PrivateKeyAccount, PrivateKeyAccount];
const tokenId = String(4_000_000 + Math.floor(Math.random() * 1e9));
let productId: string;

const freeze = (
  body: Record<string, unknown>,
  as: 'admin' | 'operator' | 'finance' | 'user' = 'operator',
  id = productId,
) => t.call('POST', `/api/products/${id}/holders/freeze`, { as, body });
const unfreeze = (body: Record<string, unknown>, as: 'admin' | 'operator' = 'admin') =>
  t.call('POST', `/api/products/${productId}/holders/unfreeze`, { as, body });
const frozenOnChain = (wallet: Address) =>
  readFrozen(chain().publicClient, chain().tokenAddress, BigInt(tokenId), wallet);
const entries = (action: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, productId), eq(auditEvents.action, action)))
    .orderBy(asc(auditEvents.id));
/** The setFrozen calls stored for the chain (each one signed once), as [token id, wallet, on]. */
const storedFreezes = async () =>
  (await t.db.select({ raw: chainTransactions.raw }).from(chainTransactions)).flatMap(({ raw }) => {
    const tx = parseTransaction(raw as TransactionSerialized);
    try {
      const call = decodeFunctionData({ abi: rwaTokenAbi, data: tx.data! });
      const args = (call.args ?? []) as unknown[];
      return call.functionName === 'setFrozen' ? [[String(args[0]), String(args[1]).toLowerCase(), args[2]]] : [];
    } catch {
      return [];
    }
  });
const walletOf = (account: PrivateKeyAccount) =>
  createWalletClient({
    account,
    chain: chain().chain,
    transport: custom({ request: (args) => chain().publicClient.request(args as never) }),
  });
const transfer = (from: PrivateKeyAccount, to: Address, amount: bigint) =>
  walletOf(from).writeContract({
    address: chain().tokenAddress,
    abi: rwaTokenAbi,
    functionName: 'safeTransferFrom',
    args: [from.address, to, BigInt(tokenId), amount, '0x'],
  });
const balance = (wallet: Address) => readBalance(chain().publicClient, chain().tokenAddress, wallet, BigInt(tokenId));

describe('freezing a wallet for one token', () => {
  it('a holder’s tokens are minted (a token any wallet may hold)', async () => {
    productId = (await buildProduct(t, { tokenId, rwaType: 'art', requiresVerifiedHolders: false })).id;
    for (const [who, amount] of [
      [alice, '4'],
      [bob, '2'],
    ] as const) {
      const queued = await t.call('POST', '/api/mint-jobs', {
        as: 'operator',
        body: { walletAddress: who.address, tokenId: Number(tokenId), amount, note: 'For the freeze test' },
      });
      expect(queued.statusCode, queued.body).toBe(201);
    }
    await expect.poll(() => balance(alice.address), { timeout: 30_000 }).toBe(4n);
    await expect.poll(() => balance(bob.address), { timeout: 30_000 }).toBe(2n);
  }, 40_000);

  it('only staff who edit products may freeze: finance and shoppers are refused, nothing changed', async () => {
    for (const as of ['finance', 'user'] as const) {
      const res = await freeze({ wallet: alice.address, reason: 'Court order 17' }, as);
      expect(res.statusCode, as).toBe(403);
    }
    expect(await t.db.select().from(tokenFreezes).where(eq(tokenFreezes.productId, productId))).toEqual([]);
  });

  it('refuses bad input with a sentence, changing nothing', async () => {
    const untokenised = (await buildProduct(t)).id;
    const cases: [Record<string, unknown>, number, RegExp, string?][] = [
      [{ wallet: alice.address }, 400, /Reason is required/],
      [{ wallet: alice.address, reason: 'ab' }, 400, /Reason must be at least 3 characters/],
      [{ wallet: alice.address, reason: 'x'.repeat(501) }, 400, /Reason can be at most 500 characters/],
      [{ wallet: '0x1234', reason: 'Court order 17' }, 400, /Wallet must be an EVM address/],
      [{ reason: 'Court order 17' }, 400, /Wallet is required/],
      [
        { wallet: alice.address, reason: 'Court order 17' },
        409,
        /Only a tokenised product’s token can be frozen/,
        untokenised,
      ],
      [
        { wallet: alice.address, reason: 'Court order 17' },
        404,
        /Product not found/,
        '00000000-0000-4000-8000-000000000000',
      ],
    ];
    for (const [body, status, sentence, id] of cases) {
      const res = await freeze(body, 'operator', id);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error).toMatch(sentence);
    }
    const notFrozen = await unfreeze({ wallet: alice.address, reason: 'Lifted' });
    expect(notFrozen.statusCode).toBe(409);
    expect(notFrozen.json().error).toBe(
      `Wallet ${alice.address.toLowerCase()} is not frozen for this token: there is nothing to unfreeze.`,
    );
    expect(await t.db.select().from(tokenFreezes)).toEqual([]);
    expect(await entries('product.freeze')).toEqual([]);
  });

  it('an operator freezes a holder with a reason: audited as a code with its fields, shown on the holders list', async () => {
    const res = await freeze({ wallet: alice.address, reason: '  Court order 17  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().freeze).toMatchObject({
      wallet: alice.address.toLowerCase(),
      frozen: true,
      reason: 'Court order 17',
      updatedBy: expect.any(String),
    });
    const [entry] = await entries('product.freeze');
    expect(entry).toMatchObject({
      entity: 'product',
      actorId: res.json().freeze.updatedBy,
      data: { tokenId, wallet: alice.address.toLowerCase(), reason: 'Court order 17' },
    });
    const again = await freeze({ wallet: alice.address.toLowerCase(), reason: 'Twice' }, 'admin');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(`Wallet ${alice.address.toLowerCase()} is already frozen for this token.`);
    expect(await entries('product.freeze')).toHaveLength(1);

    // The holders list (the indexer reads the logs once a second) shows the freeze on its holder's line.
    const freezes = async () =>
      Object.fromEntries(
        (await t.call('GET', `/api/products/${productId}/holders`, { as: 'finance' }))
          .json()
          .holders.holders.map((h: { wallet: string; freeze: unknown }) => [h.wallet, h.freeze]),
      );
    await expect.poll(async () => Object.keys(await freezes()).length, { timeout: 20_000 }).toBe(2);
    const byWallet = await freezes();
    expect(byWallet[alice.address.toLowerCase()]).toMatchObject({ frozen: true, reason: 'Court order 17' });
    expect(byWallet[bob.address.toLowerCase()]).toBeNull();
  });

  it('the worker sends setFrozen once, audited by the system; a transfer from or to the frozen wallet reverts', async () => {
    await expect.poll(() => frozenOnChain(alice.address), { timeout: 20_000 }).toBe(true);
    expect((await storedFreezes()).filter((c) => c[0] === tokenId)).toEqual([
      [tokenId, alice.address.toLowerCase(), true],
    ]);
    const [system] = await entries('product.allowlist');
    expect(system).toMatchObject({
      actorId: null,
      data: { tokenId, wallet: alice.address.toLowerCase(), frozen: true },
    });
    await expect(transfer(alice, freshWallet(), 1n)).rejects.toThrow(/HolderFrozen/);
    await expect(transfer(bob, alice.address, 1n)).rejects.toThrow(/HolderFrozen/);
    expect([await balance(alice.address), await balance(bob.address)]).toEqual([4n, 2n]);
    // Another wallet of the same token still moves.
    const to = freshWallet();
    await chain().publicClient.waitForTransactionReceipt({ hash: await transfer(bob, to, 1n) });
    expect(await balance(to)).toBe(1n);
  }, 40_000);

  it('unfreezing lifts it on the chain (one more call, audited); the wallet sends again', async () => {
    const res = await unfreeze({ wallet: alice.address, reason: 'Order lifted' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().freeze).toMatchObject({ frozen: false, reason: 'Order lifted' });
    expect((await entries('product.unfreeze'))[0]!.data).toEqual({
      tokenId,
      wallet: alice.address.toLowerCase(),
      reason: 'Order lifted',
    });
    await expect.poll(() => frozenOnChain(alice.address), { timeout: 20_000 }).toBe(false);
    expect((await storedFreezes()).filter((c) => c[0] === tokenId)).toEqual([
      [tokenId, alice.address.toLowerCase(), true],
      [tokenId, alice.address.toLowerCase(), false],
    ]);
    expect((await entries('product.allowlist')).map((e) => (e.data as { frozen: boolean }).frozen)).toEqual([
      true,
      false,
    ]);
    const to = freshWallet();
    await chain().publicClient.waitForTransactionReceipt({ hash: await transfer(alice, to, 1n) });
    expect(await balance(to)).toBe(1n);
    const holders = (await t.call('GET', `/api/products/${productId}/holders`)).json().holders;
    expect(holders.holders.every((h: { freeze: unknown }) => h.freeze === null)).toBe(true);
  }, 40_000);
});
