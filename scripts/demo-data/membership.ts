/**
 * Membership: paid orders earn their points on load (1 a currency unit); here staff add or take some with a reason,
 * and members spend points on products: redemptions waiting for staff and one rejected (its points given back).
 */
import { faker } from '@faker-js/faker';
import { DEFAULT_SETTINGS } from '../../src/common/settings.js';
import { TO, DAY, iso } from './context.js';
import { shoppers, customers } from './accounts.js';
import { priceCents, sellable } from './products.js';
import { sales, finance, isPaid, amountOf } from './orders.js';
import { shopper } from './referrals.js';
import { operator } from './domain.js';

const REDEEM_PER_UNIT = DEFAULT_SETTINGS.redemptionPointsPerCurrencyUnit;
export const earnedBy = (userId: string, at: number) =>
  sales
    .filter((sale) => sale.customerId === userId && isPaid(sale) && sale.paidAt <= at)
    .reduce((sum, sale) => sum + Math.floor(Math.max(amountOf(sale), 0) / 100), 0);
const ADJUSTMENTS: [user: { id: string }, amount: number, reason: string, at: number][] = [
  [shopper, 1_500, 'Welcome bonus for joining the referral programme', TO - 150 * DAY],
  [shoppers[10]!, 750, 'Goodwill: the delivery was two weeks late', TO - 60 * DAY],
  [shoppers[20]!, 300, 'Goodwill: a support ticket answered late', TO - 25 * DAY],
];
export const pointsEntries = ADJUSTMENTS.map(([user, amount, reason, at]) => ({
  id: faker.string.uuid(),
  userId: user.id,
  type: 'ADJUSTED',
  amount,
  reason,
  actorId: finance.id,
  createdAt: iso(at),
}));
export const reward = sellable
  .filter((p) => p.status === 'active')
  .sort((a, b) => priceCents.get(a.id)! - priceCents.get(b.id)!)[0]!;
export const rewardCost = Math.ceil((priceCents.get(reward.id)! * REDEEM_PER_UNIT) / 100);
type RedemptionPlan = { status: 'PENDING' | 'REJECTED'; at: number; note?: string };
const REDEMPTIONS: RedemptionPlan[] = [
  {
    status: 'REJECTED',
    at: TO - 40 * DAY,
    note: 'This product cannot be redeemed this month: its stock is held for orders.',
  },
  { status: 'PENDING', at: TO - 2 * DAY },
  { status: 'PENDING', at: TO - DAY },
];
const redeemers = [...customers]
  .filter((c) => c.status === 'active')
  .sort((a, b) => earnedBy(b.id, TO - 40 * DAY) - earnedBy(a.id, TO - 40 * DAY) || a.id.localeCompare(b.id));
type RedemptionRecord = {
  id: string;
  userId: string;
  productId: string;
  quantity: number;
  pointsUsed: number;
  status: string;
  orderId?: string;
  note?: string;
  decidedBy?: string;
  decidedAt?: string;
  createdAt: string;
  updatedAt: string;
};
export const redemptions: RedemptionRecord[] = REDEMPTIONS.map((plan, i) => {
  const user = redeemers[i]!;
  if (earnedBy(user.id, plan.at) < rewardCost)
    throw new Error(`${user.email} has too few points to redeem ${reward.title}`);
  const decided = plan.status === 'PENDING' ? null : plan.at + 2 * DAY;
  return {
    id: faker.string.uuid(),
    userId: user.id,
    productId: reward.id,
    quantity: 1,
    pointsUsed: rewardCost,
    status: plan.status,
    ...(plan.note ? { note: plan.note } : {}),
    ...(decided ? { decidedBy: operator.id, decidedAt: iso(decided) } : {}),
    createdAt: iso(plan.at),
    updatedAt: iso(decided ?? plan.at),
  };
});
