import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { CartPriceInput } from '../../../src/common/cart.schemas.js';
import { toCents } from '../../../src/common/money.js';
import type { Settings } from '../../../src/common/settings.js';
import { builtOnce, type Slots } from '../../db/built-once.js';
import type { Queryable } from '../../db/client.js';
import { coupons, orders, products } from '../../db/schema.js';
import { unprocessable } from '../../lib/errors.js';
import { freshHolds, holdsSince } from '../coupons/holds.js';
import { memberPricing } from '../membership/ledger.js';
import { COUPON_USE_STATUSES } from './policy.js';
import { priceCart, type PricedCart, type PricingCoupon, type PricingRules } from './pricing.js';

/** Settings → the pricing rules, in cents and hundredths of a percent. */
export const pricingRules = (s: Settings): PricingRules => ({
  taxBasisPoints: toCents(s.taxRatePercent),
  shippingCents: toCents(s.shippingFee),
  freeShippingOverCents: s.freeShippingOver === null ? null : toCents(s.freeShippingOver),
  currency: s.currency,
});

/** The coupon with this code, whatever its case, in the pricing's units; a limited one's held uses are those held since `since`. */
export async function findCoupon(
  db: Queryable,
  code: string,
  since: Date,
): Promise<(PricingCoupon & { id: string }) | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(sql`lower(${coupons.code}) = lower(${code})`)
    .limit(1);
  if (!row) return null;
  const reservedCount = row.usageLimit === null ? row.reservedCount : (await freshHolds(db, row.code, null, since)).all;
  return { ...row, reservedCount, discountValue: toCents(row.discountValue) };
}

/** Who is buying, for a coupon's per-customer limit: an account, or a guest by the email they check out with. */
export type CouponCustomer = { userId: string } | { email: string };

/** How many paid orders of this customer used the code. */
export async function usesBy(db: Queryable, who: CouponCustomer, code: string): Promise<number> {
  const customer = 'userId' in who ? eq(orders.userId, who.userId) : eq(orders.customerEmail, who.email);
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        customer,
        sql`lower(${orders.couponCode}) = lower(${code})`,
        inArray(orders.status, [...COUPON_USE_STATUSES]),
      ),
    );
  return row?.n ?? 0;
}

export type ProductRow = typeof products.$inferSelect;
export type PricedFor = PricedCart & {
  products: Map<string, ProductRow>;
  found: (PricingCoupon & { id: string }) | null;
};

/** Prices `items` over products already read, with the stored coupon (`found`, when the code names one) and settings. */
export async function priceWith(
  db: Queryable,
  settings: Settings,
  items: CartPriceInput['items'],
  rows: Map<string, ProductRow>,
  code: string | null | undefined,
  who: CouponCustomer | null,
  now = new Date(),
): Promise<PricedFor> {
  const found = code ? await findCoupon(db, code, holdsSince(settings.couponHoldMinutes, now)) : null;
  const customerUses = code && found && who ? await usesBy(db, who, code) : 0;
  const member = who && 'userId' in who ? await memberPricing(db, who.userId) : null;
  const priced = priceCart({
    items,
    products: rows,
    customerUses,
    rules: pricingRules(settings),
    now,
    coupon: code ? { code, found } : undefined,
    member,
  });
  return { ...priced, products: rows, found };
}

/** The products with these ids (every cart priced reads them: built once). */
export const productsWithIds = builtOnce((q, p: Slots<{ ids: string[] }>) =>
  q
    .select()
    .from(products)
    .where(sql`${products.id} = any(${p.ids})`),
);

/** Prices a cart from the stored products, coupon and settings (`who` when the buyer is known). */
export async function priceCartFor(
  db: Queryable,
  settings: Settings,
  input: CartPriceInput,
  who: CouponCustomer | null,
  now = new Date(),
): Promise<PricedFor> {
  const ids = [...new Set(input.items.map((i) => i.productId))];
  const rows = new Map((await productsWithIds(db, { ids })).map((p) => [p.id, p]));
  return priceWith(db, settings, input.items, rows, input.couponCode, who, now);
}

/** A coupon asked for that does not apply, as the 422 an order or checkout answers with its sentence; null otherwise. */
export const couponRefusal = (price: PricedCart) =>
  price.coupon && !price.coupon.valid
    ? unprocessable(price.coupon.message, undefined, { couponCode: price.coupon.message }, 'invalid_coupon')
    : null;
