/**
 * Refunds, one row each as the live refund path writes them (payments/service.ts applyRefund): each refunded order's
 * in full, and a few paid orders' in part (the order stays paid; its payment's refundedFiat is the sum; its commissions no
 * payout holds shrink in place). Drawn from their own generator, so that every record above stays as it was.
 */
import { SimpleFaker } from '@faker-js/faker';
import { mulDivHalfEven } from '../../server/modules/cart/pricing.js';
import { clawback, ratePpm, reducedCents } from '../../server/modules/commissions/policy.js';
import { TO, DAY, iso, fiat } from './context.js';
import { type Sale, sales, orderItems, byDate, admin, finance, isPaid, amountOf } from './orders.js';
import { top, uplineOf, referrers } from './referrals.js';
import { RATES, commissions, refundedSale, refundedCents } from './commissions.js';
import { payouts, commissionRecords } from './payouts.js';
import { pointsEntries, redemptions } from './membership.js';

export const later = new SimpleFaker();
later.seed(25_2026);
const REFUND_REASONS = [
  'The customer cancelled before delivery.',
  'The item arrived damaged.',
  'Charged twice by mistake.',
  'Returned within 14 days.',
];
const refundReference = (method: unknown) =>
  method === 'stripe'
    ? { reference: `re_${later.string.alphanumeric(24)}` }
    : method === 'bank'
      ? { reference: `BT-${later.string.alphanumeric({ length: 12, casing: 'upper' })}` }
      : {};
type RefundPlan = { sale: Sale; cents: number; at: number; reason: string; by: string };
export const refundPlans: RefundPlan[] = sales
  .filter((sale) => sale.status === 'refunded')
  .map((sale) => ({
    sale,
    cents: amountOf(sale),
    at: Date.parse(String(sale.order.updatedAt)),
    reason: later.helpers.arrayElement(REFUND_REASONS),
    by: finance.id,
  }));
refundPlans.push({
  sale: refundedSale,
  cents: refundedCents,
  at: Math.min(refundedSale.paidAt + 2 * DAY, TO),
  reason: 'Part of the order arrived damaged: 30 % given back.',
  by: finance.id,
});
// More partial refunds, on paid orders no payout has touched and whose buyer spent no points (a refund takes points back).
const untouched = (sale: Sale) =>
  isPaid(sale) &&
  sale !== refundedSale &&
  !sale.order.couponCode &&
  sale.paidAt < TO - 8 * DAY &&
  !redemptions.some((r) => r.userId === sale.customerId) &&
  !commissions.some((c) => c.sale === sale && (c.payoutId || c.status === 'paid'));
const twoLines = later.helpers.arrayElement(
  sales.filter((sale) => untouched(sale) && orderItems.filter((l) => l.orderId === sale.order.id).length === 2),
);
const lineBack = orderItems.find((l) => l.orderId === twoLines.order.id)!;
refundPlans.push({
  sale: twoLines,
  cents: Math.round(lineBack.unitPriceFiat * 100) * lineBack.qty,
  at: twoLines.paidAt + 4 * DAY,
  reason: 'One of the two items was returned.',
  by: finance.id,
});
const goodwill = later.helpers.arrayElement(
  sales.filter(
    (sale) =>
      untouched(sale) && sale !== twoLines && commissions.some((c) => c.sale === sale && c.status === 'pending'),
  ),
);
refundPlans.push({
  sale: goodwill,
  cents: mulDivHalfEven(amountOf(goodwill), 10, 100),
  at: goodwill.paidAt + DAY,
  reason: 'Goodwill: the delivery was late.',
  by: admin.id,
});
refundPlans.push({
  sale: goodwill,
  cents: mulDivHalfEven(amountOf(goodwill), 15, 100),
  at: goodwill.paidAt + 3 * DAY,
  reason: 'The packaging was damaged.',
  by: finance.id,
});
export const refunds = refundPlans
  .map((plan) => ({
    id: later.string.uuid(),
    paymentId: plan.sale.payment!.id,
    amountFiat: fiat(plan.cents),
    reason: plan.reason,
    ...refundReference(plan.sale.payment!.method),
    createdBy: plan.by,
    createdAt: iso(plan.at),
  }))
  .sort(byDate);
for (const sale of new Set(refundPlans.map((plan) => plan.sale))) {
  const given = refundPlans.filter((plan) => plan.sale === sale);
  const total = given.reduce((sum, plan) => sum + plan.cents, 0);
  const last = Math.max(...given.map((plan) => plan.at));
  Object.assign(sale.payment!, { refundedFiat: fiat(total), updatedAt: iso(last) });
  if (sale.status === 'refunded') continue;
  // The live engine recomputes them from the totals: those no payout holds shrink to the unrefunded share.
  for (const c of commissions.filter((x) => x.sale === sale && (x.status === 'pending' || x.status === 'approved'))) {
    const record = commissionRecords.find((r) => r.id === c.id)!;
    Object.assign(record, {
      amountFiat: fiat(reducedCents(ratePpm(RATES[c.level]), c.base, amountOf(sale), total)),
      updatedAt: iso(Math.max(last, Date.parse(record.updatedAt))),
    });
  }
}

// ---- A refund after a payout: half of an order whose commissions completed payouts had already paid (level 1 to the
// buyer's referrer, level 2 to the top referrer) was given back months later. The live refund path leaves a paid
// commission as it is and writes a clawback (the seed derives it, server/seed/clawbacks.ts) that the referrer's next
// payout deducts: the top referrer's next one did; the other referrer has had no payout since, so theirs is still open.
// Drawn from its own generator, so that every record above stays as it was.
const afterPayout = new SimpleFaker();
afterPayout.seed(26_2026);
const CLAWED_AT = TO - 65 * DAY;
const payoutMade = (id: string | undefined) => Date.parse(payouts.find((p) => p.id === id)?.createdAt ?? '');
const clawedSale = sales.find((sale) => {
  const earned = commissions.filter((c) => c.sale === sale);
  return (
    isPaid(sale) &&
    !sale.order.couponCode &&
    !refundPlans.some((plan) => plan.sale === sale) &&
    !referrers.some((r) => r.id === sale.customerId) &&
    uplineOf.get(sale.customerId) !== top.id &&
    !redemptions.some((r) => r.userId === sale.customerId) &&
    !pointsEntries.some((e) => e.userId === sale.customerId) &&
    earned.length === 2 &&
    earned.every((c) => c.status === 'paid' && payoutMade(c.payoutId) < CLAWED_AT)
  );
});
if (!clawedSale) throw new Error('no paid order to refund after its payouts');
const clawedPlan: RefundPlan = {
  sale: clawedSale,
  cents: mulDivHalfEven(amountOf(clawedSale), 50, 100),
  at: CLAWED_AT,
  reason: 'A faulty item, reported months after delivery: half given back.',
  by: finance.id,
};
refundPlans.push(clawedPlan);
refunds.push({
  id: afterPayout.string.uuid(),
  paymentId: clawedSale.payment!.id,
  amountFiat: fiat(clawedPlan.cents),
  reason: clawedPlan.reason,
  ...(clawedSale.payment!.method === 'stripe'
    ? { reference: `re_${afterPayout.string.alphanumeric(24)}` }
    : clawedSale.payment!.method === 'bank'
      ? { reference: `BT-${afterPayout.string.alphanumeric({ length: 12, casing: 'upper' })}` }
      : {}),
  createdBy: clawedPlan.by,
  createdAt: iso(clawedPlan.at),
});
refunds.sort(byDate);
Object.assign(clawedSale.payment!, { refundedFiat: fiat(clawedPlan.cents), updatedAt: iso(clawedPlan.at) });
const clawbacks = commissions
  .filter((c) => c.sale === clawedSale)
  .flatMap((c) => {
    const taken = clawback(ratePpm(RATES[c.level]), c.base, amountOf(clawedSale), clawedPlan.cents, c.amount);
    return taken ? [{ referrerId: c.referrerId, cents: taken.cents, at: clawedPlan.at, settled: false }] : [];
  });
// Each payout made after a clawback takes it (a failed or cancelled one gives it back), as createPayout does.
for (const p of [...payouts].sort(byDate)) {
  const open = clawbacks.filter((a) => a.referrerId === p.recipientId && !a.settled && a.at < Date.parse(p.createdAt));
  if (!open.length) continue;
  const deducted = -open.reduce((sum, a) => sum + a.cents, 0);
  Object.assign(p, { deductedFiat: fiat(deducted), amountFiat: fiat(Math.round(p.grossFiat * 100) - deducted) });
  if (p.status === 'completed' || p.status === 'pending') for (const a of open) a.settled = true;
}
