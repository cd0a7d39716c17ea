import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { mintJobs, orderItems, orders, payments, products, searchOf, users } from '../../db/schema.js';
import { queryText, type Db, type Queryable, type Tx } from '../../db/client.js';
import {
  ORDER_STATUSES,
  type OrderDetail,
  type OrderPricing,
  type OrderStats,
  type OrderSummary,
} from '../../../src/common/orders.js';
import { type CreateOrderInput, type OrderListQuery } from '../../../src/common/orders.schemas.js';
import { AppError, conflict, forbidden, notFound, say, unprocessable } from '../../lib/errors.js';
import { Counter } from '../../lib/list.js';
import { ownSearchFilter } from '../../lib/search.js';
import { after, listOrder, orderBy, type Page } from '../../lib/pages.js';
import type { Actor } from '../../types.js';
import { paymentCounter, recordPaymentEvent } from '../audit/payment-events.js';
import { earnCommissions } from '../commissions/earn.js';
import { earnPointsForOrder, memberPricing } from '../membership/ledger.js';
import { mayBuyExclusive } from '../../../src/common/membership.js';
import { changes } from '../audit/changes.js';
import { audit, auditEntry } from '../audit/service.js';
import { displayName } from '../auth/present.js';
import { normaliseEmail } from '../auth/service.js';
import { couponRefusal, priceWith } from '../cart/service.js';
import { holdsSince } from '../coupons/holds.js';
import { releaseCouponUse, settleCouponUse } from '../coupons/service.js';
import { invalidateDashboard } from '../dashboard/service.js';
import { notificationValues, notify, type NotificationSettings } from '../notifications/notify.js';
import { fromCents } from '../../../src/common/money.js';
import { TEST_PROVIDER } from '../../../src/common/payments.js';
import type { SettingsService } from '../settings/service.js';
import { cancelOrderMints, enqueueOrderMints, mintQueued } from '../mint/enqueue.js';
import { presentJob } from '../mint/present.js';
import { ORDER_SORT_COLUMNS, orderCsvBatchQuery, orderPageQuery } from './list-json.js';
import { noticeRun, paidShape, paidStatement } from './paid-statement.js';
import { changed } from '../../lib/live.js';
import { ordersPaid, revenuePaid } from '../metrics/business.js';
import { holdCouponUse, insertPendingOrder, isTokenised, returnStock, takeStock, walletProblem } from './pending.js';
import { canMove, illegalMoveMessage, isFulfilledBy, manualFulfilRefusal, ownMockOrderRefusal } from './policy.js';
import { presentItem, presentOrder, presentPayment, presentPricing } from './present.js';
import { emitWebhook } from '../webhooks/outbox.js';
import { dayStart, inPeriod } from '../../lib/revenue.js';
import { notice as said } from '../../../src/common/notices-catalogue.js';
import { shortId } from '../../../src/common/ids.js';
const counter = new Counter();

type ListFilter = { status?: string; q?: string; ids?: string[]; from?: string; to?: string };

/**
 * The list's filter, and a name for its shape (which filters are used, not their values). `from`/`to` are days in
 * the site's `timezone`, by when the order was placed.
 */
function listFilter(q: ListFilter, timezone: string): { where: SQL | undefined; shape: string } {
  const filters: SQL[] = [];
  if (q.from || q.to) {
    const from = q.from ? dayStart(q.from, timezone) : undefined;
    const to = q.to ? dayStart(q.to, timezone, true) : undefined;
    filters.push(inPeriod(sql`${orders.createdAt}`, { from, to }));
  }
  if (q.status) filters.push(eq(orders.status, q.status));
  // One parameter whatever the count, so the statement's text (and its prepared name) stays that of the shape.
  if (q.ids) filters.push(sql`${orders.id} = any(string_to_array(${q.ids.join(',')}, ',')::uuid[])`);
  // Any part of the id or the customer's email (server/lib/search.ts).
  const search = q.q?.trim();
  if (search) filters.push(ownSearchFilter(search, searchOf.orders(orders)));
  return {
    where: filters.length ? and(...filters) : undefined,
    shape: `${q.status ? 's' : ''}${q.ids ? 'i' : ''}${q.from ? 'f' : ''}${q.to ? 't' : ''}${search ? 'q' : ''}`,
  };
}

/** One page of the list as rows (the CSV export reads it after a row; the JSON list is rendered by list-json.ts). */
export async function orderRows(db: Db, q: OrderListQuery, page: Page, timezone: string) {
  const { where } = listFilter(q, timezone);
  const order = listOrder(ORDER_SORT_COLUMNS[q.sort], orders.id, q.order);
  const rows = await db
    .select()
    .from(orders)
    .where(and(where, after(order, page.after)))
    .orderBy(...orderBy(order))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return rows.map((o) => ({ ...presentOrder(o), ...presentPricing(o) }));
}

/** A batch of the CSV export, rendered by the database (list-json.ts) and read as one JSON text (the fields of orderCsv). */
export async function orderCsvRows(
  db: Db,
  q: OrderListQuery,
  page: Page,
  timezone: string,
): Promise<(OrderSummary & OrderPricing)[]> {
  const { where, shape } = listFilter(q, timezone);
  const batch = orderCsvBatchQuery(
    q,
    where,
    shape,
    after(listOrder(ORDER_SORT_COLUMNS[q.sort], orders.id, q.order), page.after),
    page.limit,
  );
  return JSON.parse(await queryText(db, batch.name, batch.query)) as (OrderSummary & OrderPricing)[];
}

/** The list response as JSON text: the page is rendered by the database (list-json.ts), the total counted here. */
export async function listOrdersJson(db: Db, q: OrderListQuery, timezone: string): Promise<string> {
  const { where, shape } = listFilter(q, timezone);
  const page = orderPageQuery(q, where, shape);
  const dated = q.from || q.to ? [timezone, q.from ?? null, q.to ?? null] : [];
  const [json, total] = await Promise.all([
    queryText(db, page.name, page.query),
    counter.count(db, orders, where, JSON.stringify([q.status ?? null, q.q ?? null, q.ids ?? null, ...dated])),
  ]);
  return `{"ok":true,"orders":${json},"total":${total.total},"totalIsEstimate":${total.totalIsEstimate}}`;
}

export async function orderStats(db: Db): Promise<OrderStats> {
  const all = await counter.count(db, orders, undefined, '[null,null]');
  const stats = { total: all.total } as OrderStats;
  let estimate = all.totalIsEstimate;
  for (const status of ORDER_STATUSES) {
    const c = await counter.count(db, orders, eq(orders.status, status), JSON.stringify([status, null]));
    stats[status] = c.total;
    estimate ||= c.totalIsEstimate;
  }
  stats.totalIsEstimate = estimate;
  return stats;
}

export async function getOrderDetail(db: Queryable, id: string): Promise<OrderDetail> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!order) throw notFound('order_not_found');
  // One after another: `db` may be a transaction, whose single connection takes one query at a time.
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, id));
  const [customer] = order.userId ? await db.select().from(users).where(eq(users.id, order.userId)).limit(1) : [];
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, id))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  const mints = await db.select().from(mintJobs).where(eq(mintJobs.orderId, id)).orderBy(asc(mintJobs.createdAt));
  return {
    ...presentOrder(order),
    ...presentPricing(order),
    items: items.map(presentItem),
    customer: customer ? { id: customer.id, email: customer.email, name: displayName(customer) } : null,
    payment: payment ? presentPayment(payment) : null,
    mintJobs: mints.map((j) => presentJob(j)),
  };
}

/** The order's webhook event (webhooks/outbox.ts), its data the order as GET /api/orders/:id answers it. */
export const emitOrderEvent = (
  tx: Tx,
  type: 'order.created' | 'order.paid' | 'order.fulfilled' | 'order.refunded',
  orderId: string,
) => emitWebhook(tx, type, `order:${orderId}`, () => getOrderDetail(tx, orderId));

/** A payment's webhook event, its data the payment as an order's answer shows it; keyed by its order, so they go in order. */
export const emitPaymentEvent = (
  tx: Tx,
  type: 'payment.succeeded' | 'payment.failed' | 'payment.refunded',
  paymentId: string,
  orderId: string,
) =>
  emitWebhook(tx, type, `order:${orderId}`, async () => {
    const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
    return p ? presentPayment(p) : null;
  });

/**
 * Prices one order line the way the shop's cart is priced (coupon, tax, shipping) and holds a use of its coupon.
 * A coupon that does not apply is refused with its sentence.
 */
async function priceOrder(
  tx: Tx,
  settings: SettingsService,
  customerId: string,
  product: typeof products.$inferSelect,
  input: CreateOrderInput,
) {
  const current = await settings.get(tx);
  const now = new Date();
  const price = await priceWith(
    tx,
    current,
    [{ productId: product.id, qty: input.qty }],
    new Map([[product.id, product]]),
    input.couponCode,
    { userId: customerId },
    now,
  );
  const refused = couponRefusal(price);
  if (refused) throw refused;
  if (price.found) await holdCouponUse(tx, price.found, null, holdsSince(current.couponHoldMinutes, now));
  return price;
}

export async function createOrder(
  db: Db,
  settings: SettingsService,
  input: CreateOrderInput,
  actor: Actor,
  opts: { mockPaid?: boolean } = {},
) {
  const detail = await db.transaction(async (tx) => {
    const email = normaliseEmail(input.userEmail);
    const [customer] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    if (!customer) throw unprocessable('unknown_customer', { email }, { userEmail: 'unknown_customer_field' });
    const own = opts.mockPaid ? ownMockOrderRefusal(actor?.id ?? null, customer.id) : null;
    if (own) throw forbidden(own, undefined, 'own_order');
    if (customer.status !== 'active') {
      throw unprocessable(
        'customer_inactive',
        { email, status: customer.status },
        { userEmail: say('customer_inactive_field', { status: customer.status }) },
      );
    }
    const [product] = await tx.select().from(products).where(eq(products.id, input.productId)).limit(1);
    if (!product) throw unprocessable('unknown_product', undefined, { productId: 'unknown_product_field' });
    if (product.status !== 'active') {
      throw unprocessable(
        'product_inactive',
        { title: product.title, status: product.status },
        { productId: 'product_inactive_field' },
      );
    }
    if (!mayBuyExclusive(await memberPricing(tx, customer.id), product.minMemberLevel)) {
      throw unprocessable(
        'member_level_required',
        { title: product.title, level: product.minMemberLevel ?? '', email },
        { productId: 'member_level_required_field' },
        'member_level_required',
      );
    }
    const wallet = walletProblem(input.walletAddress, isTokenised(product) ? product.title : null);
    if (wallet) throw wallet;
    if (!Number.isSafeInteger(product.priceFiatCents * input.qty)) {
      throw unprocessable('amount_too_large', undefined, { qty: 'order_total_too_large_field' });
    }
    const price = await priceOrder(tx, settings, customer.id, product, input);
    await takeStock(tx, [{ productId: product.id, qty: input.qty, title: product.title }]);
    const order = await insertPendingOrder(tx, {
      userId: customer.id,
      customerEmail: customer.email,
      walletAddress: input.walletAddress,
      price,
      products: new Map([[product.id, product]]),
      test: !!opts.mockPaid,
    });
    await audit(tx, actor, opts.mockPaid ? 'order.create_mock' : 'order.create', 'order', order.id, input);
    await emitOrderEvent(tx, 'order.created', order.id);
    if (opts.mockPaid) {
      await markOrderPaid(
        tx,
        order.id,
        { method: TEST_PROVIDER, provider: TEST_PROVIDER, test: true, reference: 'mock' },
        actor,
      );
    }
    return getOrderDetail(tx, order.id);
  });
  counter.touch();
  invalidateDashboard();
  if (opts.mockPaid) mintQueued();
  return detail;
}

/** An order row locked (FOR UPDATE) by the caller's transaction: every move of an order starts by locking it. */
export type LockedOrder = typeof orders.$inferSelect & { readonly locked: true };

export async function lockOrder(tx: Tx, id: string): Promise<LockedOrder> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update').limit(1);
  if (!order) throw notFound('order_not_found');
  return { ...order, locked: true };
}

export type PaymentConfirmation = {
  method: string;
  provider: string;
  reference?: string | null;
  test?: boolean;
  /** An existing pending payment to complete; otherwise one is recorded for the order's amount. */
  paymentId?: string;
  /** The notification settings the caller holds (the settings cache, dropped on every save); read fresh when absent. */
  notifying?: NotificationSettings;
};

/**
 * The one place an order becomes paid: every payment confirmation (mock orders today, providers later)
 * comes through here, inside the caller's transaction, so that what follows payment happens exactly once.
 * Answers the order's lines (read once here, for its mints and the caller's answer).
 */
export async function markOrderPaid(
  tx: Tx,
  which: string | LockedOrder,
  payment: PaymentConfirmation,
  actor: Actor,
  now = new Date(),
) {
  const order = typeof which === 'string' ? await lockOrder(tx, which) : which;
  const orderId = order.id;
  if (!canMove(order.status, 'paid'))
    throw conflict(illegalMoveMessage(order.status, 'paid'), undefined, 'illegal_transition');

  let paymentId = payment.paymentId;
  const completing = !!paymentId;
  if (!paymentId) {
    const [made] = await tx
      .insert(payments)
      .values({
        orderId,
        userId: order.userId,
        method: payment.method,
        provider: payment.provider,
        amountCents: order.amountCents,
        currency: order.currency,
        status: 'completed',
        reference: payment.reference ?? null,
        test: !!payment.test,
        createdAt: now,
        updatedAt: now,
        completedAt: now,
      })
      .returning({ id: payments.id });
    paymentId = made!.id;
    await recordPaymentEvent(tx, paymentId, 'created', {}, actor, now);
  }
  // The buyer (a guest by email only), told in this transaction; the worker delivers the email.
  const paidNotice = {
    userId: order.userId,
    email: order.customerEmail,
    channels: ['in_app', 'email'] as const,
    link: '/shop/account',
    notice: said('order_paid', {
      order: shortId(orderId),
      orderId,
      amount: fromCents(order.amountCents).toFixed(2),
      currency: order.currency,
    }),
  };
  const notice = payment.notifying ? notificationValues(paidNotice, payment.notifying) : null;
  // One statement (paid-statement.ts): an existing payment completed (it must still be pending), the writes of its
  // payment, and the order's lines read (for its mints and the caller's answer) with how many payments it completed.
  // None: the payment was no longer pending, and the caller's transaction rolls the rest back with the 409.
  const rows = await paidStatement(
    tx,
    {
      paymentId,
      orderId,
      now,
      reference: payment.reference ?? null,
      test: order.test || !!payment.test,
      actorId: actor?.id ?? null,
      actorIp: actor?.ip ?? null,
      auditData: auditEntry('order', { method: payment.method, provider: payment.provider }),
      ...noticeRun(notice),
    },
    paidShape(completing, notice),
  );
  paymentCounter.touch();
  if (completing && (rows[0]?.completed ?? 0) === 0) throw new AppError(409, 'payment_not_pending');
  // The statement's own audit row and notice are not audit() or notify() calls: announce them here (lib/live.ts).
  changed('order', orderId, 'updated');
  changed('payment', paymentId, completing ? 'updated' : 'created');
  if (notice?.inApp && order.userId) changed('inbox', order.userId, 'created');
  const items = rows.map((r) => r.item);
  await emitPaymentEvent(tx, 'payment.succeeded', paymentId, orderId);
  await emitOrderEvent(tx, 'order.paid', orderId);
  if (!notice) await notify(tx, paidNotice);
  if (order.couponCode) await settleCouponUse(tx, order.couponCode);
  await earnCommissions(tx, order, now);
  await enqueueOrderMints(tx, order, items);
  await earnPointsForOrder(tx, order, now);
  counter.touch();
  invalidateDashboard();
  ordersPaid.inc({ currency: order.currency });
  revenuePaid.inc({ currency: order.currency }, order.amountCents);
  return { items };
}

/** Called by the mint worker when a job succeeds: a paid order whose mints have all succeeded is fulfilled. */
export async function fulfilOrderIfMinted(tx: Tx, orderId: string, now = new Date()) {
  const [order] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update')
    .limit(1);
  if (!order) return false;
  const [open] = await tx
    .select({ id: mintJobs.id })
    .from(mintJobs)
    .where(and(eq(mintJobs.orderId, orderId), sql`${mintJobs.status} <> 'succeeded'`))
    .limit(1);
  if (!isFulfilledBy(order.status, open ? 1 : 0)) return false;
  await tx.update(orders).set({ status: 'fulfilled', fulfilledAt: now, updatedAt: now }).where(eq(orders.id, orderId));
  await audit(tx, null, 'order.fulfilled', 'order', orderId, {
    ...changes(order, { status: 'fulfilled' }),
    by: 'mint',
  });
  await emitOrderEvent(tx, 'order.fulfilled', orderId);
  counter.touch();
  invalidateDashboard();
  return true;
}

/**
 * The one place a pending order fails (a declined payment, an expired checkout): its stock comes back and its
 * coupon's held use is released, in the caller's transaction.
 */
export async function failOrder(tx: Tx, which: string | LockedOrder, reason: string, actor: Actor, now = new Date()) {
  const order = typeof which === 'string' ? await lockOrder(tx, which) : which;
  const orderId = order.id;
  if (!canMove(order.status, 'failed'))
    throw conflict(illegalMoveMessage(order.status, 'failed'), undefined, 'illegal_transition');
  // The coupon, then the products in id order: the order checkout takes them in, so the two never deadlock.
  if (order.couponCode) await releaseCouponUse(tx, order.couponCode);
  await returnStock(
    tx,
    await tx
      .select({ productId: orderItems.productId, qty: orderItems.qty })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId)),
    now,
  );
  const failed = await tx
    .update(payments)
    .set({ status: 'failed', updatedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  for (const { id } of failed) {
    await recordPaymentEvent(tx, id, 'failed', { reason }, actor, now);
    await emitPaymentEvent(tx, 'payment.failed', id, orderId);
  }
  await tx.update(orders).set({ status: 'failed', updatedAt: now }).where(eq(orders.id, orderId));
  await audit(tx, actor, 'order.failed', 'order', orderId, { ...changes(order, { status: 'failed' }), reason });
  counter.touch();
  invalidateDashboard();
}

export const STAFF_FAILED_REASON = 'Failed by staff before it was paid.';

/** Staff fail a pending order, as an expired checkout is failed: its stock and held coupon use come back. */
export async function failPendingOrder(db: Db, orderId: string, actor: Actor, now = new Date()) {
  await db.transaction((tx) => failOrder(tx, orderId, STAFF_FAILED_REASON, actor, now));
}

/**
 * The one place an order is refunded (its payment given back in full), in the caller's transaction with the order
 * locked: its mints not yet signed are cancelled, and the stock of every line whose token was not minted (and of
 * every line of goods) comes back. The coupon's use stays counted: the order did use it.
 */
export async function refundOrder(tx: Tx, order: LockedOrder, actor: Actor, now = new Date()) {
  if (!canMove(order.status, 'refunded'))
    throw conflict(illegalMoveMessage(order.status, 'refunded'), undefined, 'illegal_transition');
  const cancelled = new Set(await cancelOrderMints(tx, order.id, now));
  const lines = await tx
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      qty: orderItems.qty,
      tokenised: orderItems.tokenised,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  await returnStock(
    tx,
    lines.filter((l) => !l.tokenised || cancelled.has(l.id)),
    now,
  );
  await tx.update(orders).set({ status: 'refunded', updatedAt: now }).where(eq(orders.id, order.id));
  await audit(tx, actor, 'order.refunded', 'order', order.id, {
    ...changes(order, { status: 'refunded' }),
    cancelledMints: cancelled.size,
  });
  await emitOrderEvent(tx, 'order.refunded', order.id);
  counter.touch();
  invalidateDashboard();
}

/** Staff mark a paid order without tokens fulfilled (goods handed over); token orders are fulfilled by their mints. */
export async function markFulfilled(db: Db, orderId: string, actor: Actor, now = new Date()) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const tokenised = await tx
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.tokenised, true)));
    const refusal = manualFulfilRefusal(order.status, tokenised.length);
    if (refusal) throw conflict(refusal, undefined, 'illegal_transition');
    await tx
      .update(orders)
      .set({ status: 'fulfilled', fulfilledAt: now, updatedAt: now })
      .where(eq(orders.id, orderId));
    await audit(tx, actor, 'order.fulfilled', 'order', orderId, {
      ...changes(order, { status: 'fulfilled' }),
      by: 'staff',
    });
    await emitOrderEvent(tx, 'order.fulfilled', orderId);
  });
  counter.touch();
  invalidateDashboard();
  return getOrderDetail(db, orderId);
}
