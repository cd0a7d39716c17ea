/**
 * Holders and supply (issue 42): the indexer reads the token contract's transfer logs from the dev chain into the
 * database. A mint shows up as a holder and as supply; a transfer a wallet sends itself, outside the platform, moves
 * the balances; a redemption by the platform's wallet burns (supply burned, circulation reduced); a restarted indexer resumes from its cursor without counting anything twice, and a few re-read
 * blocks replace what was stored for them; reconcile compares every indexed balance with balanceOf.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletClient, custom, getAddress, type PublicClient } from 'viem';
import { rwaTokenAbi } from '../../server/chain/contract.js';
import { devFundedAccounts } from '../../server/chain/hd.js';
import { tokenBalances, tokenIndexCursor, tokenTransfers, users } from '../../server/db/schema.js';
import { loopHealth } from '../../server/lib/loop-health.js';
import { HoldersIndexer, rebuildBalances } from '../../server/modules/holders/indexer.js';
import { buildProduct, buildUser, freshWallet } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
/** The loop figures are the process's: an earlier file's app in this worker may have run the indexer already. */
let errorsBefore = 0;
beforeAll(async () => {
  errorsBefore = loopHealth().get('holders_indexer')?.errors ?? 0;
  t = await createTestApp({}, { chain: true, worker: { pollMs: 100 } });
});
afterAll(async () => {
  await t.close();
});

const chain = () => t.app.ctx.chain!.chain!;
const holder = devFundedAccounts()[0]!;
const HELD = 'indexed token balances = balanceOf on chain, for every holder';
const tokenId = String(2_000_000 + Math.floor(Math.random() * 1e9));
let productId: string;
let owner: { id: string; email: string };

const holdersOf = async (id = productId) => {
  const res = await t.call('GET', `/api/products/${id}/holders`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().holders;
};
const balances = (h: { holders: { wallet: string; balance: string }[] }) =>
  Object.fromEntries(h.holders.map((x) => [x.wallet, x.balance]));
const heldCheck = async () => {
  const res = await t.call('GET', '/api/reconcile');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().reconciliation.checks as { name: string; ok: boolean; detail: string[] }[]).find(
    (c) => c.name === HELD,
  )!;
};

describe('holders and supply from the chain’s logs', () => {
  it('a mint shows up as a holder, with its account and KYC state, and as supply', async () => {
    // Not restricted to verified holders: its tokens go to wallets outside the platform below (token-allowlist.test.ts).
    productId = (await buildProduct(t, { tokenId, rwaType: 'bonds', requiresVerifiedHolders: false })).id;
    const user = await buildUser(t);
    owner = { id: user.id, email: user.email };
    await t.db
      .update(users)
      .set({ walletAddress: getAddress(holder.address), kycStatus: 'approved' })
      .where(eq(users.id, user.id));
    const queued = await t.call('POST', '/api/mint-jobs', {
      as: 'operator',
      body: { walletAddress: holder.address, tokenId: Number(tokenId), amount: '5', note: 'For the holders test' },
    });
    expect(queued.statusCode, queued.body).toBe(201);
    await expect
      .poll(async () => balances(await holdersOf()), { timeout: 20_000 })
      .toEqual({
        [holder.address.toLowerCase()]: '5',
      });
    const h = await holdersOf();
    expect(h).toMatchObject({
      tokenId,
      supply: { minted: '5', inCirculation: '5', burned: '0' },
      holders: [{ user: { id: owner.id, email: owner.email, kycStatus: 'approved' } }],
    });
    expect(h.indexedBlock).toBeGreaterThan(0);
    // The indexer's loop reports its passes, as every background loop does (/metrics, the System page).
    expect(loopHealth().get('holders_indexer')).toMatchObject({
      errors: errorsBefore,
      lastSuccessAt: expect.any(Number),
    });
    const system = await t.call('GET', '/api/system', { as: 'admin' });
    expect(system.statusCode, system.body).toBe(200);
    expect(system.json().loops.find((l: { name: string }) => l.name === 'holders_indexer')).toMatchObject({
      status: 'ok',
    });
  });

  it('a transfer between two wallets outside the platform moves the indexed balances', async () => {
    const to = freshWallet();
    const wallet = createWalletClient({
      account: holder,
      chain: chain().chain,
      transport: custom({ request: (args) => chain().publicClient.request(args as never) }),
    });
    const hash = await wallet.writeContract({
      address: chain().tokenAddress,
      abi: rwaTokenAbi,
      functionName: 'safeTransferFrom',
      args: [holder.address, to, BigInt(tokenId), 2n, '0x'],
    });
    const receipt = await (chain().publicClient as unknown as PublicClient).waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    await expect
      .poll(async () => balances(await holdersOf()), { timeout: 20_000 })
      .toEqual({
        [holder.address.toLowerCase()]: '3',
        [to.toLowerCase()]: '2',
      });
    const h = await holdersOf();
    expect(h.supply).toEqual({ minted: '5', inCirculation: '5', burned: '0' });
    expect(h.holders.find((x: { wallet: string }) => x.wallet === to.toLowerCase()).user).toBeNull();
  });

  it('a restarted indexer resumes from its cursor, counts nothing twice, and re-read blocks replace what they said', async () => {
    await t.app.ctx.chain!.holders!.stop();
    const before = await holdersOf();
    const rows = async () => (await t.db.select().from(tokenTransfers)).length;
    const stored = await rows();
    const restarted = new HoldersIndexer(t.db, chain());
    const [cursor] = await t.db.select().from(tokenIndexCursor);
    const pass = await restarted.pass();
    expect(pass!.from).toBe(cursor!.blockNumber - 5);
    await restarted.pass();
    expect(await rows()).toBe(stored);
    expect(await holdersOf()).toEqual(before);

    // What a block that was reorganised away said (a transfer no longer on the chain): the next pass removes it.
    const contract = restarted.contract;
    await t.db.insert(tokenTransfers).values({
      chainId: chain().chainId,
      contract,
      blockNumber: cursor!.blockNumber,
      txHash: `0x${'ab'.repeat(32)}`,
      logIndex: 0,
      batchIndex: 0,
      tokenId,
      fromAddress: holder.address.toLowerCase(),
      toAddress: freshWallet().toLowerCase(),
      amount: '1',
    });
    await rebuildBalances(t.db, chain().chainId, contract, [tokenId]);
    expect((await holdersOf()).holders).toHaveLength(3);
    await restarted.pass();
    expect(await holdersOf()).toEqual(before);

    // A cursor whose block has another hash (a deeper reorganisation): it reads further back, still once each.
    await t.db.update(tokenIndexCursor).set({ blockHash: `0x${'00'.repeat(32)}` });
    const deep = await restarted.pass();
    expect(deep!.from).toBe(Math.max(0, cursor!.blockNumber - 128));
    expect(await rows()).toBe(stored);
    expect(await holdersOf()).toEqual(before);
  });

  it('reconcile: indexed balances equal balanceOf, and a tampered one is reported', async () => {
    expect(await heldCheck()).toMatchObject({ ok: true, detail: [] });
    const who = holder.address.toLowerCase();
    const mine = and(eq(tokenBalances.holder, who), eq(tokenBalances.tokenId, tokenId));
    await t.db
      .update(tokenBalances)
      .set({ balance: sql`balance + 1` })
      .where(mine);
    const failed = await heldCheck();
    expect(failed.ok).toBe(false);
    expect(failed.detail).toEqual([`token ${tokenId} of ${who}: indexed 4, balanceOf says 3`]);
    await t.db
      .update(tokenBalances)
      .set({ balance: sql`balance - 1` })
      .where(mine);
    expect((await heldCheck()).ok).toBe(true);
  });

  it('a redemption burns the holder’s tokens: burned = amount, circulation reduced, reconcile still agrees', async () => {
    // The platform's wallet (the minter, granted REDEEMER_ROLE by the constructor) redeems 2 of the holder's 3.
    const hash = await chain().walletClient.writeContract({
      address: chain().tokenAddress,
      abi: rwaTokenAbi,
      functionName: 'redeem',
      args: [holder.address, BigInt(tokenId), 2n],
    });
    const receipt = await (chain().publicClient as unknown as PublicClient).waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    const who = holder.address.toLowerCase();
    // The live indexer was stopped by the restart case above: a pass of the restarted one reads the burn.
    const indexer = new HoldersIndexer(t.db, chain());
    await expect
      .poll(async () => (await indexer.pass(), balances(await holdersOf())[who]), { timeout: 20_000 })
      .toBe('1');
    const h = await holdersOf();
    expect(h.supply).toEqual({ minted: '5', inCirculation: '3', burned: '2' });
    expect(balances(h)).toEqual({
      [who]: '1',
      [h.holders.find((x: { wallet: string }) => x.wallet !== who).wallet]: '2',
    });
    expect(await heldCheck()).toMatchObject({ ok: true, detail: [] });

    // A wallet without the role cannot redeem: the holder itself, here.
    const own = createWalletClient({
      account: holder,
      chain: chain().chain,
      transport: custom({ request: (args) => chain().publicClient.request(args as never) }),
    });
    await expect(
      own.writeContract({
        address: chain().tokenAddress,
        abi: rwaTokenAbi,
        functionName: 'redeem',
        args: [holder.address, BigInt(tokenId), 1n],
      }),
    ).rejects.toThrow(/AccessControlUnauthorizedAccount/);
    expect((await holdersOf()).supply).toEqual({ minted: '5', inCirculation: '3', burned: '2' });
  });

  it('staff only; a product that is not tokenised has no holders', async () => {
    expect((await t.call('GET', `/api/products/${productId}/holders`, { as: 'user' })).statusCode).toBe(403);
    const plain = await buildProduct(t, { tokenId: null });
    expect(await holdersOf(plain.id)).toMatchObject({
      tokenId: null,
      supply: { minted: '0', inCirculation: '0', burned: '0' },
      holders: [],
    });
    const unknown = await t.call('GET', '/api/products/00000000-0000-4000-8000-000000000000/holders');
    expect(unknown.statusCode).toBe(404);
  });
});
