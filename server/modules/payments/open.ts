import { randomUUID } from 'node:crypto';
import { alongside, type Tx } from '../../db/client.js';
import { orders, payments } from '../../db/schema.js';
import type { Actor } from '../../types.js';
import { paymentEventRow } from '../audit/payment-events.js';
import { DEFAULT_CANCEL_URL, DEFAULT_RETURN_URL, withOrderId } from '../checkout/policy.js';
import type { PaymentDriver, ProviderTx } from './providers/types.js';

type Order = Pick<typeof orders.$inferSelect, 'id' | 'userId' | 'amountCents' | 'currency' | 'test'> & {
  expiresAt?: Date | null;
};
/** The shop's pages (paths) the buyer returns to, and the site's origin that makes them absolute for a provider's own page. */
type Urls = { returnUrl: string | null; cancelUrl: string | null; origin?: string };

/** The columns of a new payment's row (startPayment). */
export const PAYMENT_ROW_KEYS = [
  'id',
  'orderId',
  'userId',
  'method',
  'provider',
  'amountCents',
  'currency',
  'status',
  'test',
  'url',
  'reference',
  'returnUrl',
  'cancelUrl',
  'createdAt',
  'updatedAt',
] as const;

/** A payment the provider has started, not yet stored: its row and what to do once it is (see openPayment). */
export type StartedPayment = {
  row: typeof payments.$inferInsert & { id: string; url: string; reference: string | null };
  afterInsert?: (ctx: ProviderTx) => Promise<void>;
};

/**
 * A pending payment of the order's amount through `driver`, started with the provider (checkout's and the Payment SDK's
 * one way): the row to store, with its page. The order need not be stored yet (checkout writes both in one statement).
 */
export async function startPayment(
  tx: Tx,
  driver: PaymentDriver,
  order: Order,
  urls: Urls,
  now: Date,
): Promise<StartedPayment> {
  const id = randomUUID();
  const returnUrl = urls.returnUrl ?? DEFAULT_RETURN_URL;
  const cancelUrl = urls.cancelUrl ?? DEFAULT_CANCEL_URL;
  const absolute = (path: string) => (urls.origin ? new URL(path, urls.origin).toString() : undefined);
  const started = await driver.create(
    {
      id,
      orderId: order.id,
      amountCents: order.amountCents,
      currency: order.currency,
      status: 'pending',
      returnUrl: absolute(withOrderId(returnUrl, order.id)),
      cancelUrl: absolute(cancelUrl),
      expiresAt: order.expiresAt,
    },
    { tx, now },
  );
  return {
    row: {
      id,
      orderId: order.id,
      userId: order.userId,
      method: driver.method,
      provider: driver.name,
      amountCents: order.amountCents,
      currency: order.currency,
      status: 'pending',
      test: order.test || driver.testMode,
      url: started.redirectUrl,
      reference: started.reference,
      returnUrl,
      cancelUrl,
      createdAt: now,
      updatedAt: now,
    } satisfies Record<(typeof PAYMENT_ROW_KEYS)[number], unknown>,
    afterInsert: started.afterInsert,
  };
}

/** startPayment for a stored order, and the payment stored with the first event of its timeline. */
export async function openPayment(tx: Tx, driver: PaymentDriver, order: Order, urls: Urls, actor: Actor, now: Date) {
  const { row, afterInsert } = await startPayment(tx, driver, order, urls, now);
  // Its timeline's first event goes in the same statement (a data-modifying CTE; the foreign key is checked at its end).
  const created = paymentEventRow(tx, row.id, 'created', { reference: row.reference }, actor, now);
  const [payment] = await tx
    .with(...alongside(tx, [created]))
    .insert(payments)
    .values(row)
    .returning();
  await afterInsert?.({ tx, now });
  return { payment: payment!, redirectUrl: row.url };
}
