import { and, eq, inArray } from 'drizzle-orm';
import type { HostedPayment, PaymentProvider, SandboxConfirmation } from '../../../src/common/checkout.js';
import type { Db, Queryable, Tx } from '../../db/client.js';
import { orderItems, orders, payments } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { Actor } from '../../types.js';
import { audit } from '../audit/service.js';
import { withOrderId } from '../checkout/policy.js';
import { mintQueued } from '../mint/enqueue.js';
import { failOrder, markOrderPaid, type LockedOrder } from '../orders/service.js';
import { EXPIRED_SENTENCE, notPendingSentence } from './policy.js';
import { presentHostedPayment } from './present.js';
import type { PaymentDriver, ProviderEvent, ProviderPayment } from './providers/types.js';

type Payment = typeof payments.$inferSelect;

/** One provider's payment and the order it pays; another provider's payment reads as not found. */
async function findPayment(db: Queryable, provider: PaymentProvider, id: string) {
  const [found] = await db.select({ payment: payments, order: orders }).from(payments).innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.id, id), eq(payments.provider, provider))).limit(1);
  if (!found) throw notFound('Payment not found.');
  return found;
}

/**
 * The same, with the order locked first, as every order move does; the payment is read after the lock, since it only
 * changes under that lock (markOrderPaid, failOrder) and may have while this waited for it.
 */
async function lockPayment(tx: Tx, provider: PaymentProvider, id: string) {
  const [order] = await tx.select().from(orders)
    .where(inArray(orders.id, tx.select({ id: payments.orderId }).from(payments).where(and(eq(payments.id, id), eq(payments.provider, provider)))))
    .for('update').limit(1);
  if (!order) throw notFound('Payment not found.');
  const [payment] = await tx.select().from(payments).where(eq(payments.id, id)).limit(1);
  return { order: { ...order, locked: true } as LockedOrder, payment: payment! };
}

const itemsOf = (db: Queryable, orderId: string) => db.select().from(orderItems).where(eq(orderItems.orderId, orderId));

const asProviderPayment = (p: Payment): ProviderPayment =>
  ({ id: p.id, orderId: p.orderId!, amountCents: p.amountCents, currency: p.currency, status: p.status });

export async function getHostedPayment(db: Queryable, provider: PaymentProvider, id: string, siteName: string): Promise<HostedPayment> {
  const { payment, order } = await findPayment(db, provider, id);
  return presentHostedPayment({ payment, order, items: await itemsOf(db, order.id) }, siteName);
}

/**
 * What a provider's verdict does, in the caller's transaction: the one path for the sandbox's card page and for a
 * provider's webhook. Succeeded: the order is paid (its mints are queued); failed: the order fails and its stock comes
 * back; refused: only recorded, the payment stays open.
 */
export async function applyProviderEvent(tx: Tx, order: LockedOrder, payment: Payment, event: ProviderEvent, actor: Actor, now = new Date()) {
  if (event.type === 'payment.succeeded') {
    await markOrderPaid(tx, order, { paymentId: payment.id, method: payment.method, provider: payment.provider, reference: event.reference, test: payment.test }, actor, now);
  } else if (event.type === 'payment.failed') {
    await failOrder(tx, order, event.reason, actor, now);
  } else {
    await audit(tx, actor, 'payment.refused', 'payment', payment.id, { code: event.code });
  }
}

/**
 * The buyer confirms a hosted payment (the sandbox's card form). A card that cannot be charged is a 400 and changes
 * nothing; a declined one fails the order (402); a refused attempt leaves the payment open (402); a payment that is
 * no longer pending changes nothing (409); an expired checkout is failed now (409).
 */
export async function confirmHostedPayment(db: Db, driver: PaymentDriver, id: string, input: unknown, siteName: string, now = new Date()): Promise<SandboxConfirmation> {
  const outcome = await db.transaction(async (tx) => {
    const { payment, order } = await lockPayment(tx, driver.name, id);
    if (payment.status !== 'pending') throw conflict(notPendingSentence(payment.status), 'payment_not_pending');
    if (order.expiresAt && order.expiresAt <= now) {
      await failOrder(tx, order, EXPIRED_SENTENCE, null, now);
      return { expired: true } as const;
    }
    const event = await driver.confirm(asProviderPayment(payment), input, now);
    await applyProviderEvent(tx, order, payment, event, null, now);
    return { event, payment, order } as const;
  });
  if ('expired' in outcome) throw conflict(EXPIRED_SENTENCE, 'checkout_expired');
  const { event, payment, order } = outcome;
  if (event.type !== 'payment.succeeded') throw new AppError(402, event.reason, event.code);
  mintQueued();
  const paid = { ...payment, status: 'completed', completedAt: now };
  return {
    payment: presentHostedPayment({ payment: paid, order, items: await itemsOf(db, order.id) }, siteName),
    redirectUrl: withOrderId(payment.returnUrl ?? '/shop', order.id),
  };
}
