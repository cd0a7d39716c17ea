import type { CartPrice } from '../../../src/common/cart.js';
import { fromCents } from '../../../src/common/money.js';
import { sentenceOf } from '../../lib/errors.js';
import type { PricedCart } from './pricing.js';

/** A priced cart in currency units. */
export function presentCart(c: PricedCart): CartPrice {
  return {
    lines: c.lines.map((l) => ({
      productId: l.productId,
      qty: l.qty,
      title: l.title,
      unitPrice: l.unitPriceCents === null ? null : fromCents(l.unitPriceCents),
      lineTotal: fromCents(l.lineTotalCents),
      tokenised: l.tokenised,
      error: l.error && sentenceOf(l.error),
      errorMessage: l.error,
    })),
    subtotal: fromCents(c.subtotalCents),
    discount: fromCents(c.discountCents),
    memberDiscount: fromCents(c.memberDiscountCents),
    tax: fromCents(c.taxCents),
    shipping: fromCents(c.shippingCents),
    total: fromCents(c.totalCents),
    currency: c.currency,
    member: c.member && {
      level: c.member.level,
      discount: c.member.discountBp / 100_00,
      freeShipping: c.member.freeShipping,
    },
    coupon: c.coupon && {
      code: c.coupon.code,
      valid: c.coupon.valid,
      message: sentenceOf(c.coupon.message),
      said: c.coupon.message,
      discount: fromCents(c.coupon.discountCents),
    },
  };
}
