/**
 * The mint queue and the chain. Each paid tokenised line was queued at payment and minted seconds later on the
 * dev chain (real signed transactions: demo-chain.ts), which fulfilled its order, as the live worker does. The two
 * latest paid orders still wait in the queue (the worker mints them at start, but a bond's only once its wallet is a
 * verified holder's: products.ts turns "Requires verified holders" on for bonds and real estate); three failed after every attempt and
 * wait for an operator's Retry; one failed and its order was then refunded. Staff minted by hand: one done, one
 * waiting for a second approver, one rejected. One payout was paid on chain from the platform wallet.
 */
import { faker } from '@faker-js/faker';
import { getAddress } from 'viem';
import { DEFAULT_SETTINGS } from '../../src/common/settings.js';
import { CANCELLED_BY_REFUND } from '../../server/modules/mint/policy.js';
import { tokenWei } from '../../server/modules/payouts/policy.js';
import { MAX_ATTEMPTS } from '../../src/common/mint.js';
import { DEMO_CHAIN, signOnDevChain, type Planned } from '../demo-chain.js';
import { TO, DAY, iso } from './context.js';
import { wallets } from './accounts.js';
import { products } from './products.js';
import { type Sale, sales, orders, orderItems, admin } from './orders.js';
import { top, second, shopper } from './referrals.js';
import { commissions } from './commissions.js';
import { payouts } from './payouts.js';
import { operator } from './domain.js';
import { APPROVED_AT, approved, loyal } from './loyalty.js';

const SECOND = 1000;
const tokenIdOf = new Map(products.flatMap((p) => (p.tokenId ? [[p.id, p.tokenId] as const] : [])));
const tokenisedLines = (sale: Pick<Sale, 'order'>) =>
  orderItems.filter((i) => i.orderId === sale.order.id && tokenIdOf.has(i.productId));
// The approved redemption's zero-price order is minted as any other (it is not a sale: it earned nothing).
type Minted = Pick<Sale, 'order' | 'status' | 'paidAt'>;
const redeemed: Minted = {
  order: orders.find((o) => o.id === approved.orderId)!,
  status: 'paid',
  paidAt: APPROVED_AT,
};
const mintedSales: Minted[] = [...sales, redeemed]
  .filter(
    (s) => (s.status === 'paid' || s.status === 'fulfilled' || s.status === 'refunded') && tokenisedLines(s).length,
  )
  .sort((a, b) => a.paidAt - b.paidAt);
const stillPaid = mintedSales.filter((s) => s.status === 'paid');
const queuedSales = new Set(stillPaid.slice(-2));
const failedSales = new Set(stillPaid.slice(-12, -9));
const cancelledSale = mintedSales.filter((s) => s.status === 'refunded').at(-1)!;
const TIMEOUT = 'The request took too long to respond.';
type Job = Record<string, unknown> & { id: string; createdAt: string };
const mintPlans = new Map<Planned, Job>();
export const mintJobs: Job[] = mintedSales.flatMap((sale) =>
  tokenisedLines(sale).map((line) => {
    const job: Job = {
      id: faker.string.uuid(),
      orderId: sale.order.id,
      orderItemId: line.id,
      productId: line.productId,
      walletAddress: sale.order.walletAddress,
      tokenId: tokenIdOf.get(line.productId),
      amount: String(line.qty),
      createdAt: iso(sale.paidAt),
    };
    if (queuedSales.has(sale))
      return Object.assign(job, {
        status: 'queued',
        attempts: 0,
        nextAttemptAt: iso(sale.paidAt),
        updatedAt: iso(sale.paidAt),
      });
    if (failedSales.has(sale) || sale === cancelledSale) {
      const gaveUp = sale.paidAt + 31 * 60 * SECOND;
      return Object.assign(job, {
        status: 'failed',
        attempts: MAX_ATTEMPTS,
        lastError: sale === cancelledSale ? CANCELLED_BY_REFUND : TIMEOUT,
        chainId: DEMO_CHAIN.chainId,
        contract: DEMO_CHAIN.contract,
        nextAttemptAt: iso(gaveUp),
        updatedAt: iso(gaveUp),
        completedAt: iso(gaveUp),
      });
    }
    mintPlans.set(
      {
        kind: 'mint',
        at: sale.paidAt + 3 * SECOND,
        to: String(sale.order.walletAddress),
        tokenId: BigInt(tokenIdOf.get(line.productId)!),
        amount: BigInt(line.qty),
      },
      job,
    );
    return job;
  }),
);
const [gold, treasury, municipal] = ['1', '17', '18'].map((id) => products.find((p) => p.tokenId === id)!);
const MANUAL: {
  product: typeof gold;
  to: { id: string };
  amount: number;
  note: string;
  at: number;
  rejected?: string;
  waits?: boolean;
}[] = [
  {
    product: gold,
    to: shopper,
    amount: 2,
    note: 'Two bars bought at the vault counter and paid by bank transfer BT-2026-0412.',
    at: TO - 45 * DAY,
  },
  {
    product: treasury,
    to: top,
    amount: 250,
    note: 'Wholesale subscription of 250 units, invoice INV-2026-118.',
    at: TO - DAY,
    waits: true,
  },
  {
    product: municipal,
    to: second,
    amount: 500,
    note: 'Subscription of 500 units for a new client.',
    at: TO - 12 * DAY,
    rejected: 'No signed subscription agreement is on file for this client.',
  },
];
for (const m of MANUAL) {
  const job: Job = {
    id: faker.string.uuid(),
    productId: m.product.id,
    walletAddress: wallets.get(m.to.id),
    tokenId: m.product.tokenId,
    amount: String(m.amount),
    createdBy: operator.id,
    note: m.note,
    createdAt: iso(m.at),
  };
  if (m.waits)
    Object.assign(job, { status: 'awaiting_approval', attempts: 0, nextAttemptAt: iso(m.at), updatedAt: iso(m.at) });
  else if (m.rejected)
    Object.assign(job, {
      status: 'rejected',
      attempts: 0,
      rejectedBy: admin.id,
      rejectedAt: iso(m.at + 3 * 3_600_000),
      rejectReason: m.rejected,
      updatedAt: iso(m.at + 3 * 3_600_000),
    });
  else
    mintPlans.set(
      {
        kind: 'mint',
        at: m.at + 5 * SECOND,
        to: wallets.get(m.to.id)!,
        tokenId: BigInt(m.product.tokenId!),
        amount: BigInt(m.amount),
      },
      job,
    );
  mintJobs.push(job);
}
// Members converted points into the loyalty token, minted to their wallets (points per token as the settings say).
const LOYALTY_ID = DEFAULT_SETTINGS.loyaltyTokenId;
const PER_TOKEN = DEFAULT_SETTINGS.pointsPerToken;
export const conversions = (
  [
    [shopper, 1_000, TO - 30 * DAY],
    [loyal[0]!, 5_000, TO - 10 * DAY],
  ] as const
).map(([member, points, at]) => {
  const job: Job = {
    id: faker.string.uuid(),
    walletAddress: wallets.get(member.id),
    tokenId: LOYALTY_ID,
    amount: String(points / PER_TOKEN),
    createdBy: member.id,
    createdAt: iso(at),
  };
  mintPlans.set(
    {
      kind: 'mint',
      at: at + 2 * SECOND,
      to: wallets.get(member.id)!,
      tokenId: BigInt(LOYALTY_ID),
      amount: BigInt(points / PER_TOKEN),
    },
    job,
  );
  mintJobs.push(job);
  return {
    id: faker.string.uuid(),
    userId: member.id,
    fromAmount: points,
    toAmount: String(points / PER_TOKEN),
    rate: PER_TOKEN,
    tokenId: LOYALTY_ID,
    walletAddress: wallets.get(member.id),
    mintJobId: job.id,
    createdAt: iso(at),
  };
});
// The shopper's first payout went to their wallet in ether at 3,200 USD an ether, the rate the settings keep.
export const PAYOUT_TOKEN_RATE = '0.0003125';
const onchainPayout = payouts.find((p) => p.recipientId === shopper.id && p.status === 'completed')!;
const payoutPlan: Planned = {
  kind: 'transfer',
  at: Date.parse(onchainPayout.completedAt!) - 60 * SECOND,
  to: wallets.get(shopper.id)!,
  value: tokenWei(
    commissions.filter((c) => c.payoutId === onchainPayout.id).reduce((sum, c) => sum + c.amount, 0),
    PAYOUT_TOKEN_RATE,
  ),
};
const signed = await signOnDevChain([...mintPlans.keys(), payoutPlan]);
for (const s of signed) {
  const done = s.of.at + 5 * SECOND;
  if (s.of === payoutPlan) {
    delete (onchainPayout as { reference?: string }).reference;
    Object.assign(onchainPayout, {
      method: 'crypto',
      walletAddress: getAddress(wallets.get(shopper.id)!),
      amountWei: String(payoutPlan.value),
      tokenRate: PAYOUT_TOKEN_RATE,
      chainId: DEMO_CHAIN.chainId,
      sender: s.sender,
      nonce: s.nonce,
      txHash: s.hash,
      transferState: 'mined',
      blockNumber: s.block,
    });
    continue;
  }
  Object.assign(mintPlans.get(s.of)!, {
    status: 'succeeded',
    attempts: 1,
    chainId: DEMO_CHAIN.chainId,
    contract: DEMO_CHAIN.contract,
    minter: DEMO_CHAIN.minter,
    nonce: s.nonce,
    txHash: s.hash,
    blockNumber: s.block,
    nextAttemptAt: iso(s.of.at),
    signedAt: iso(s.of.at),
    updatedAt: iso(done),
    completedAt: iso(done),
  });
}
export const chainTransactions = signed.map((s) => ({
  chainId: DEMO_CHAIN.chainId,
  hash: s.hash,
  sender: s.sender,
  nonce: s.nonce,
  raw: s.raw,
  ...(s.of === payoutPlan ? { payoutId: onchainPayout.id } : { mintJobId: mintPlans.get(s.of)!.id }),
  createdAt: iso(s.of.at),
}));
// A paid order whose mints all succeeded was fulfilled by the last of them.
for (const sale of mintedSales.filter(
  (s) => (s.status === 'paid' || s.status === 'fulfilled') && !queuedSales.has(s) && !failedSales.has(s),
)) {
  const fulfilled = Math.max(
    ...mintJobs.filter((j) => j.orderId === sale.order.id).map((j) => Date.parse(String(j.completedAt))),
  );
  Object.assign(sale.order, { status: 'fulfilled', fulfilledAt: iso(fulfilled), updatedAt: iso(fulfilled) });
  sale.status = 'fulfilled';
}
