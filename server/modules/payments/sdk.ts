/** The Payment SDK screen's service: the providers and what each takes, and a payment opened by staff for a pending order. */
import { and, eq } from 'drizzle-orm';
import { PAYMENT_PROVIDERS } from '../../../src/common/checkout.js';
import type { SdkPayment, SdkProvider } from '../../../src/common/payment-sdk.js';
import type { SdkCreateInput } from '../../../src/common/payment-sdk.schemas.js';
import type { Settings } from '../../../src/common/settings.js';
import type { Db } from '../../db/client.js';
import { payments } from '../../db/schema.js';
import type { Actor } from '../../types.js';
import { audit } from '../audit/service.js';
import { invalidateDashboard } from '../dashboard/service.js';
import { lockOrder } from '../orders/service.js';
import { openPayment } from './open.js';
import { sdkPaymentRefusal } from './policy.js';
import { presentPayment } from './present.js';
import type { Providers } from './providers/index.js';
import { refusalError } from './service.js';

/** Every provider the platform knows; a configured one takes the shop's currency, the one every order is priced in. */
export const listSdkProviders = (providers: Providers, settings: Settings): SdkProvider[] =>
  PAYMENT_PROVIDERS.map((name) => {
    const configured = providers.configured(name);
    return { name, configured, currencies: configured ? [settings.currency] : [] };
  });

/**
 * A new pending payment for a pending order through the chosen provider, in one transaction under the order's lock
 * (so a payment completing meanwhile is seen): the rules are `sdkPaymentRefusal`'s.
 */
export async function createSdkPayment(
  db: Db,
  providers: Providers,
  input: SdkCreateInput,
  actor: Actor,
  origin?: string,
  now = new Date(),
): Promise<SdkPayment> {
  const driver = providers.get(input.provider);
  const opened = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    const pending = await tx
      .select({ provider: payments.provider })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')));
    const refusal = sdkPaymentRefusal(
      order,
      input,
      pending.map((p) => p.provider),
      now,
    );
    if (refusal) throw refusalError(refusal);
    const made = await openPayment(tx, driver, order, { ...input, origin }, actor, now);
    await audit(tx, actor, 'payment.create', 'payment', made.payment.id, {
      orderId: order.id,
      provider: driver.name,
      customerId: input.customerId,
    });
    return { ...made, order };
  });
  invalidateDashboard();
  const customer = { customerId: opened.order.userId, customerEmail: opened.order.customerEmail };
  return { payment: presentPayment(opened.payment, customer, providers.configured), redirectUrl: opened.redirectUrl };
}
