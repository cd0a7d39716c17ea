import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEV_MINTER_KEY, DEV_PAYOUT_KEY } from '../../server/chain/dev-chain.js';
import { recordForeignTransaction } from '../../server/modules/mint/queue.js';
import { chainTransactions, commissions, users } from '../../server/db/schema.js';
import { buildProduct, buildUser, freshWallet, PASSWORD } from './factories.js';
import type { TestApp } from './harness.js';

export type Person = { id: string; email: string; token: string; code: string };

/** Referrers, approved commissions and pending payouts made over the API, for the on-chain payout tests. */
export function payoutFixtures(t: () => TestApp) {
  const chain = () => t().app.ctx.chain!.chain!;

  async function person(): Promise<Person> {
    const u = await buildUser(t(), { role: 'user' });
    const token = (await t().login(u.email, PASSWORD)).json().token as string;
    const link = (await t().call('POST', '/api/referrals/link', { token })).json();
    return { id: u.id, email: u.email, token, code: link.referralCode };
  }

  /**
   * A pending payout of `n` approved commissions of 5.00 each (5 % of 100.00) to a referrer with a wallet (unless told),
   * made by finance and approved by an admin (dual control) unless `approved` is false.
   */
  async function pendingPayout(n = 1, wallet: Address | null = freshWallet(), approved = true) {
    const [a, b] = [await person(), await person()];
    expect(
      (await t().call('POST', '/api/referrals/attribute', { token: b.token, body: { code: a.code } })).statusCode,
    ).toBe(200);
    const held = await t().call('PUT', '/api/settings', { body: { commissionHoldDays: 0 } });
    expect(held.statusCode, held.body).toBe(200);
    for (let i = 0; i < n; i++) {
      const product = await buildProduct(t(), { priceFiat: 100, stock: 10 });
      const order = (
        await t().call('POST', '/api/orders/mock', { body: { userEmail: b.email, productId: product.id, qty: 1 } })
      ).json().order;
      const [c] = await t()
        .db.select()
        .from(commissions)
        .where(eq(commissions.orderId, order.id))
        .orderBy(commissions.level);
      const approved = await t().call('POST', `/api/referrals/commissions/${c!.id}/approve`, { as: 'finance' });
      expect(approved.statusCode, approved.body).toBe(200);
    }
    await t().call('PUT', '/api/settings', { body: { commissionHoldDays: 14 } });
    if (wallet) await t().db.update(users).set({ walletAddress: wallet }).where(eq(users.id, a.id));
    const made = await t().call('POST', '/api/payouts', { as: 'finance', body: { recipientId: a.id } });
    expect(made.statusCode, made.body).toBe(201);
    if (approved) {
      const approval = await t().call('POST', `/api/payouts/${made.json().payout.id}/approve`, { as: 'admin' });
      expect(approval.statusCode, approval.body).toBe(200);
    }
    return { payout: made.json().payout as { id: string; amount: number }, a, wallet };
  }

  /** Someone else spends the platform wallet's next nonce (its key used elsewhere), recorded for the replay as the dev chain's endpoint does. */
  async function spendPlatformNonce() {
    const payer = privateKeyToAccount(DEV_PAYOUT_KEY);
    const nonce = await chain().publicClient.getTransactionCount({ address: payer.address, blockTag: 'pending' });
    const fees = await chain().publicClient.estimateFeesPerGas();
    const raw = await payer.signTransaction({
      type: 'eip1559',
      chainId: 31337,
      nonce,
      to: privateKeyToAccount(DEV_MINTER_KEY).address,
      value: 1n,
      gas: 21_000n,
      ...fees,
    });
    const hash = await chain().publicClient.sendRawTransaction({ serializedTransaction: raw });
    await recordForeignTransaction(t().db, { chainId: 31337, hash, sender: payer.address, nonce, raw });
  }

  return {
    chain,
    spendPlatformNonce,
    person,
    pendingPayout,
    balance: (a: Address) => chain().publicClient.getBalance({ address: a }),
    setRate: (rate: string | null) => t().call('PUT', '/api/settings', { body: { payoutTokenRate: rate } }),
    pay: (id: string, body: Record<string, unknown> = {}, as: 'finance' | 'admin' | 'operator' = 'finance') =>
      t().call('POST', `/api/payouts/${id}/pay-onchain`, { as, body }),
    transfersOf: (id: string) => t().db.select().from(chainTransactions).where(eq(chainTransactions.payoutId, id)),
  };
}
