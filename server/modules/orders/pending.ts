/** The parts every new order is made of, whoever creates it (staff's create order, the shop's checkout). */
import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { isAddress } from 'viem';
import { builtOnce, type Slots } from '../../db/built-once.js';
import { alongside, type Tx } from '../../db/client.js';
import { orderItems, orders, products, users } from '../../db/schema.js';
import { badRequest, conflict } from '../../lib/errors.js';
import type { PricedCart } from '../cart/pricing.js';
import type { HoldCustomer } from '../coupons/holds.js';
import { reserveCouponUse } from '../coupons/service.js';

type ProductRow = typeof products.$inferSelect;

export const isTokenised = (p: { tokenId: string | null }) => p.tokenId !== null;

/**
 * Holds a use of the coupon for a pending order; a 409 when other orders hold its last uses, or when the shopper `who`
 * already holds one (holds made before `since` no longer count).
 */
export async function holdCouponUse(
  tx: Tx,
  coupon: { id: string; code: string },
  who: HoldCustomer | null,
  since: Date,
) {
  const refused = await reserveCouponUse(tx, coupon.id, who, since);
  if (refused === 'held') throw conflict('coupon_already_held', { code: coupon.code }, 'coupon_already_held');
  if (refused) throw conflict('coupon_used_up', { code: coupon.code });
}

/** The product's stock less `qty`, only if that much is left: its new stock, or no row. */
const stockTaken = builtOnce((q, p: Slots<{ id: string; qty: number; now: Date }>) =>
  q
    .update(products)
    .set({ stock: sql`${products.stock} - ${p.qty}`, updatedAt: sql`${p.now}` })
    .where(and(eq(products.id, p.id), sql`${products.stock} >= ${p.qty}`))
    .returning({ stock: products.stock }),
);

/**
 * Takes each product's quantity off its stock, only if enough is left (two buyers of the last unit cannot both
 * succeed); a 409 naming the product otherwise. Products are taken in id order, so concurrent carts never deadlock.
 */
export async function takeStock(tx: Tx, lines: { productId: string; qty: number; title: string }[], now = new Date()) {
  const wanted = new Map<string, { qty: number; title: string }>();
  for (const l of lines) wanted.set(l.productId, { qty: (wanted.get(l.productId)?.qty ?? 0) + l.qty, title: l.title });
  for (const [id, { qty, title }] of [...wanted].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const [taken] = await stockTaken(tx, { id, qty, now });
    if (taken) continue;
    const [left] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, id)).limit(1);
    const stock = left?.stock ?? 0;
    throw conflict(stock === 0 ? 'out_of_stock' : 'insufficient_stock', { stock, title }, 'insufficient_stock');
  }
}

/** Puts the lines' quantities back on their products' stock, in product id order (as takeStock takes them). */
export async function returnStock(tx: Tx, lines: { productId: string; qty: number }[], now = new Date()) {
  for (const line of [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1))) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.qty}`, updatedAt: now })
      .where(eq(products.id, line.productId));
  }
}

export type PendingOrder = {
  /** The order's id, when the caller needs it before the insert; a new one otherwise. */
  id?: string;
  userId: string | null;
  customerEmail: string;
  walletAddress: string | null;
  price: PricedCart;
  products: ReadonlyMap<string, ProductRow>;
  test?: boolean;
  expiresAt?: Date;
  checkoutSecretHash?: string;
  /** The level-1 referrer (a guest's referral code's owner); omitted: the buyer's own referrer. */
  referrerId?: string | null;
};

/** The columns of a new order's row (pendingOrderRow), its referrer aside. */
export const ORDER_ROW_KEYS = [
  'id',
  'userId',
  'customerEmail',
  'status',
  'qty',
  'amountCents',
  'subtotalCents',
  'discountCents',
  'memberDiscountCents',
  'taxCents',
  'shippingCents',
  'currency',
  'walletAddress',
  'couponCode',
  'test',
  'expiresAt',
  'checkoutSecretHash',
] as const;
/** The columns of a new order's line (pendingLineRows). */
export const LINE_ROW_KEYS = [
  'orderId',
  'productId',
  'title',
  'sku',
  'qty',
  'unitPriceCents',
  'lineTotalCents',
  'tokenised',
  'chainId',
  'contract',
  'tokenId',
] as const;

/** The pending order's row as priced, all but its referrer (given, or the buyer's own: buyersReferrer). */
export function pendingOrderRow(o: PendingOrder, id: string) {
  const { price } = o;
  return {
    id,
    userId: o.userId,
    customerEmail: o.customerEmail,
    status: 'pending' as const,
    qty: price.lines.reduce((n, l) => n + l.qty, 0),
    amountCents: price.totalCents,
    subtotalCents: price.subtotalCents,
    discountCents: price.discountCents + price.memberDiscountCents,
    memberDiscountCents: price.memberDiscountCents,
    taxCents: price.taxCents,
    shippingCents: price.shippingCents,
    currency: price.currency,
    walletAddress: o.walletAddress,
    couponCode: price.coupon?.code ?? null,
    test: !!o.test,
    expiresAt: o.expiresAt ?? null,
    checkoutSecretHash: o.checkoutSecretHash ?? null,
  } satisfies Record<(typeof ORDER_ROW_KEYS)[number], unknown>;
}

/** The order's lines as priced, from the products read. */
export function pendingLineRows(o: PendingOrder, orderId: string) {
  return o.price.lines.map((line) => {
    const product = o.products.get(line.productId)!;
    const tokenised = isTokenised(product);
    return {
      orderId,
      productId: product.id,
      title: product.title,
      sku: product.sku,
      qty: line.qty,
      unitPriceCents: product.priceFiatCents,
      lineTotalCents: line.lineTotalCents,
      tokenised,
      chainId: tokenised ? product.chainId : null,
      contract: tokenised ? product.contract : null,
      tokenId: product.tokenId,
    } satisfies Record<(typeof LINE_ROW_KEYS)[number], unknown>;
  });
}

/** The buyer's own referrer now, read in the order's insert: the level-1 referrer an order earns for when none is given. */
export const buyersReferrer = (userId: SQLWrapper | string) =>
  sql<string | null>`(select ${users.referredById} from ${users} where ${users.id} = ${userId})`;

/**
 * A pending order and its lines as priced (stock and coupon already taken), in the caller's transaction: one statement,
 * the lines as data-modifying CTEs of the order's insert (their foreign keys are checked at its end). Checkout writes
 * the same rows in its own statement (checkout/statement.ts).
 */
export async function insertPendingOrder(tx: Tx, o: PendingOrder) {
  const orderId = o.id ?? randomUUID();
  const lines = tx.insert(orderItems).values(pendingLineRows(o, orderId));
  const referrerId = o.referrerId !== undefined ? o.referrerId : o.userId ? buyersReferrer(o.userId) : null;
  const [order] = await tx
    .with(...alongside(tx, [lines]))
    .insert(orders)
    .values({ ...pendingOrderRow(o, orderId), referrerId })
    .returning();
  return order!;
}

/** Why this wallet address cannot receive the order's tokens, as a 400; null when it can (or none is needed). */
export function walletProblem(walletAddress: string | null, tokenisedTitle: string | null) {
  if (tokenisedTitle && !walletAddress) {
    return badRequest('wallet_required', { tokenisedTitle }, { walletAddress: 'wallet_required_field' });
  }
  if (walletAddress && !isAddress(walletAddress, { strict: true })) {
    return badRequest('wallet_invalid', undefined, { walletAddress: 'wallet_invalid_field' });
  }
  return null;
}
