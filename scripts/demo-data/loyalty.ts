/**
 * An approved redemption: staff approved it, which made its zero-price order, paid by the points, for the member's
 * wallet (the reward is tokenised: the order waits for its mint, which is not in this file). Drawn from `later`.
 */
import { faker } from '@faker-js/faker';
import { FROM, TO, DAY, iso, fiat } from './context.js';
import { customers, wallets } from './accounts.js';
import { priceCents, sellable } from './products.js';
import { type Rec, sales, orders, orderItems, payments, byDate, isPaid } from './orders.js';
import { uplineOf, referrers } from './referrals.js';
import { operator } from './domain.js';
import { earnedBy, reward, rewardCost, redemptions } from './membership.js';
import { later, refundPlans } from './refunds.js';

export const APPROVED_AT = TO - 20 * DAY;
// A referrer (they have a wallet) with the points, none spent or given back to a refund.
const approver = referrers.find(
  (u) =>
    earnedBy(u.id, APPROVED_AT - 2 * DAY) >= rewardCost &&
    !redemptions.some((r) => r.userId === u.id) &&
    !refundPlans.some((plan) => plan.sale.customerId === u.id && plan.sale.status !== 'refunded'),
)!;
export const approved = {
  id: later.string.uuid(),
  orderId: later.string.uuid(),
  lineId: later.string.uuid(),
  paymentId: later.string.uuid(),
};
orders.push({
  id: approved.orderId,
  userId: approver.id,
  customerEmail: approver.email,
  status: 'paid',
  qty: 1,
  amountFiat: 0,
  subtotalFiat: 0,
  currency: 'USD',
  walletAddress: (approver as { walletAddress?: string }).walletAddress,
  createdAt: iso(APPROVED_AT),
  updatedAt: iso(APPROVED_AT),
  paidAt: iso(APPROVED_AT),
});
orderItems.push({ id: approved.lineId, orderId: approved.orderId, productId: reward.id, qty: 1, unitPriceFiat: 0 });
payments.push({
  id: approved.paymentId,
  orderId: approved.orderId,
  userId: approver.id,
  method: 'points',
  provider: 'points',
  amountFiat: 0,
  currency: 'USD',
  status: 'completed',
  reference: `redemption ${approved.id}`,
  createdAt: iso(APPROVED_AT),
  completedAt: iso(APPROVED_AT),
});
redemptions.push({
  id: approved.id,
  userId: approver.id,
  productId: reward.id,
  quantity: 1,
  pointsUsed: rewardCost,
  status: 'APPROVED',
  orderId: approved.orderId,
  note: 'Approved: the token is minted to your wallet.',
  decidedBy: operator.id,
  decidedAt: iso(APPROVED_AT),
  createdAt: iso(APPROVED_AT - 2 * DAY),
  updatedAt: iso(APPROVED_AT),
});
redemptions.sort(byDate);

// ---- Loyal customers: two who were nobody's referral buy the cheapest active product every couple of weeks, so that
// the members reach every level (Platinum takes 15 paid orders, Diamond 30). Drawn after everything above.
const cheapest = sellable
  .filter((p) => p.status === 'active')
  .sort((a, b) => priceCents.get(a.id)! - priceCents.get(b.id)!)[0]!;
const paidOrders = (id: string) => sales.filter((s) => s.customerId === id && isPaid(s)).length;
export const loyal = customers
  .filter((c) => c.status === 'active' && !uplineOf.has(c.id) && !referrers.includes(c))
  .sort((a, b) => paidOrders(b.id) - paidOrders(a.id) || a.id.localeCompare(b.id))
  .slice(0, 2);
for (const [customer, target] of [
  [loyal[0]!, 32],
  [loyal[1]!, 16],
] as const) {
  for (let n = paidOrders(customer.id); n < target; n++) {
    const created = faker.number.int({ min: Math.max(FROM, Date.parse(customer.createdAt)), max: TO - 2 * DAY });
    const paidAt = created + faker.number.int({ min: 60_000, max: 20 * 60_000 });
    const id = faker.string.uuid();
    const cents = priceCents.get(cheapest.id)!;
    orderItems.push({
      id: faker.string.uuid(),
      orderId: id,
      productId: cheapest.id,
      qty: 1,
      unitPriceFiat: cheapest.priceFiat,
    });
    const order: Rec = {
      id,
      userId: customer.id,
      customerEmail: customer.email,
      status: 'paid',
      qty: 1,
      amountFiat: fiat(cents),
      subtotalFiat: fiat(cents),
      currency: 'USD',
      ...(cheapest.contract ? { walletAddress: wallets.get(customer.id) } : {}),
      createdAt: iso(created),
      updatedAt: iso(paidAt),
      paidAt: iso(paidAt),
    };
    const payment = {
      id: faker.string.uuid(),
      orderId: id,
      userId: customer.id,
      method: 'stripe',
      provider: 'stripe',
      amountFiat: fiat(cents),
      currency: 'USD',
      status: 'completed',
      reference: `pi_${faker.string.alphanumeric(24)}`,
      createdAt: iso(paidAt),
      completedAt: iso(paidAt),
    };
    orders.push(order);
    payments.push(payment);
    sales.push({
      order,
      payment,
      customerId: customer.id,
      status: 'paid',
      created,
      paidAt,
      subtotal: cents,
      discount: 0,
    });
  }
}
