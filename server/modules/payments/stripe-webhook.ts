/**
 * Stripe's webhook: the only way a Stripe payment moves. The event is verified against the raw body and the webhook
 * secret, kept by its id (a replay finds it and changes nothing), and applied in the same transaction through
 * `applyProviderEvent`, as the sandbox's card page is.
 */
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db, Tx } from '../../db/client.js';
import { payments, providerEvents, refunds } from '../../db/schema.js';
import { AppError, say } from '../../lib/errors.js';
import { recordPaymentEvent } from '../audit/payment-events.js';
import { audit } from '../audit/service.js';
import { mintQueued } from '../mint/enqueue.js';
import type { PaymentDriver, ProviderEvent } from './providers/types.js';
import type { LockedOrder } from '../orders/service.js';
import { fromStripeAmount } from './providers/stripe.js';
import { applyProviderEvent, applyRefund, asProviderPayment, lockPayment } from './service.js';

export const LATE_PAYMENT_SENTENCE = 'Paid after the checkout had expired: the money was given back.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The payment an event is about: our id in the metadata (sessions and intents), or the intent a charge belongs to. */
async function paymentIdOf(db: Tx, event: Stripe.Event): Promise<string | null> {
  const object = event.data.object as {
    metadata?: Record<string, string> | null;
    client_reference_id?: string | null;
    payment_intent?: string | { id: string } | null;
  };
  const ours = object.metadata?.paymentId ?? object.client_reference_id ?? null;
  if (ours) return UUID.test(ours) ? ours : null;
  const intent = idOf(object.payment_intent);
  if (!intent) return null;
  const [found] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, 'stripe'), eq(payments.reference, intent)))
    .limit(1);
  return found?.id ?? null;
}

/** What the event says about the payment, or null for an event that only goes on the timeline. */
function verdict(event: Stripe.Event): ProviderEvent | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      return session.payment_status === 'paid'
        ? { type: 'payment.succeeded', reference: idOf(session.payment_intent) ?? session.id }
        : null;
    }
    case 'checkout.session.expired':
      return { type: 'payment.failed', reason: say('stripe_checkout_expired'), code: 'expired' };
    case 'checkout.session.async_payment_failed':
      return { type: 'payment.failed', reason: say('stripe_payment_failed'), code: 'payment_failed' };
    case 'payment_intent.payment_failed':
      // Stripe's page lets the buyer try another card, so the payment stays open until the session expires.
      return {
        type: 'payment.refused',
        reason: say('stripe_card_refused', {
          reason: event.data.object.last_payment_error?.message ?? 'The card was declined.',
        }),
        code: 'payment_failed',
      };
    default:
      return null;
  }
}

/** Money Stripe took for a payment that had already failed (its checkout expired): given straight back. */
async function giveBackLatePayment(
  tx: Tx,
  driver: PaymentDriver,
  payment: typeof payments.$inferSelect,
  intent: string,
  now: Date,
) {
  const { reference } = await driver.refund(
    { ...asProviderPayment(payment), reference: intent, refundedCents: 0 },
    payment.amountCents,
  );
  await tx
    .update(payments)
    .set({ status: 'refunded', reference: intent, refundedCents: payment.amountCents, updatedAt: now })
    .where(eq(payments.id, payment.id));
  await tx.insert(refunds).values({
    paymentId: payment.id,
    amountCents: payment.amountCents,
    reason: LATE_PAYMENT_SENTENCE,
    reference,
    createdAt: now,
  });
  await recordPaymentEvent(
    tx,
    payment.id,
    'refunded',
    { amountCents: payment.amountCents, reason: LATE_PAYMENT_SENTENCE, reference },
    null,
    now,
  );
  await audit(tx, null, 'payment.late_refund', 'payment', payment.id, { reference });
}

export const DASHBOARD_REFUND_SENTENCE = 'Refunded in Stripe’s dashboard.';

/**
 * charge.refunded: Stripe's total refunded for the charge against what we recorded. A refund made in Stripe's own
 * dashboard shows as more there: the difference is recorded as one refund through applyRefund (the payment and order
 * turn refunded at the full amount, commissions shrink), as if made here. Our own refunds are already counted (they
 * happen under the order's lock this waits for), so they add nothing; a replayed event never gets here.
 */
async function recordDashboardRefund(
  tx: Tx,
  order: LockedOrder,
  payment: typeof payments.$inferSelect,
  charge: Stripe.Charge,
  eventId: string,
  now: Date,
) {
  if (payment.status !== 'completed' || typeof charge.amount_refunded !== 'number') return false;
  const atStripe = Math.min(
    fromStripeAmount(charge.amount_refunded, charge.currency ?? payment.currency),
    payment.amountCents,
  );
  const missing = atStripe - payment.refundedCents;
  if (missing <= 0) return false;
  const reference = charge.refunds?.data?.[0]?.id ?? eventId;
  await applyRefund(
    tx,
    order,
    payment,
    { amount: missing, reason: DASHBOARD_REFUND_SENTENCE, reference: null },
    null,
    now,
    async () => ({ reference }),
  );
  return true;
}

export type WebhookResult = { received: true; duplicate?: true; ignored?: true };

/**
 * Verifies and applies one webhook delivery. A bad signature is a 400 and changes nothing; a replayed event id answers
 * `duplicate`; an event about no payment of ours is kept and `ignored`.
 */
export async function handleStripeWebhook(
  db: Db,
  stripe: Stripe,
  secret: string,
  driver: PaymentDriver,
  raw: Buffer,
  signature: string | undefined,
  now = new Date(),
): Promise<WebhookResult> {
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(raw, signature ?? '', secret);
  } catch {
    throw new AppError(400, 'bad_signature', undefined, { 'stripe-signature': 'bad_signature_field' });
  }
  const result = await db.transaction(async (tx): Promise<WebhookResult & { paid?: boolean }> => {
    const paymentId = await paymentIdOf(tx, event);
    const [fresh] = await tx
      .insert(providerEvents)
      .values({ provider: 'stripe', eventId: event.id, type: event.type, paymentId: null, receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: providerEvents.eventId });
    if (!fresh) return { received: true, duplicate: true };
    if (!paymentId) return { received: true, ignored: true };
    const { payment, order } = await lockPayment(tx, paymentId, 'stripe').catch(() => ({ payment: null, order: null }));
    if (!payment || !order) return { received: true, ignored: true };
    await tx
      .update(providerEvents)
      .set({ paymentId })
      .where(and(eq(providerEvents.provider, 'stripe'), eq(providerEvents.eventId, event.id)));
    await recordPaymentEvent(tx, paymentId, 'webhook', { code: event.type, reference: event.id }, null, now);
    if (event.type === 'charge.refunded') {
      await recordDashboardRefund(tx, order, payment, event.data.object, event.id, now);
      return { received: true };
    }
    const said = verdict(event);
    if (!said) return { received: true };
    if (said.type === 'payment.succeeded' && payment.status === 'failed' && !payment.refundedCents) {
      await giveBackLatePayment(tx, driver, payment, said.reference, now);
      return { received: true };
    }
    if (payment.status !== 'pending') return { received: true };
    await applyProviderEvent(tx, order, payment, said, null, now);
    return { received: true, paid: said.type === 'payment.succeeded' };
  });
  if (result.paid) mintQueued();
  return {
    received: true,
    ...(result.duplicate ? { duplicate: true } : {}),
    ...(result.ignored ? { ignored: true } : {}),
  };
}
