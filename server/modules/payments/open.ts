import { randomUUID } from 'node:crypto';
import type { SQLWrapper } from 'drizzle-orm';
import { alongside, type Tx } from '../../db/client.js';
import { orders, payments } from '../../db/schema.js';
import type { Actor } from '../../types.js';
import { paymentEventRow } from '../audit/payment-events.js';
import { DEFAULT_CANCEL_URL, DEFAULT_RETURN_URL, withOrderId } from '../checkout/policy.js';
import type { PaymentDriver } from './providers/types.js';

type Order = Pick<typeof orders.$inferSelect, 'id' | 'userId' | 'amountCents' | 'currency' | 'test'> & { expiresAt?: Date | null };
/** The shop's pages (paths) the buyer returns to, and the site's origin that makes them absolute for a provider's own page. */
type Urls = { returnUrl: string | null; cancelUrl: string | null; origin?: string };

/** The payment as stored, before it is: what a write sent with its insert may say about it. */
export type OpenedPayment = { id: string; provider: string; url: string | null };

/**
 * A pending payment of the order's amount through `driver`, in the caller's transaction (checkout's and the Payment
 * SDK's one path): the provider starts it, the payment is stored with its page and its timeline begins. `withIt` gives
 * writes of the caller's to send in the same statement (see alongside in db/client.ts).
 */
export async function openPayment(tx: Tx, driver: PaymentDriver, order: Order, urls: Urls, actor: Actor, now: Date, withIt: (p: OpenedPayment) => SQLWrapper[] = () => []) {
  const paymentId = randomUUID();
  const returnUrl = urls.returnUrl ?? DEFAULT_RETURN_URL;
  const cancelUrl = urls.cancelUrl ?? DEFAULT_CANCEL_URL;
  const absolute = (path: string) => (urls.origin ? new URL(path, urls.origin).toString() : undefined);
  const started = await driver.create({
    id: paymentId, orderId: order.id, amountCents: order.amountCents, currency: order.currency, status: 'pending',
    returnUrl: absolute(withOrderId(returnUrl, order.id)), cancelUrl: absolute(cancelUrl), expiresAt: order.expiresAt,
  }, { tx, now });
  // Its timeline's first event goes in the same statement (a data-modifying CTE; the foreign key is checked at its end).
  const created = paymentEventRow(tx, paymentId, 'created', { reference: started.reference }, actor, now);
  const also = withIt({ id: paymentId, provider: driver.name, url: started.redirectUrl });
  const [payment] = await tx.with(...alongside(tx, [created, ...also])).insert(payments).values({
    id: paymentId, orderId: order.id, userId: order.userId, method: driver.method, provider: driver.name, amountCents: order.amountCents,
    currency: order.currency, status: 'pending', test: order.test || driver.testMode, url: started.redirectUrl, reference: started.reference,
    returnUrl, cancelUrl, createdAt: now, updatedAt: now,
  }).returning();
  await started.afterInsert?.({ tx, now });
  return { payment: payment!, redirectUrl: started.redirectUrl };
}
