import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseEther, type Hex } from 'viem';
import { auditEvents, notifications, payouts } from '../../server/db/schema.js';
import { completeStoredPayouts } from '../../server/modules/payouts/completer.js';
import { transferHooks } from '../../server/modules/payouts/onchain.js';
import { createTestApp, type TestApp } from './harness.js';
import { payoutFixtures } from './payout-fixtures.js';

/** The app runs its payout completer here, every 250 ms, as a server does (off in other test files). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { LOGIN_RATE_LIMIT_MAX: '10000', MINT_WORKER: 'false', PAYOUT_COMPLETER_MS: '250' },
    { chain: true, payoutCompleter: true },
  );
  expect((await setRate('0.0004')).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  delete transferHooks.afterStore;
});

const { chain, pendingPayout, balance, setRate, pay, transfersOf, spendPlatformNonce } = payoutFixtures(() => t);
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const row = async (id: string) => (await t.db.select().from(payouts).where(eq(payouts.id, id)))[0]!;
/** The stored transfer's claim runs out, as it does 60 s after its process crashed. */
const lapse = (id: string) =>
  t.db
    .update(payouts)
    .set({ transferClaimedUntil: new Date(Date.now() - 1000) })
    .where(eq(payouts.id, id));
const sentNotices = (userId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, 'Your payout was sent')));
const completions = (id: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, 'payout.completed')));

/** Pay on chain "crashes" right after the signed transfer is stored (nothing sent): a 500, the transfer kept, claimed. */
async function crashAfterStore(id: string, then?: () => Promise<void>) {
  transferHooks.afterStore = async () => {
    await then?.();
    throw new Error('simulated crash after storing the signed transfer');
  };
  expect((await pay(id)).statusCode).toBe(500);
  delete transferHooks.afterStore;
  return row(id);
}

describe('the payout completer', () => {
  it('finishes a transfer stored before a crash once its claim lapses: the same bytes, completed, commissions paid, the recipient told, reconciled', async () => {
    const { payout, a, wallet } = await pendingPayout(2);
    const before = await balance(wallet!);
    const stored = await crashAfterStore(payout.id);
    expect(stored).toMatchObject({ status: 'pending', transferState: 'signed' });

    // While the crashed attempt's claim is live the completer leaves it alone (it could still be sending).
    await new Promise((r) => setTimeout(r, 1000));
    expect(await row(payout.id)).toMatchObject({ status: 'pending', transferState: 'signed' });
    expect(await balance(wallet!)).toBe(before);

    await lapse(payout.id);
    await expect.poll(async () => (await row(payout.id)).status, { timeout: 5000, interval: 100 }).toBe('completed');
    const done = (await t.call('GET', `/api/payouts/${payout.id}`, { as: 'finance' })).json().payout;
    expect(done).toMatchObject({ status: 'completed', transferState: 'mined', txHash: stored.txHash });
    expect(done.commissions.map((c: { status: string }) => c.status)).toEqual(['paid', 'paid']);
    expect((await transfersOf(payout.id)).map((l) => l.raw)).toEqual([stored.signedTx]);
    expect((await balance(wallet!)) - before).toBe(parseEther('0.004'));
    const told = await sentNotices(a.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toBe(`Your payout of 10.00 USD was completed (transaction ${stored.txHash}).`);
    const [completed] = await completions(payout.id);
    expect(completed).toMatchObject({ actorId: null, ip: null });

    const again = await pay(payout.id);
    expect(again.statusCode).toBe(409);
    const reconciled = (await t.call('GET', '/api/reconcile')).json().reconciliation;
    expect(reconciled.checks.filter((c: { ok: boolean }) => !c.ok)).toEqual([]);
    expect(reconciled.ok).toBe(true);
  });

  it('a crash after the broadcast: the completer finds the receipt and pays nothing more', async () => {
    const { payout, wallet } = await pendingPayout(1);
    const before = await balance(wallet!);
    const stored = await crashAfterStore(payout.id, async () => {
      const [r] = await t.db.select().from(payouts).where(eq(payouts.id, payout.id));
      await chain().publicClient.sendRawTransaction({ serializedTransaction: r!.signedTx as Hex });
    });
    expect((await balance(wallet!)) - before).toBe(parseEther('0.002'));
    await lapse(payout.id);
    await expect.poll(async () => (await row(payout.id)).status, { timeout: 5000, interval: 100 }).toBe('completed');
    expect((await row(payout.id)).txHash).toBe(stored.txHash);
    expect((await balance(wallet!)) - before).toBe(parseEther('0.002'));
    expect(await transfersOf(payout.id)).toHaveLength(1);
  });

  it('a stored transfer whose nonce another transaction took: marked lost, the payout stays pending and nobody is told it was paid; a press pays it anew', async () => {
    const { payout, a, wallet } = await pendingPayout(1);
    await crashAfterStore(payout.id, spendPlatformNonce);
    await lapse(payout.id);
    await expect.poll(async () => (await row(payout.id)).transferState, { timeout: 5000, interval: 100 }).toBe('lost');
    const lost = await row(payout.id);
    expect(lost).toMatchObject({ status: 'pending', txHash: null, signedTx: null });
    expect(lost.transferError).toContain('can never be mined: nothing was paid by it. The payout can be paid again.');
    expect(await transfersOf(payout.id)).toEqual([]);
    expect(await sentNotices(a.id)).toEqual([]);
    expect(await balance(wallet!)).toBe(0n);

    // The completer never starts a transfer by itself: a lost payout waits for a person.
    await new Promise((r) => setTimeout(r, 700));
    expect((await row(payout.id)).transferState).toBe('lost');
    const again = await pay(payout.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(await balance(wallet!)).toBe(parseEther('0.002'));
  });

  it('several completers at once (two processes, the app’s own loop besides): one transfer, paid once, told once', async () => {
    const { payout, a, wallet } = await pendingPayout(1);
    const stored = await crashAfterStore(payout.id);
    // Left 'sent' as a press that was not mined while it waited leaves it, with no claim.
    await t.db
      .update(payouts)
      .set({ transferState: 'sent', transferClaimedUntil: null })
      .where(eq(payouts.id, payout.id));
    const passes = await Promise.all([1, 2, 3, 4].map(() => completeStoredPayouts(t.db, t.app.ctx.chain, quiet)));
    await expect.poll(async () => (await row(payout.id)).status, { timeout: 5000, interval: 100 }).toBe('completed');
    expect(passes.filter((p) => p.completed.includes(payout.id)).length).toBeLessThanOrEqual(1);
    expect((await transfersOf(payout.id)).map((l) => l.hash)).toEqual([stored.txHash]);
    expect(await balance(wallet!)).toBe(parseEther('0.002'));
    expect(await sentNotices(a.id)).toHaveLength(1);
    expect(await completions(payout.id)).toHaveLength(1);
  });
});
