/**
 * Commissions at the agent levels' default rates (db.json keeps them), computed by the live engine's functions.
 */
import { faker } from '@faker-js/faker';
import { DEFAULT_SETTINGS } from '../../src/common/settings.js';
import { mulDivHalfEven } from '../../server/modules/cart/pricing.js';
import { commissionBase, commissionCents, ratePpm, reducedCents } from '../../server/modules/commissions/policy.js';
import { TO, DAY, fiat } from './context.js';
import { type Sale, sales, isPaid, amountOf } from './orders.js';
import { second, uplineOf } from './referrals.js';

export const RATES = { 1: '0.05', 2: '0.005' } as const;
const HOLD = DEFAULT_SETTINGS.commissionHoldDays * DAY;
// Staff review commissions once a week: those past their hold for less than a week still wait.
const REVIEWED_BEFORE = TO - HOLD - 7 * DAY;
type Commission = {
  id: string;
  sale: Sale;
  referrerId: string;
  level: 1 | 2;
  base: number;
  original: number;
  amount: number;
  status: string;
  decided?: number;
  payoutId?: string;
  paid?: number;
  rejectReason?: string;
};
export const commissions: Commission[] = [...sales]
  .sort((a, b) => a.paidAt - b.paidAt)
  .flatMap((sale) => {
    const first = sale.order.referrerId as string | undefined;
    if (!first || !(isPaid(sale) || sale.status === 'refunded')) return [];
    const base = commissionBase({
      subtotalCents: sale.subtotal,
      discountCents: sale.discount,
      amountCents: amountOf(sale),
      taxCents: 0,
      shippingCents: 0,
    });
    return (
      [
        [1, first],
        [2, uplineOf.get(first)],
      ] as const
    ).flatMap(([level, referrerId]) => {
      const original = referrerId && referrerId !== sale.customerId ? commissionCents(ratePpm(RATES[level]), base) : 0;
      if (!original) return [];
      const reviewed = sale.paidAt < REVIEWED_BEFORE;
      // A refunded order's commissions were reversed before any payout took them.
      const status = sale.status === 'refunded' ? 'reversed' : reviewed ? 'approved' : 'pending';
      return [
        {
          id: faker.string.uuid(),
          sale,
          referrerId: referrerId!,
          level,
          base,
          original,
          amount: status === 'reversed' ? 0 : original,
          status,
          ...(reviewed ? { decided: sale.paidAt + HOLD + 3_600_000 } : {}),
        },
      ];
    });
  });
const rejected = commissions.find((c) => c.referrerId === second.id && c.status === 'approved')!;
Object.assign(rejected, {
  status: 'rejected',
  rejectReason: 'The buyer and the referrer share a card and an address: a self-referral.',
});
// A partial refund of an order whose commissions wait for review: they shrink in place to the unrefunded share.
export const refundedSale = commissions.filter((c) => c.status === 'pending' && c.sale.status === 'paid').at(-1)!.sale;
export const refundedCents = mulDivHalfEven(amountOf(refundedSale), 30, 100);
refundedSale.payment!.refundedFiat = fiat(refundedCents);
for (const c of commissions.filter((x) => x.sale === refundedSale))
  c.amount = reducedCents(ratePpm(RATES[c.level]), c.base, amountOf(refundedSale), refundedCents);
