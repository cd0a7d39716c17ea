import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import { levelRank, MEMBER_LEVELS, type MemberLevelName } from '../../../src/common/membership.js';
import type { ShopOrder } from '../../../src/common/orders.js';
import type { ProductListQuery } from '../../../src/common/products.schemas.js';
import type { Db, Queryable } from '../../db/client.js';
import { mintJobs, orderItems, orders, payments } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { memberPricing } from '../membership/ledger.js';
import { listProducts, getProduct } from '../products/service.js';
import { presentProduct } from '../products/present.js';
import { shopMaySee } from './policy.js';
import { presentShopOrder } from './present.js';

/** The exclusive levels whose products this buyer may see (none for a visitor or a level without exclusive products). */
async function exclusiveLevelsFor(db: Db, userId: string | null | undefined): Promise<MemberLevelName[]> {
  const member = await memberPricing(db, userId);
  return member?.exclusiveProducts ? MEMBER_LEVELS.slice(0, levelRank(member.level) + 1) : [];
}

/**
 * The public catalogue: the admin list's paging, search and sorts over active products only, without the exclusive
 * products kept for levels above the caller's (all of them for a visitor).
 */
export async function listShopProducts(db: Db, q: Omit<ProductListQuery, 'status'>, userId: string | null | undefined) {
  return listProducts(db, { ...q, status: 'active' }, await exclusiveLevelsFor(db, userId));
}

export async function getShopProduct(db: Db, id: string, userId: string | null | undefined) {
  // Not found is getProduct's own 404; a database away must stay a 503, not read as "no such product".
  const product = await getProduct(db, id);
  const member = product.minMemberLevel ? await memberPricing(db, userId) : null;
  if (!shopMaySee(product, member)) throw notFound('product_not_found');
  return presentProduct(product);
}

/** Orders as a shopper sees them: each with its lines, its latest payment and its mint jobs (three queries in all). */
export async function withParts(db: Queryable, rows: (typeof orders.$inferSelect)[]): Promise<ShopOrder[]> {
  const ids = rows.map((o) => o.id);
  if (ids.length === 0) return [];
  // One after another: `db` may be a transaction, whose single connection takes one query at a time.
  const items = await db.select().from(orderItems).where(inArray(orderItems.orderId, ids));
  const paid = await db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(desc(payments.createdAt));
  const mints = await db.select().from(mintJobs).where(inArray(mintJobs.orderId, ids)).orderBy(asc(mintJobs.createdAt));
  return rows.map((order) =>
    presentShopOrder(order, {
      items: items.filter((i) => i.orderId === order.id),
      payment: paid.find((p) => p.orderId === order.id),
      mints: mints.filter((m) => m.orderId === order.id),
    }),
  );
}

/** The caller's own orders, newest first. */
export async function listOwnOrders(db: Db, userId: string, page: { limit: number; offset: number }) {
  const mine = eq(orders.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(mine)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(orders).where(mine),
  ]);
  return { orders: await withParts(db, rows), total: total?.n ?? 0, totalIsEstimate: false };
}
