import type {
  CheckoutOrder,
  CheckoutSession,
  CryptoInstructions,
  PaymentProvider,
} from '../../../src/common/checkout.js';
import type { ShopOrder } from '../../../src/common/orders.js';
import { fromCents } from '../../../src/common/money.js';
import type { orders, payments } from '../../db/schema.js';

type Order = typeof orders.$inferSelect;
type Payment = typeof payments.$inferSelect;

export function presentSession(
  order: Pick<Order, 'id' | 'expiresAt' | 'amountCents' | 'currency'>,
  payment: Pick<Payment, 'id' | 'provider' | 'url'>,
  secret: string,
  crypto?: Omit<CryptoInstructions, 'expiresAt'> | null,
): CheckoutSession {
  const expiresAt = order.expiresAt!.toISOString();
  return {
    orderId: order.id,
    paymentId: payment.id,
    provider: payment.provider as PaymentProvider,
    redirectUrl: payment.url!,
    checkoutSecret: secret,
    expiresAt,
    amount: fromCents(order.amountCents),
    currency: order.currency,
    ...(crypto ? { crypto: { ...crypto, expiresAt } } : {}),
  };
}

export const presentCheckoutOrder = (order: Order, shopOrder: ShopOrder): CheckoutOrder => ({
  ...shopOrder,
  expiresAt: order.expiresAt ? order.expiresAt.toISOString() : null,
});
