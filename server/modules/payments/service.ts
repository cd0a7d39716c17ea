import { and, eq } from 'drizzle-orm';
import type { HostedPayment, PaymentProvider, SandboxConfirmation } from '../../../src/common/checkout.js';
import type { Db, Queryable, Tx } from '../../db/client.js';
import { orderItems, orders, payments } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { Actor } from '../../types.js';
import { audit } from '../audit/service.js';
import { withOrderId } from '../checkout/policy.js';
import { mintQueued } from '../mint/enqueue.js';
import { failOrder, markOrderPaid } from '../orders/service.js';
import { EXPIRED_SENTENCE, notPendingSentence } from './policy.js';
import { presentHostedPayment } from './present.js';
import type { PaymentDriver, ProviderEvent, ProviderPayment } from './providers/types.js';

type Payment = typeof payments.$inferSelect;

/**
 * One provider's payment, the order it pays and that order's lines; with `lock`, the order row is locked (the order
 * first, as every order move does). Another provider's payment reads as not found.
 */
async function loadPayment(db: Queryable, provider: PaymentProvider, id: string, lock = false) {
  const [found] = await db.select({ orderId: payments.orderId }).from(payments).where(and(eq(payments.id, id), eq(payments.provider, provider))).limit(1);
  if (!found?.orderId) throw notFound('Payment not found.');
  const orderQuery = db.select().from(orders).where(eq(orders.id, found.orderId)).limit(1);
  const [order] = lock ? await orderQuery.for('update') : await orderQuery;
  const [payment] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, found.orderId));
  return { payment: payment!, order: order!, items };
}

const asProviderPayment = (p: Payment): ProviderPayment =>
  ({ id: p.id, orderId: p.orderId!, amountCents: p.amountCents, currency: p.currency, status: p.status });

export async function getHostedPayment(db: Queryable, provider: PaymentProvider, id: string, siteName: string): Promise<HostedPayment> {
  return presentHostedPayment(await loadPayment(db, provider, id), siteName);
}

/**
 * What a provider's verdict does, in the caller's transaction: the one path for the sandbox's card page and for a
 * provider's webhook. Succeeded: the order is paid (its mints are queued); failed: the order fails and its stock comes
 * back; refused: only recorded, the payment stays open.
 */
export async function applyProviderEvent(tx: Tx, payment: Payment, event: ProviderEvent, actor: Actor, now = new Date()) {
  if (event.type === 'payment.succeeded') {
    await markOrderPaid(tx, payment.orderId!, { paymentId: payment.id, method: payment.method, provider: payment.provider, reference: event.reference, test: payment.test }, actor, now);
  } else if (event.type === 'payment.failed') {
    await failOrder(tx, payment.orderId!, event.reason, actor, now);
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
    const { payment, order } = await loadPayment(tx, driver.name, id, true);
    if (payment.status !== 'pending') throw conflict(notPendingSentence(payment.status), 'payment_not_pending');
    if (order.expiresAt && order.expiresAt <= now) {
      await failOrder(tx, order.id, EXPIRED_SENTENCE, null, now);
      return { expired: true } as const;
    }
    const event = await driver.confirm(asProviderPayment(payment), input, now);
    await applyProviderEvent(tx, payment, event, null, now);
    return { event, returnUrl: payment.returnUrl ?? '/shop', orderId: order.id } as const;
  });
  if ('expired' in outcome) throw conflict(EXPIRED_SENTENCE, 'checkout_expired');
  if (outcome.event.type !== 'payment.succeeded') throw new AppError(402, outcome.event.reason, outcome.event.code);
  mintQueued();
  return { payment: await getHostedPayment(db, driver.name, id, siteName), redirectUrl: withOrderId(outcome.returnUrl, outcome.orderId) };
}
