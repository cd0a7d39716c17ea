import { dateOf } from './domain.js';
import type { At } from './format.js';
import { first, missing, money, shown, str, userRef, type Ctx, type Rec } from './records.js';
import type { SeedPayment, SeedRefund } from './types.js';

/**
 * Refunds for parseSeedFile: money given back from a completed (or refunded) payment, partial or full, each with its
 * reason, as the live refund path stores them (payments/service.ts applyRefund). With refunds in the file, a payment's
 * refunds add up to its refundedFiat, as `payments.refunded_cents` is their sum live.
 */
const fiat = (cents: number) => (cents / 100).toFixed(2);

export function parseRefunds(
  ctx: Ctx,
  records: Rec[] | null,
  paymentRows: SeedPayment[],
  userIds: Set<string>,
): SeedRefund[] {
  if (!records) return [];
  const paymentsById = new Map(paymentRows.map((p) => [p.id!, p]));
  const sums = new Map<string, number>();
  const rows = records.flatMap((r, i) => {
    const at: At = { collection: 'refunds', index: i, id: r.id };
    const skip = (field: string, message: string) => (ctx.notes.problem(at, field, message, 'skipped the refund'), []);
    const givenPayment = first(r, 'paymentId', 'payment_id');
    const payment = paymentsById.get(ctx.ids.get('payments', givenPayment) ?? '');
    if (!payment)
      return skip('paymentId', missing(givenPayment) ? 'missing' : `payment ${shown(givenPayment)} does not exist`);
    if (payment.status !== 'completed' && payment.status !== 'refunded')
      return skip(
        'paymentId',
        `payment ${shown(givenPayment)} is ${payment.status}: only a completed payment is refunded`,
      );
    const amount = money(r, ['amountFiat', 'amount'], ['amountCents', 'amount_cents']);
    if (amount === null || amount <= 0) {
      const given = first(r, 'amountFiat', 'amount', 'amountCents', 'amount_cents');
      return skip('amountFiat', missing(given) ? 'missing' : `${shown(given)} is not an amount above 0`);
    }
    const reason = str(r.reason);
    if (!reason) return skip('reason', 'missing: a refund is given with a reason');
    const createdBy = userRef(ctx, at, r, 'createdBy', userIds);
    const created = dateOf(ctx, at, r, 'createdAt') ?? ctx.now;
    if (payment.completedAt && created < payment.completedAt)
      return skip('createdAt', 'is before its payment was completed');
    sums.set(payment.id!, (sums.get(payment.id!) ?? 0) + amount);
    return [
      {
        id: ctx.ids.get('refunds', r.id) ?? ctx.ids.get('refunds', `#${i}`)!,
        paymentId: payment.id!,
        amountCents: amount,
        reason,
        reference: str(r.reference),
        createdBy,
        createdAt: created,
      },
    ];
  });
  for (const payment of paymentRows) {
    const sum = sums.get(payment.id!) ?? 0;
    if (sum === (payment.refundedCents ?? 0)) continue;
    ctx.notes.problem(
      { collection: 'refunds', index: null },
      null,
      `the refunds of payment ${payment.id} add up to ${fiat(sum)}, its refundedFiat is ${fiat(payment.refundedCents ?? 0)}`,
      'kept them',
    );
  }
  return rows;
}
