import type { HostedPayment } from '../../../src/common/checkout.js';
import { fromCents } from '../../../src/common/money.js';
import { paymentStatusOf } from '../../../src/common/orders.js';
import type { orderItems, orders, payments } from '../../db/schema.js';

type Parts = { payment: typeof payments.$inferSelect; order: typeof orders.$inferSelect; items: (typeof orderItems.$inferSelect)[] };

/** What a hosted payment page shows the buyer: no one else's data, nothing of the customer's. */
export function presentHostedPayment({ payment, order, items }: Parts, siteName: string): HostedPayment {
  return {
    id: payment.id, orderId: order.id, amount: fromCents(payment.amountCents), currency: payment.currency,
    status: paymentStatusOf(payment.status), siteName,
    items: items.map((i) => ({ title: i.title, qty: i.qty, lineTotal: fromCents(i.lineTotalCents) })),
    returnUrl: payment.returnUrl ?? '/shop', cancelUrl: payment.cancelUrl ?? '/shop', expiresAt: order.expiresAt?.toISOString() ?? null,
  };
}
