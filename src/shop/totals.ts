/** The summary lines of a priced cart or a stored order, as the shop shows them. */
import type { CartPrice } from '../common/cart';
import type { OrderPricing } from '../common/orders';
import { couponDiscount } from '../lib/membership';

export type Totals = Pick<CartPrice, 'subtotal' | 'tax' | 'shipping' | 'total' | 'currency' | 'memberDiscount'> & {
  /** The coupon's discount only (the member's has its own line). */
  discount: number;
  /** The buyer's level as priced (the cart knows it; a stored order only its discount). */
  member?: CartPrice['member'];
};

/** A stored order's figures as the summary shows them: the coupon's discount and the member's on lines of their own. */
export function orderTotals(order: OrderPricing & { amountFiat: number; currency: string }): Totals {
  return {
    subtotal: order.subtotal,
    discount: couponDiscount(order),
    memberDiscount: order.memberDiscount,
    tax: order.tax,
    shipping: order.shipping,
    total: order.amountFiat,
    currency: order.currency,
  };
}
