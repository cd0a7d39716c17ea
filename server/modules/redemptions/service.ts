/**
 * Redemptions: a member spends points on a product (held at once, under the member's lock, so two redemptions racing
 * for the last points cannot both win); staff approve (a zero-price order, paid and fulfilled like any other, stock
 * taken) or reject (the points come back).
 */
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { canMoveRedemption, type Redemption } from '../../../src/common/membership.js';
import type {
  RedemptionInput,
  RedemptionListQuery,
  RedemptionStatusInput,
} from '../../../src/common/membership.schemas.js';
import type { Db, Queryable, Tx } from '../../db/client.js';
import { products, redemptions, users } from '../../db/schema.js';
import { conflict, forbidden, notFound, say, unprocessable } from '../../lib/errors.js';
import { Counter } from '../../lib/list.js';
import { after, listOrder, orderBy, type Page } from '../../lib/pages.js';
import type { Actor, AuthUser } from '../../types.js';
import { audit } from '../audit/service.js';
import { lockMember, memberPricing, membershipSetting, writeEntry } from '../membership/ledger.js';
import { mayReadOthers, ownRedemptionRefusal, redemptionCost } from '../membership/policy.js';
import { presentRedemption } from '../membership/present.js';
import { mintQueued } from '../mint/enqueue.js';
import { notify } from '../notifications/notify.js';
import { insertPendingOrder, isTokenised, takeStock } from '../orders/pending.js';
import { markOrderPaid } from '../orders/service.js';
import { shopMaySee } from '../shop/policy.js';
import type { PricedCart } from '../cart/pricing.js';
import { notice } from '../../../src/common/notices-catalogue.js';
import { POINTS_PROVIDER } from '../../../src/common/payments.js';
import { shortId } from '../../../src/common/ids.js';

const counter = new Counter();
const decider = alias(users, 'decider');
const SORT_COLUMNS = {
  createdAt: redemptions.createdAt,
  pointsUsed: redemptions.pointsUsed,
  quantity: redemptions.quantity,
} as const;

type ListQuery = Pick<RedemptionListQuery, 'limit' | 'offset' | 'sort' | 'order'> &
  Partial<Pick<RedemptionListQuery, 'status' | 'userId' | 'q'>>;

function redemptionFilter(q: ListQuery) {
  const filters: SQL[] = [];
  if (q.status) filters.push(eq(redemptions.status, q.status));
  if (q.userId) filters.push(eq(redemptions.userId, q.userId));
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      or(
        sql`${redemptions.userId} in (select ${users.id} from ${users} where ${users.email} ilike ${like})`,
        sql`${redemptions.productId} in (select ${products.id} from ${products} where ${ilike(products.title, like)})`,
      )!,
    );
  }
  return filters.length ? and(...filters) : undefined;
}

const joined = (db: Queryable) =>
  db
    .select({
      r: redemptions,
      email: users.email,
      deciderEmail: decider.email,
      product: { id: products.id, title: products.title, sku: products.sku, tokenId: products.tokenId },
    })
    .from(redemptions)
    .innerJoin(users, eq(users.id, redemptions.userId))
    .leftJoin(products, eq(products.id, redemptions.productId))
    .leftJoin(decider, eq(decider.id, redemptions.decidedBy));

/** One page of the list (by offset for the JSON list, after a row for the CSV export). */
export async function redemptionRows(db: Db, q: ListQuery, page: Page): Promise<Redemption[]> {
  const order = listOrder([SORT_COLUMNS[q.sort]], redemptions.id, q.order);
  const rows = await joined(db)
    .where(and(redemptionFilter(q), after(order, page.after)))
    .orderBy(...orderBy(order))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return rows.map((row) => presentRedemption({ ...row, product: row.product?.id ? row.product : null }));
}

export async function listRedemptions(db: Db, q: ListQuery) {
  const [rows, total] = await Promise.all([
    redemptionRows(db, q, q),
    counter.count(
      db,
      redemptions,
      redemptionFilter(q),
      JSON.stringify([q.status ?? null, q.userId ?? null, q.q ?? null]),
    ),
  ]);
  return { redemptions: rows, ...total };
}

async function readRedemption(db: Queryable, id: string): Promise<Redemption> {
  const [row] = await joined(db).where(eq(redemptions.id, id)).limit(1);
  if (!row) throw notFound('redemption_not_found');
  return presentRedemption({ ...row, product: row.product?.id ? row.product : null });
}

/** One redemption, for staff or the member who made it (anyone else reads "not found"). */
export async function getRedemption(db: Db, id: string, caller: AuthUser): Promise<Redemption> {
  const found = await readRedemption(db, id);
  if (found.userId !== caller.id && !mayReadOthers(caller.role)) throw notFound('redemption_not_found');
  return found;
}

/** The caller spends points on a product: the points are held (REDEEMED) until staff decide. */
export async function createRedemption(db: Db, input: RedemptionInput, caller: AuthUser): Promise<Redemption> {
  const id = await db.transaction(async (tx) => {
    const [product] = await tx.select().from(products).where(eq(products.id, input.productId)).limit(1);
    // One the member may not see in the shop (not on sale, or kept for a higher level) reads as one that does not exist.
    if (!product || !shopMaySee(product, await memberPricing(tx, caller.id)))
      throw unprocessable('unknown_product', undefined, { productId: 'unknown_product_field' }, 'unknown_product');
    if (product.stock < input.quantity) {
      const short =
        product.stock === 0
          ? say('out_of_stock', { title: product.title })
          : say('insufficient_stock', { stock: product.stock, title: product.title });
      throw unprocessable(short, undefined, { quantity: short }, 'insufficient_stock');
    }
    const cost = redemptionCost(
      product.priceFiatCents,
      input.quantity,
      await membershipSetting(tx, 'redemptionPointsPerCurrencyUnit'),
    );
    // The member's row lock: a second redemption racing for the same points waits here and then sees what is left.
    const member = await lockMember(tx, caller.id);
    const [made] = await tx
      .insert(redemptions)
      .values({ userId: caller.id, productId: product.id, quantity: input.quantity, pointsUsed: cost })
      .returning();
    await writeEntry(
      tx,
      member,
      {
        type: 'REDEEMED',
        amount: -cost,
        reason: `Redeemed ${input.quantity} × ${product.title}`,
        redemptionId: made!.id,
      },
      new Date(),
      say('redemption_points_short', {
        balance: member.pointsBalance,
        quantity: input.quantity,
        title: product.title,
        cost,
      }),
    );
    await audit(tx, caller, 'redemption.create', 'redemption', made!.id, {
      productId: product.id,
      quantity: input.quantity,
      pointsUsed: cost,
    });
    return made!.id;
  });
  counter.touch();
  return readRedemption(db, id);
}

/** A zero-price order for the redeemed product (its unit price 0 too), paid by the points, stock taken. */
async function orderFor(
  tx: Tx,
  r: typeof redemptions.$inferSelect,
  user: typeof users.$inferSelect,
  actor: Actor,
  currency: string,
) {
  const [product] = r.productId ? await tx.select().from(products).where(eq(products.id, r.productId)).limit(1) : [];
  if (!product) throw conflict('redemption_product_gone', undefined, 'unknown_product');
  const tokenised = isTokenised(product);
  if (tokenised && !user.walletAddress) {
    throw conflict('redemption_wallet_required', { title: product.title, email: user.email }, 'wallet_required');
  }
  const price: PricedCart = {
    lines: [
      {
        productId: product.id,
        qty: r.quantity,
        title: product.title,
        unitPriceCents: 0,
        lineTotalCents: 0,
        tokenised,
        error: null,
      },
    ],
    subtotalCents: 0,
    discountCents: 0,
    memberDiscountCents: 0,
    taxCents: 0,
    shippingCents: 0,
    totalCents: 0,
    currency,
    coupon: null,
    member: null,
  };
  await takeStock(tx, [{ productId: product.id, qty: r.quantity, title: product.title }]);
  const order = await insertPendingOrder(tx, {
    userId: user.id,
    customerEmail: user.email,
    walletAddress: tokenised ? user.walletAddress : null,
    price,
    products: new Map([[product.id, { ...product, priceFiatCents: 0 }]]),
    referrerId: null,
  });
  await markOrderPaid(
    tx,
    order.id,
    { method: POINTS_PROVIDER, provider: POINTS_PROVIDER, reference: `redemption ${r.id}` },
    actor,
  );
  return { orderId: order.id, tokenised };
}

/** Staff decide a PENDING redemption: APPROVED makes its order, REJECTED returns the points; any other move is a 409. */
export async function decideRedemption(
  db: Db,
  id: string,
  input: RedemptionStatusInput,
  actor: AuthUser,
  currency: string,
): Promise<Redemption> {
  const minted = await db.transaction(async (tx) => {
    const [r] = await tx.select().from(redemptions).where(eq(redemptions.id, id)).for('update').limit(1);
    if (!r) throw notFound('redemption_not_found');
    const own = ownRedemptionRefusal(actor.id, r);
    if (own) throw forbidden(own, undefined, 'own_redemption');
    if (!canMoveRedemption(r.status, input.status)) {
      throw conflict('redemption_not_pending', { status: r.status }, 'illegal_transition');
    }
    const [user] = await tx.select().from(users).where(eq(users.id, r.userId)).limit(1);
    const now = new Date();
    let made: { orderId: string; tokenised: boolean } | null = null;
    if (input.status === 'APPROVED') made = await orderFor(tx, r, user!, actor, currency);
    else
      await writeEntry(
        tx,
        await lockMember(tx, r.userId),
        {
          type: 'RETURNED',
          amount: r.pointsUsed,
          reason: 'Redemption rejected',
          redemptionId: r.id,
          actorId: actor.id,
        },
        now,
      );
    await tx
      .update(redemptions)
      .set({
        status: input.status,
        orderId: made?.orderId ?? null,
        note: input.note,
        decidedBy: actor.id,
        decidedAt: now,
        updatedAt: now,
      })
      .where(eq(redemptions.id, id));
    await audit(tx, actor, input.status === 'APPROVED' ? 'redemption.approve' : 'redemption.reject', 'redemption', id, {
      note: input.note,
      orderId: made?.orderId ?? null,
    });
    await notify(tx, {
      userId: r.userId,
      channels: ['in_app', 'email'],
      link: '/membership',
      notice:
        input.status === 'APPROVED'
          ? notice(input.note ? 'redemption_approved_note' : 'redemption_approved', {
              points: r.pointsUsed,
              order: shortId(made!.orderId),
              ...(input.note ? { note: input.note } : {}),
            })
          : notice(input.note ? 'redemption_rejected_note' : 'redemption_rejected', {
              points: r.pointsUsed,
              ...(input.note ? { note: input.note } : {}),
            }),
    });
    return !!made?.tokenised;
  });
  counter.touch();
  if (minted) mintQueued();
  return readRedemption(db, id);
}
