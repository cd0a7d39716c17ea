import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { CartPriceInput } from '../../../src/common/cart.schemas.js';
import { toCents } from '../../../src/common/money.js';
import type { Settings } from '../../../src/common/settings.js';
import type { Queryable } from '../../db/client.js';
import { coupons, orders, products } from '../../db/schema.js';
import { COUPON_USE_STATUSES } from './policy.js';
import { priceCart, type PricedCart, type PricingCoupon, type PricingRules } from './pricing.js';

/** Settings → the pricing rules, in cents and hundredths of a percent. */
export const pricingRules = (s: Settings): PricingRules => ({
  taxBasisPoints: toCents(s.taxRatePercent),
  shippingCents: toCents(s.shippingFee),
  freeShippingOverCents: s.freeShippingOver === null ? null : toCents(s.freeShippingOver),
  currency: s.currency,
});

/** The coupon with this code, whatever its case, in the pricing's units. */
export async function findCoupon(db: Queryable, code: string): Promise<(PricingCoupon & { id: string }) | null> {
  const [row] = await db.select().from(coupons).where(sql`lower(${coupons.code}) = lower(${code})`).limit(1);
  return row ? { ...row, discountValue: toCents(row.discountValue) } : null;
}

/** Who is buying, for a coupon's per-customer limit: an account, or a guest by the email they check out with. */
export type CouponCustomer = { userId: string } | { email: string };

/** How many paid orders of this customer used the code. */
export async function usesBy(db: Queryable, who: CouponCustomer, code: string): Promise<number> {
  const customer = 'userId' in who ? eq(orders.userId, who.userId) : eq(orders.customerEmail, who.email);
  const [row] = await db.select({ n: count() }).from(orders)
    .where(and(customer, sql`lower(${orders.couponCode}) = lower(${code})`, inArray(orders.status, [...COUPON_USE_STATUSES])));
  return row?.n ?? 0;
}

export type ProductRow = typeof products.$inferSelect;

/** Prices a cart from the stored products, coupon and settings (`who` when the buyer is known), with the products read. */
export async function priceCartFor(db: Queryable, settings: Settings, input: CartPriceInput, who: CouponCustomer | null, now = new Date()): Promise<PricedCart & { products: Map<string, ProductRow> }> {
  const ids = [...new Set(input.items.map((i) => i.productId))];
  const rows = new Map((await db.select().from(products).where(inArray(products.id, ids))).map((p) => [p.id, p]));
  const code = input.couponCode;
  const found = code ? await findCoupon(db, code) : null;
  const customerUses = code && found && who ? await usesBy(db, who, code) : 0;
  const priced = priceCart({ items: input.items, products: rows, customerUses, rules: pricingRules(settings), now, coupon: code ? { code, found } : undefined });
  return { ...priced, products: rows };
}
