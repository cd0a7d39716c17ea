/**
 * The cart's prices, pure: lines, subtotal, the coupon's verdict and discount, tax and shipping, all in integer
 * cents. The server prices every cart from its own products and settings; a client's figures are never read.
 */
import type { MemberLevelName } from '../../../src/common/membership.js';
import { say, type Said } from '../../lib/errors.js';
import { shopMaySee } from '../shop/policy.js';
import { centsText } from '../../../src/common/money.js';

export type PricedProduct = {
  id: string;
  title: string;
  priceFiatCents: number;
  status: string;
  stock: number;
  tokenId: string | null;
  /** Kept for members of this level and above (null or absent: everyone). */
  minMemberLevel?: string | null;
};

/** The buyer's membership as pricing uses it: the level, its discount in hundredths of a percent, free shipping. */
export type PricingMember = {
  level: MemberLevelName;
  discountBp: number;
  freeShipping: boolean;
  exclusiveProducts: boolean;
};

/** A coupon's terms; `discountValue` in cents (fixed) or hundredths of a percent (percentage). */
export type PricingCoupon = {
  code: string;
  discountType: string;
  discountValue: number;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  minimumSubtotalCents: number | null;
  startDate: Date | null;
  endDate: Date | null;
  /** Uses by paid orders, and uses held by pending ones: both count against the limit. */
  usedCount: number;
  reservedCount: number;
};

export type PricingRules = {
  /** Tax in hundredths of a percent of the discounted subtotal. */
  taxBasisPoints: number;
  /** Charged once when a line is not a token (a token ships nowhere). */
  shippingCents: number;
  /** Shipping is free from this discounted subtotal on; null: never. */
  freeShippingOverCents: number | null;
  currency: string;
};

export type CartInput = {
  items: { productId: string; qty: number }[];
  /** The code asked for, and the coupon found for it (null: no such code). */
  coupon?: { code: string; found: PricingCoupon | null };
  /** How many paid orders of this customer already used the code (0 when unknown). */
  customerUses: number;
  products: ReadonlyMap<string, PricedProduct>;
  rules: PricingRules;
  /** The logged-in buyer's membership; null or absent for a guest. */
  member?: PricingMember | null;
  now: Date;
};

export type PricedLine = {
  productId: string;
  qty: number;
  title: string | null;
  unitPriceCents: number | null;
  lineTotalCents: number;
  tokenised: boolean;
  error: Said | null;
};
export type CouponVerdict = { code: string; valid: boolean; message: Said; discountCents: number };
export type PricedCart = {
  /** `discountCents` is the coupon's; `memberDiscountCents` the member level's, on the subtotal after the coupon. */
  lines: PricedLine[];
  subtotalCents: number;
  discountCents: number;
  memberDiscountCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  currency: string;
  coupon: CouponVerdict | null;
  member: { level: MemberLevelName; discountBp: number; freeShipping: boolean } | null;
};

/** n × numerator / denominator rounded half to even, exactly (bigint: no float on money). */
export function mulDivHalfEven(n: number, numerator: number, denominator: number): number {
  const product = BigInt(n) * BigInt(numerator);
  const d = BigInt(denominator);
  const q = product / d;
  const r2 = (product % d) * 2n;
  if (r2 > d || (r2 === d && q % 2n === 1n)) return Number(q + 1n);
  return Number(q);
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** Why a line cannot be bought as asked, or null. `wanted` is the cart's whole quantity of that product. */
function lineError(product: PricedProduct | undefined, wanted: number): Said | null {
  if (!product) return say('product_missing');
  if (product.stock < wanted)
    return product.stock === 0
      ? say('out_of_stock', { title: product.title })
      : say('insufficient_stock', { stock: product.stock, title: product.title });
  return null;
}

/** The coupon's verdict on this subtotal: its discount, or why it does not apply. */
export function couponVerdict(
  input: NonNullable<CartInput['coupon']>,
  subtotalCents: number,
  customerUses: number,
  currency: string,
  now: Date,
): CouponVerdict {
  const { code, found: c } = input;
  const no = (message: Said): CouponVerdict => ({ code, valid: false, message, discountCents: 0 });
  if (!c) return no(say('coupon_invalid', { code }));
  if (c.startDate && c.startDate > now) return no(say('coupon_not_started', { code: c.code, date: day(c.startDate) }));
  if (c.endDate && c.endDate < now) return no(say('coupon_expired', { code: c.code, date: day(c.endDate) }));
  if (c.usageLimit !== null && c.usedCount + c.reservedCount >= c.usageLimit)
    return no(say('coupon_used_up', { code: c.code }));
  if (c.perCustomerLimit !== null && customerUses >= c.perCustomerLimit)
    return no(say('coupon_per_customer_used', { code: c.code }));
  if (c.minimumSubtotalCents !== null && subtotalCents < c.minimumSubtotalCents) {
    return no(say('coupon_minimum_subtotal', { code: c.code, currency, amount: centsText(c.minimumSubtotalCents) }));
  }
  const discountCents =
    c.discountType === 'percentage'
      ? mulDivHalfEven(subtotalCents, c.discountValue, 100_00)
      : Math.min(c.discountValue, subtotalCents);
  const off =
    c.discountType === 'percentage'
      ? `${centsText(c.discountValue).replace(/\.?0+$/, '')}%`
      : `${currency} ${centsText(c.discountValue)}`;
  return { code: c.code, valid: true, message: say('coupon_applies', { code: c.code, off }), discountCents };
}

export function priceCart(input: CartInput): PricedCart {
  const { items, products, rules } = input;
  const member = input.member ?? null;
  const wanted = new Map<string, number>();
  for (const item of items) wanted.set(item.productId, (wanted.get(item.productId) ?? 0) + item.qty);
  const lines = items.map((item): PricedLine => {
    // A product the buyer may not see (not on sale, or exclusive to a higher level) is answered as missing.
    const found = products.get(item.productId);
    const product = found && shopMaySee(found, member) ? found : undefined;
    const error = lineError(product, wanted.get(item.productId)!);
    return {
      productId: item.productId,
      qty: item.qty,
      title: product?.title ?? null,
      unitPriceCents: product ? product.priceFiatCents : null,
      lineTotalCents: product && !error ? product.priceFiatCents * item.qty : 0,
      tokenised: !!product?.tokenId,
      error,
    };
  });
  const good = lines.filter((l) => !l.error);
  const subtotalCents = good.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const coupon = input.coupon
    ? couponVerdict(input.coupon, subtotalCents, input.customerUses, rules.currency, input.now)
    : null;
  const discountCents = coupon?.discountCents ?? 0;
  const memberDiscountCents = member ? mulDivHalfEven(subtotalCents - discountCents, member.discountBp, 100_00) : 0;
  const discounted = subtotalCents - discountCents - memberDiscountCents;
  const taxCents = mulDivHalfEven(discounted, rules.taxBasisPoints, 100_00);
  const ships = good.some((l) => !l.tokenised);
  const free =
    !!member?.freeShipping || (rules.freeShippingOverCents !== null && discounted >= rules.freeShippingOverCents);
  const shippingCents = ships && !free ? rules.shippingCents : 0;
  return {
    lines,
    subtotalCents,
    discountCents,
    memberDiscountCents,
    taxCents,
    shippingCents,
    totalCents: discounted + taxCents + shippingCents,
    currency: rules.currency,
    coupon,
    member: member && { level: member.level, discountBp: member.discountBp, freeShipping: member.freeShipping },
  };
}
