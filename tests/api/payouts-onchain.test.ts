import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatEther, parseEther, type Hex } from 'viem';
import { startDevChain } from '../../server/chain/dev-chain.js';
import { replayLog } from '../../server/modules/mint/queue.js';
import { payouts } from '../../server/db/schema.js';
import { transferHooks } from '../../server/modules/payouts/onchain.js';
import { freshWallet } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { payoutFixtures } from './payout-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_MAX: '10000', MINT_WORKER: 'false' }, { chain: true });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  delete transferHooks.afterStore;
});

const RATE = '0.0004'; // tokens for 1.00
const { chain, person, pendingPayout, balance, setRate, pay, transfersOf, spendPlatformNonce } = payoutFixtures(
  () => t,
);

describe('the payout wallet', () => {
  it('a user sets, shows and removes their own payout wallet; a bad address is a 400 naming the field', async () => {
    const me = await person();
    const wallet = freshWallet();
    const set = await t.call('PUT', '/api/referrals/wallet', {
      token: me.token,
      body: { walletAddress: wallet.toLowerCase() },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().walletAddress).toBe(wallet);
    expect((await t.call('GET', '/api/referrals/stats', { token: me.token })).json().stats.payoutWallet).toBe(wallet);
    const bad = await t.call('PUT', '/api/referrals/wallet', { token: me.token, body: { walletAddress: '0x1234' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(
      'Invalid field "walletAddress": Payout wallet must be an EVM address (0x and 40 hex digits, with a correct checksum if mixed-case).',
    );
    expect((await t.call('PUT', '/api/referrals/wallet', { as: null, body: { walletAddress: null } })).statusCode).toBe(
      401,
    );
    expect(
      (await t.call('PUT', '/api/referrals/wallet', { token: me.token, body: { walletAddress: '' } })).json()
        .walletAddress,
    ).toBeNull();
    expect((await t.call('GET', '/api/referrals/stats', { token: me.token })).json().stats.payoutWallet).toBeNull();
  });
});

describe('Pay on chain', () => {
  beforeAll(async () => {
    expect((await setRate(RATE)).statusCode).toBe(200);
  });

  it('shows the token amount first, then sends it: the payout completes, its commissions are paid, the wallet holds the tokens', async () => {
    const { payout, wallet } = await pendingPayout(2);
    const quote = (await t.call('GET', `/api/payouts/${payout.id}/onchain-quote`, { as: 'finance' })).json().quote;
    expect(quote).toMatchObject({
      amount: 10,
      walletAddress: wallet,
      chainId: 31337,
      rate: RATE,
      amountWei: parseEther('0.004').toString(),
      tokenAmount: '0.004',
      symbol: 'ETH',
    });
    const before = await balance(wallet!);

    const res = await pay(payout.id, { amountWei: quote.amountWei });
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json().payout;
    expect(done).toMatchObject({
      status: 'completed',
      method: 'crypto',
      walletAddress: wallet,
      transferState: 'mined',
      tokenAmount: '0.004',
      tokenRate: RATE,
      chainId: 31337,
    });
    expect(done.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await balance(wallet!)) - before).toBe(parseEther('0.004'));
    const detail = (await t.call('GET', `/api/payouts/${payout.id}`, { as: 'operator' })).json().payout;
    expect(detail.commissions.map((c: { status: string }) => c.status)).toEqual(['paid', 'paid']);
    const logged = await transfersOf(payout.id);
    expect(logged.map((l) => l.hash)).toEqual([done.txHash]);
    const tx = (await t.call('GET', `/api/chain/tx/${done.txHash}`, { as: 'operator' })).json();
    expect(tx).toMatchObject({ explorerUrl: `/tx/${done.txHash}`, receipt: { status: 'success' } });

    const again = await pay(payout.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('A completed payout cannot be paid on chain: only a pending one can.');
  });

  it('refuses with sentences: no wallet (422), no rate (422), a changed rate (409), operators (403), no token (401); nothing is signed', async () => {
    const { payout } = await pendingPayout(1, null);
    const noWallet = await pay(payout.id);
    expect(noWallet.statusCode).toBe(422);
    expect(noWallet.json().error).toMatch(
      /has no payout wallet: ask them to add one, or pay by bank and mark the payout completed\.$/,
    );

    const { payout: other } = await pendingPayout(1);
    expect((await pay(other.id, {}, 'operator')).statusCode).toBe(403);
    expect((await t.call('POST', `/api/payouts/${other.id}/pay-onchain`, { as: null, body: {} })).statusCode).toBe(401);
    expect((await t.call('GET', `/api/payouts/${other.id}/onchain-quote`, { as: 'operator' })).statusCode).toBe(403);
    const stale = await pay(other.id, { amountWei: parseEther('0.001').toString() });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(
      'At the payout token rate now, this payout sends 0.002, not the 0.001 shown: check the amount and confirm again.',
    );
    expect((await pay(other.id, { amountWei: '12abc' })).statusCode).toBe(400);
    await setRate(null);
    try {
      const noRate = await pay(other.id);
      expect(noRate.statusCode).toBe(422);
      expect(noRate.json().error).toBe(
        'Set the payout token rate in Settings (tokens for 1.00) before paying on chain.',
      );
    } finally {
      await setRate(RATE);
    }
    expect(await transfersOf(other.id)).toEqual([]);
    expect((await t.call('GET', `/api/payouts/${other.id}`)).json().payout).toMatchObject({
      status: 'pending',
      transferState: null,
      txHash: null,
    });
    expect((await pay('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const bad = await t.call('PUT', '/api/settings', { body: { payoutTokenRate: '-1' } });
    expect(bad.statusCode).toBe(400);
  });

  it('an unapproved payout is neither quoted nor paid on chain (409, nothing signed); once a second member of staff approves, it is', async () => {
    const { payout, wallet } = await pendingPayout(1, freshWallet(), false);
    for (const res of [
      await t.call('GET', `/api/payouts/${payout.id}/onchain-quote`, { as: 'finance' }),
      await pay(payout.id),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'approval_required', messageCode: 'payout_approval_required' });
    }
    expect(await transfersOf(payout.id)).toEqual([]);
    expect((await t.call('POST', `/api/payouts/${payout.id}/approve`, { as: 'finance' })).json().error).toBe(
      'You created this payout: another member of staff must approve it.',
    );
    expect((await t.call('POST', `/api/payouts/${payout.id}/approve`, { as: 'admin' })).statusCode).toBe(200);
    const before = await balance(wallet!);
    const paid = await pay(payout.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await balance(wallet!)) - before).toBe(parseEther('0.002'));
  });

  it('two clicks racing: one transfer, one 409', async () => {
    const { payout, wallet } = await pendingPayout(1);
    const before = await balance(wallet!);
    const race = await Promise.all([pay(payout.id), pay(payout.id)]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await transfersOf(payout.id)).toHaveLength(1);
    expect((await balance(wallet!)) - before).toBe(parseEther('0.002'));
  });

  it('a crash after signing: the retry sends the same stored bytes, one transfer; a manual settle meanwhile is refused', async () => {
    const { payout, wallet } = await pendingPayout(1);
    const before = await balance(wallet!);
    transferHooks.afterStore = () => {
      throw new Error('simulated crash after storing the signed transfer');
    };
    expect((await pay(payout.id)).statusCode).toBe(500);
    delete transferHooks.afterStore;
    const [stored] = await t.db.select().from(payouts).where(eq(payouts.id, payout.id));
    expect(stored).toMatchObject({ status: 'pending', transferState: 'signed' });
    expect(await balance(wallet!)).toBe(before); // signed and stored, never sent

    const claimed = await pay(payout.id);
    expect(claimed.statusCode).toBe(409);
    expect(claimed.json().error).toBe('This payout is being paid on chain right now: wait for that transfer.');
    const byHand = await t.call('PUT', `/api/payouts/${payout.id}/status`, {
      as: 'finance',
      body: { status: 'cancelled' },
    });
    expect(byHand.statusCode).toBe(409);

    await t.db
      .update(payouts)
      .set({ transferClaimedUntil: new Date(Date.now() - 1000) })
      .where(eq(payouts.id, payout.id)); // the crashed claim lapses
    const retry = await pay(payout.id);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().payout).toMatchObject({ status: 'completed', txHash: stored!.txHash, transferState: 'mined' });
    expect((await transfersOf(payout.id)).map((l) => l.raw)).toEqual([stored!.signedTx]);
    expect((await balance(wallet!)) - before).toBe(parseEther('0.002'));
  });

  it('a crash after sending, before recording: the retry finds the receipt and pays nothing more', async () => {
    const { payout, wallet } = await pendingPayout(1);
    const before = await balance(wallet!);
    transferHooks.afterStore = async (id) => {
      const [row] = await t.db.select().from(payouts).where(eq(payouts.id, id));
      await chain().publicClient.sendRawTransaction({ serializedTransaction: row!.signedTx as Hex });
      throw new Error('simulated crash after the broadcast');
    };
    expect((await pay(payout.id)).statusCode).toBe(500);
    delete transferHooks.afterStore;
    expect((await balance(wallet!)) - before).toBe(parseEther('0.002'));
    await t.db.update(payouts).set({ transferClaimedUntil: null }).where(eq(payouts.id, payout.id));
    const retry = await pay(payout.id);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().payout.status).toBe('completed');
    expect((await balance(wallet!)) - before).toBe(parseEther('0.002'));
    expect(await transfersOf(payout.id)).toHaveLength(1);
  });

  it('a stored transfer whose nonce another transaction took is lost: nothing paid, out of the replay log, paid anew', async () => {
    const { payout, wallet } = await pendingPayout(1);
    transferHooks.afterStore = async () => {
      await spendPlatformNonce();
      throw new Error('simulated crash');
    };
    expect((await pay(payout.id)).statusCode).toBe(500);
    delete transferHooks.afterStore;
    const [lostTx] = await transfersOf(payout.id);
    await t.db.update(payouts).set({ transferClaimedUntil: null }).where(eq(payouts.id, payout.id));
    const lost = await pay(payout.id);
    expect(lost.statusCode).toBe(422);
    expect(lost.json().error).toContain(
      `so ${lostTx!.hash} can never be mined: nothing was paid by it. The payout can be paid again.`,
    );
    expect(await transfersOf(payout.id)).toEqual([]);
    const before = await balance(wallet!);
    const again = await pay(payout.id);
    expect(again.statusCode, again.body).toBe(200);
    expect((await balance(wallet!)) - before).toBe(parseEther('0.002'));
    expect(formatEther(before)).toBe('0');
  });

  it('after a restart the dev chain replays the payouts’ transfers: the same hashes, the same balances', async () => {
    const { payout, wallet } = await pendingPayout(1);
    const done = (await pay(payout.id)).json().payout;
    const restarted = await startDevChain({ rawTxs: await replayLog(t.db, 31337), port: null });
    try {
      expect(restarted.replayed.failed).toEqual([]);
      const receipt = (await restarted.provider.request({
        method: 'eth_getTransactionReceipt',
        params: [done.txHash],
      })) as { status: string } | null;
      expect(receipt?.status).toBe('0x1');
      expect(
        BigInt((await restarted.provider.request({ method: 'eth_getBalance', params: [wallet, 'latest'] })) as string),
      ).toBe(parseEther('0.002'));
    } finally {
      await restarted.close();
    }
  });

  it('reconciliation reads each completed crypto payout’s transfer on the chain: a hash pointing at another amount fails', async () => {
    const ok = (await t.call('GET', '/api/reconcile')).json().reconciliation;
    expect(ok.checks.filter((c: { ok: boolean }) => !c.ok)).toEqual([]);
    const cryptoCheck = ok.checks.find((c: { name: string }) => c.name.startsWith('completed crypto payouts'));
    expect(cryptoCheck.figure).toMatch(/^\d+ crypto payouts, \d+ read on chain$/);

    const { payout: small } = await pendingPayout(1);
    const { payout: big } = await pendingPayout(2);
    const s = (await pay(small.id)).json().payout;
    const b = (await pay(big.id)).json().payout;
    expect([s.status, b.status]).toEqual(['completed', 'completed']);
    // The small payout's record now names the big one's transfer (twice the amount, another wallet).
    await t.db.update(payouts).set({ txHash: null }).where(eq(payouts.id, big.id));
    await t.db.update(payouts).set({ txHash: b.txHash }).where(eq(payouts.id, small.id));
    const broken = (await t.call('GET', '/api/reconcile')).json().reconciliation;
    expect(broken.ok).toBe(false);
    const failed = broken.checks.find((c: { name: string }) => c.name.startsWith('completed crypto payouts'));
    expect(failed.ok).toBe(false);
    expect(failed.detail).toEqual(
      expect.arrayContaining([
        `payout ${small.id}: transfer ${b.txHash} moved ${parseEther('0.004')} wei, the payout is worth ${parseEther('0.002')} wei at its rate ${RATE}`,
        expect.stringContaining(`payout ${small.id}: transfer ${b.txHash} went to ${b.walletAddress}`),
        `payout ${big.id}: completed crypto payout without a transaction hash`,
      ]),
    );
    await t.db.update(payouts).set({ txHash: s.txHash }).where(eq(payouts.id, small.id));
    await t.db.update(payouts).set({ txHash: b.txHash }).where(eq(payouts.id, big.id));
    expect((await t.call('GET', '/api/reconcile')).json().reconciliation.ok).toBe(true);
  });
});
