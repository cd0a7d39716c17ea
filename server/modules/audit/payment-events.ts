/**
 * A payment's timeline (GET /api/payments/{id}). It sits beside audit() because every module that moves a payment
 * records here (checkout creates it, orders confirm and fail it, payments refuse and refund it), and none of them
 * may depend on another one's way back.
 */
import type { PaymentEventType } from '../../../src/common/payments.js';
import type { Queryable } from '../../db/client.js';
import { paymentEvents } from '../../db/schema.js';
import { Counter } from '../../lib/list.js';

/** The payments list's counts and sums; every change of a payment records an event here, which drops them. */
export const paymentCounter = new Counter();

export type PaymentEventDetails = { amountCents?: number; reason?: string; reference?: string | null; code?: string };

/** The payment's event row, not yet written: to send beside the change's other writes (alongside in db/client.ts). */
export function paymentEventRow(
  tx: Queryable,
  paymentId: string,
  type: PaymentEventType,
  details: PaymentEventDetails,
  actor: { id: string } | null,
  now = new Date(),
) {
  paymentCounter.touch();
  return tx.insert(paymentEvents).values({
    paymentId,
    type,
    amountCents: details.amountCents ?? null,
    reason: details.reason ?? null,
    reference: details.reference ?? null,
    code: details.code ?? null,
    actorId: actor?.id ?? null,
    createdAt: now,
  });
}

/** Records what just happened to a payment; call it inside the transaction that makes it happen. */
export async function recordPaymentEvent(
  tx: Queryable,
  paymentId: string,
  type: PaymentEventType,
  details: PaymentEventDetails,
  actor: { id: string } | null,
  now = new Date(),
) {
  await paymentEventRow(tx, paymentId, type, details, actor, now);
}
