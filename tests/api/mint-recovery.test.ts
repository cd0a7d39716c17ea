import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { getAddress, type Address, type PublicClient } from 'viem';
import { readBalance } from '../../server/chain/contract.js';
import { MintWorker, type MintWorkerOptions } from '../../server/modules/mint/worker.js';
import { chainTransactions, mintJobs, mintWorkers } from '../../server/db/schema.js';
import { LeaseLostError } from '../../server/modules/mint/queue.js';
import { buildMintJob, freshWallet } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

// The in-process worker is off: each test drives workers pass by pass and "crashes" them between steps.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MINT_WORKER: 'false' }, { chain: true });
});
afterAll(async () => {
  await t.close();
});

const quiet = { info() {}, warn() {}, error() {} };
const chainOf = (app: TestApp) => app.app.ctx.chain!.chain!;
const balanceOf = (app: TestApp, owner: Address, id: bigint) =>
  readBalance(chainOf(app).publicClient as unknown as PublicClient, chainOf(app).tokenAddress, owner, id);
const worker = (opts: Partial<MintWorkerOptions> = {}) =>
  new MintWorker({ db: t.db, chain: chainOf(t), log: quiet, receiptDelaySeconds: 0, ...opts });
const job = async (id: string) => (await t.db.select().from(mintJobs).where(eq(mintJobs.id, id)))[0]!;
/** What a crashed worker leaves behind: its lease simply runs out. */
const lapseLeases = () => t.db.update(mintWorkers).set({ leaseUntil: sql`now() - interval '1 second'` });
const makeDue = () => t.db.update(mintJobs).set({ nextAttemptAt: sql`now()` });

class Crash extends Error {}

describe('never mints twice', () => {
  it('a worker killed between storing and broadcasting: the next owner sends the same bytes once', async () => {
    const wallet = freshWallet();
    const { id } = await buildMintJob(t, { walletAddress: wallet, tokenId: 11, amount: 4 });
    const a = worker({
      onStep: (step) => {
        if (step === 'stored') throw new Crash('killed after store');
      },
    });
    expect(await a.claimLease()).toBe(true);
    await expect(a.runOnce()).rejects.toThrow(Crash);
    const stored = await job(id);
    expect(stored).toMatchObject({ status: 'processing', attempts: 1 });
    expect(stored.txHash).toMatch(/^0x/);
    expect(await balanceOf(t, wallet, 11n)).toBe(0n);

    const b = worker();
    expect(await b.claimLease()).toBe(false); // A's lease has not run out yet
    await lapseLeases();
    expect(await b.claimLease()).toBe(true);
    await expect(a.runOnce()).rejects.toThrow(LeaseLostError); // the old owner is fenced off
    await b.runOnce();
    const done = await job(id);
    expect(done).toMatchObject({ status: 'succeeded', txHash: stored.txHash, nonce: stored.nonce });
    expect(await balanceOf(t, wallet, 11n)).toBe(4n);
    await b.stop();
  });

  it('a worker killed between broadcasting and recording: the next owner finds the receipt and does not resend', async () => {
    const wallet = freshWallet();
    const ids: string[] = [];
    for (const amount of [1, 2]) ids.push((await buildMintJob(t, { walletAddress: wallet, tokenId: 12, amount })).id);
    const a = worker({
      onStep: (step) => {
        if (step === 'broadcast') throw new Crash('killed after broadcast');
      },
    });
    await lapseLeases();
    expect(await a.claimLease()).toBe(true);
    await expect(a.runOnce()).rejects.toThrow(Crash);
    expect(await balanceOf(t, wallet, 12n)).toBe(3n);
    for (const id of ids) expect((await job(id)).status).toBe('processing');

    await lapseLeases();
    const b = worker();
    expect(await b.claimLease()).toBe(true);
    await b.runOnce();
    for (const id of ids) expect(await job(id)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(await balanceOf(t, wallet, 12n)).toBe(3n);
    const logged = await t.db
      .select()
      .from(chainTransactions)
      .where(
        sql`${chainTransactions.mintJobId} in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      );
    expect(logged).toHaveLength(2); // one signed transaction per job, ever
    await b.stop();
  });

  it('a mint that would revert is never signed, backs off, and fails after 5 attempts with its reason', async () => {
    // The token contract has no ERC-1155 receiver hook, so minting to it reverts.
    const { id } = await buildMintJob(t, { walletAddress: chainOf(t).tokenAddress });
    await lapseLeases();
    const w = worker();
    expect(await w.claimLease()).toBe(true);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await makeDue();
      await w.runOnce();
      const row = await job(id);
      expect(row.attempts).toBe(attempt);
      expect(row.status).toBe(attempt < 5 ? 'queued' : 'failed');
      if (attempt < 5)
        expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 2 ** (attempt - 1) * 1000 - 1500);
    }
    const failed = await job(id);
    expect(failed.lastError).toBe(
      `The mint would fail: the wallet is a contract that does not accept ERC-1155 tokens (ERC1155InvalidReceiver(${getAddress(chainOf(t).tokenAddress)})).`,
    );
    expect(failed.txHash).toBeNull();
    expect(await t.db.select().from(chainTransactions).where(eq(chainTransactions.mintJobId, id))).toHaveLength(0);
    await w.stop();
  });
});

describe('restart', () => {
  it('replays the stored transactions: balances, hashes and block numbers are as before', async () => {
    const first = await createTestApp({}, { chain: true, worker: { pollMs: 50 } });
    try {
      const wallet = freshWallet();
      for (const amount of [1, 2, 3]) await buildMintJob(first, { walletAddress: wallet, tokenId: 21, amount });
      const deadline = Date.now() + 15_000;
      let rows = await first.db.select().from(mintJobs);
      while (rows.some((r) => r.status !== 'succeeded') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        rows = await first.db.select().from(mintJobs);
      }
      expect(rows.map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
      expect(await balanceOf(first, wallet, 21n)).toBe(6n);
      const before = await Promise.all(
        rows.map((r) => chainOf(first).publicClient.getTransactionReceipt({ hash: r.txHash as `0x${string}` })),
      );

      await first.app.close(); // the server stops; its database stays
      const second = await createTestApp({}, { chain: true, worker: { pollMs: 50 }, database: first.database });
      try {
        expect(await balanceOf(second, wallet, 21n)).toBe(6n);
        const after = await Promise.all(
          rows.map((r) => chainOf(second).publicClient.getTransactionReceipt({ hash: r.txHash as `0x${string}` })),
        );
        expect(after.map((r) => [r.transactionHash, r.blockNumber, r.status, r.gasUsed])).toEqual(
          before.map((r) => [r.transactionHash, r.blockNumber, r.status, r.gasUsed]),
        );
        // and minting goes on with the next nonce
        const res = await second.call('POST', '/api/debug/mint', { body: { to: wallet, id: 21, amount: 4 } });
        expect(res.json()).toMatchObject({ ok: true });
        const until = Date.now() + 15_000;
        while ((await balanceOf(second, wallet, 21n)) !== 10n && Date.now() < until)
          await new Promise((r) => setTimeout(r, 50));
        expect(await balanceOf(second, wallet, 21n)).toBe(10n);
      } finally {
        await second.close();
      }
    } finally {
      await first.app.close().catch(() => undefined);
    }
  });
});
