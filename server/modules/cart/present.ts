import type { CartPrice } from '../../../src/common/cart.js';
import { fromCents } from '../../../src/common/money.js';
import type { PricedCart } from './pricing.js';

/** A priced cart in currency units. */
export function presentCart(c: PricedCart): CartPrice {
  return {
    lines: c.lines.map((l) => ({
      productId: l.productId, qty: l.qty, title: l.title, unitPrice: l.unitPriceCents === null ? null : fromCents(l.unitPriceCents),
      lineTotal: fromCents(l.lineTotalCents), tokenised: l.tokenised, error: l.error,
    })),
    subtotal: fromCents(c.subtotalCents),
    discount: fromCents(c.discountCents),
    tax: fromCents(c.taxCents),
    shipping: fromCents(c.shippingCents),
    total: fromCents(c.totalCents),
    currency: c.currency,
    coupon: c.coupon && { code: c.coupon.code, valid: c.coupon.valid, message: c.coupon.message, discount: fromCents(c.coupon.discountCents) },
  };
}
