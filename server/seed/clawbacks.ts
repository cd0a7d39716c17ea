import { clawback, ratePpm } from '../modules/commissions/policy.js';
import type { At } from './format.js';
import type { Ctx } from './records.js';
import type {
  SeedCommission,
  SeedCommissionAdjustment,
  SeedOrder,
  SeedPayment,
  SeedPayout,
  SeedRefund,
} from './types.js';

/**
 * Clawbacks for parseSeedFile, derived as the live refund path writes them (commissions/earn.ts
 * adjustCommissionsForRefund), not read from the file: each refund made once a payout held (or had paid) a commission of
 * its order takes back the difference to what the rest of the order earns. A refund before that payout shrank the
 * commission in place instead (the file's amount says so). Each clawback is deducted by its referrer's next pending or
 * completed payout, whose deductedFiat must be their sum, as live.
 */
const fiat = (cents: number) => (cents / 100).toFixed(2);

export function deriveClawbacks(
  ctx: Ctx,
  data: {
    orders: SeedOrder[];
    payments: SeedPayment[];
    refunds: SeedRefund[];
    commissions: SeedCommission[];
    payouts: SeedPayout[];
  },
  payoutPlaces: Map<string, At>,
): SeedCommissionAdjustment[] {
  const orderOfPayment = new Map(data.payments.map((p) => [p.id!, p.orderId]));
  const payoutById = new Map(data.payouts.map((p) => [p.id, p]));
  const ordersById = new Map(data.orders.map((o) => [o.id, o]));
  const refundsOf = new Map<string, SeedRefund[]>();
  for (const r of data.refunds) {
    const orderId = orderOfPayment.get(r.paymentId);
    if (orderId) refundsOf.set(orderId, [...(refundsOf.get(orderId) ?? []), r]);
  }
  const when = (d: Date | null | undefined) => d?.getTime() ?? 0;
  const out: SeedCommissionAdjustment[] = [];
  for (const [orderId, given] of refundsOf) {
    const order = ordersById.get(orderId);
    const earned = data.commissions.filter(
      (c) => c.orderId === orderId && ['pending', 'approved', 'paid'].includes(c.status ?? 'pending'),
    );
    if (!order || !earned.length) continue;
    const owed = new Map(earned.map((c) => [c.id, c.amountCents]));
    let refunded = 0;
    for (const r of [...given].sort((a, b) => when(a.createdAt) - when(b.createdAt))) {
      refunded += r.amountCents;
      for (const c of earned) {
        const payout = c.payoutId ? payoutById.get(c.payoutId) : undefined;
        if (!payout || when(payout.createdAt) > when(r.createdAt)) continue;
        const taken = clawback(ratePpm(c.rate), c.baseCents, order.amountCents ?? 0, refunded, owed.get(c.id)!);
        if (!taken) continue;
        owed.set(c.id, owed.get(c.id)! + taken.cents);
        out.push({
          commissionId: c.id,
          referrerId: c.referrerId,
          amountCents: taken.cents,
          reason: taken.reason,
          payoutId: null,
          createdAt: r.createdAt!,
        });
      }
    }
  }
  // The next payout made after a clawback deducts it (a failed or cancelled one gave it back).
  const deducting = data.payouts
    .filter((p) => p.status === 'pending' || p.status === 'completed')
    .sort((a, b) => when(a.createdAt) - when(b.createdAt));
  const deducted = new Map<string, number>();
  for (const a of out) {
    const payout = deducting.find((p) => p.recipientId === a.referrerId && when(p.createdAt) > when(a.createdAt));
    if (!payout) continue;
    a.payoutId = payout.id;
    deducted.set(payout.id, (deducted.get(payout.id) ?? 0) + -a.amountCents);
  }
  for (const p of deducting) {
    const sum = deducted.get(p.id) ?? 0;
    if (sum === (p.deductedCents ?? 0)) continue;
    ctx.notes.problem(
      payoutPlaces.get(p.id) ?? { collection: 'payouts', index: null, id: p.id },
      'deductedFiat',
      `${fiat(p.deductedCents ?? 0)} is not the clawbacks this payout deducts, ${fiat(sum)}`,
      'used their sum',
    );
    Object.assign(payoutById.get(p.id)!, { deductedCents: sum, amountCents: (p.grossCents ?? 0) - sum });
  }
  return out;
}
