import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { HostedPayment, PaymentProvider, SandboxConfirmation } from '../../../src/common/checkout.js';
import { fromCents } from '../../../src/common/money.js';
import { PAYMENT_STATUSES } from '../../../src/common/orders.js';
import {
  type HostedCryptoPayment,
  type PaymentDetail,
  type PaymentList,
  type PaymentStats,
  type RefundResult,
} from '../../../src/common/payments.js';
import type { PaymentListQuery, RefundInput } from '../../../src/common/payments.schemas.js';
import { builtOnce, type Slots } from '../../db/built-once.js';
import { queryRows, type Db, type Queryable, type Tx } from '../../db/client.js';
import { dayStart, inPeriod, RECEIVED_AT, revenueOf, type Period } from '../../lib/revenue.js';
import {
  cryptoDeposits,
  cryptoRefunds,
  cryptoTransfers,
  orderItems,
  orders,
  paymentEvents,
  payments,
  redemptions,
  refunds,
  searchOf,
  users,
} from '../../db/schema.js';
import { AppError, conflict, forbidden, invalidField, notFound, sentenceOf } from '../../lib/errors.js';
import { after, listOrder, orderBy, type Page } from '../../lib/pages.js';
import { byOrder, searchFilter } from '../../lib/search.js';
import type { Actor } from '../../types.js';
import { paymentCounter as counter, recordPaymentEvent } from '../audit/payment-events.js';
import { adjustCommissionsForRefund } from '../commissions/earn.js';
import { lockMember, reversePointsForRefund, writeEntry } from '../membership/ledger.js';
import { refundedAmount, refundsMade } from '../metrics/business.js';
import { audit } from '../audit/service.js';
import { withOrderId } from '../checkout/policy.js';
import { mintQueued } from '../mint/enqueue.js';
import type { NotificationSettings } from '../notifications/notify.js';
import { emitPaymentEvent, failOrder, markOrderPaid, refundOrder, type LockedOrder } from '../orders/service.js';
import {
  CARD_ATTEMPTS_EXHAUSTED,
  CHECKOUT_EXPIRED,
  MAX_CARD_REFUSALS,
  notPendingMessage,
  ownRefundRefusal,
  recordedRefundRefusal,
  refundWayOf,
  refundRefusal,
  type Refusal,
} from './policy.js';
import {
  presentDeposit,
  presentHostedPayment,
  presentPayment,
  presentPaymentDetail,
  type Configured,
} from './present.js';
import type { Providers } from './providers/index.js';
import type { PaymentDriver, ProviderEvent, ProviderPayment } from './providers/types.js';

type Payment = typeof payments.$inferSelect;

/** One provider's payment and the order it pays; another provider's payment reads as not found. */
async function findPayment(db: Queryable, provider: PaymentProvider, id: string) {
  const [found] = await db
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.id, id), eq(payments.provider, provider)))
    .limit(1);
  if (!found) throw notFound('payment_not_found');
  return found;
}

/**
 * A payment (of `provider`, when given) and its order, both locked in one statement: the order's row first, as every
 * order move locks it, then the payment's. Locking the payment too makes PostgreSQL hand back its newest version after
 * a wait (a row only joined would come from the statement's start), and it only changes under its order's lock
 * (markOrderPaid, failOrder, refunds), so taking it second never waits on anyone who waits on us.
 */
const paymentAndOrder = builtOnce((q, p: Slots<{ id: string; provider: string | null }>, of: 'provider' | 'any') =>
  q
    .select({ order: orders, payment: payments })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(payments.id, p.id), of === 'provider' ? eq(payments.provider, p.provider) : undefined))
    .for('update')
    .limit(1),
);

export async function lockPayment(tx: Tx, id: string, provider?: PaymentProvider) {
  const [found] = await paymentAndOrder(tx, { id, provider: provider ?? null }, provider ? 'provider' : 'any');
  if (!found) throw notFound('payment_not_found');
  return { order: { ...found.order, locked: true } as LockedOrder, payment: found.payment };
}

/** How many card attempts on this payment were refused (its timeline's `refused` entries). */
async function refusalsOf(tx: Tx, paymentId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.paymentId, paymentId), eq(paymentEvents.type, 'refused')));
  return row?.n ?? 0;
}

const itemsOf = (db: Queryable, orderId: string) => db.select().from(orderItems).where(eq(orderItems.orderId, orderId));

export const asProviderPayment = (p: Payment): ProviderPayment => ({
  id: p.id,
  orderId: p.orderId!,
  amountCents: p.amountCents,
  currency: p.currency,
  status: p.status,
  reference: p.reference,
  refundedCents: p.refundedCents,
});

export async function getHostedPayment(
  db: Queryable,
  provider: PaymentProvider,
  id: string,
  siteName: string,
): Promise<HostedPayment> {
  const { payment, order } = await findPayment(db, provider, id);
  return presentHostedPayment({ payment, order, items: await itemsOf(db, order.id) }, siteName);
}

/** The buyer's crypto page: the hosted payment and its deposit (the payment's id is the capability, as for the sandbox's page). */
export async function getHostedCryptoPayment(
  db: Queryable,
  id: string,
  siteName: string,
  confirmations: number,
): Promise<HostedCryptoPayment> {
  const hosted = await getHostedPayment(db, 'crypto', id, siteName);
  const crypto = await cryptoDepositOf(db, id, confirmations);
  if (!crypto) throw notFound('payment_not_found');
  return { ...hosted, crypto };
}

/**
 * What a provider's verdict does, in the caller's transaction: the one path for the sandbox's card page and for a
 * provider's webhook. Succeeded: the order is paid (its mints are queued); failed: the order fails and its stock comes
 * back; refused: only recorded, the payment stays open. A paid order's lines are answered (markOrderPaid).
 */
export async function applyProviderEvent(
  tx: Tx,
  order: LockedOrder,
  payment: Payment,
  event: ProviderEvent,
  actor: Actor,
  now = new Date(),
  notifying?: NotificationSettings,
) {
  if (event.type === 'payment.succeeded') {
    const confirmed = {
      paymentId: payment.id,
      method: payment.method,
      provider: payment.provider,
      reference: event.reference,
      test: payment.test,
      notifying,
    };
    return markOrderPaid(tx, order, confirmed, actor, now);
  } else if (event.type === 'payment.failed') {
    await failOrder(tx, order, sentenceOf(event.reason), actor, now);
  } else {
    await recordPaymentEvent(
      tx,
      payment.id,
      'refused',
      { reason: sentenceOf(event.reason), code: event.code },
      actor,
      now,
    );
    await audit(tx, actor, 'payment.refused', 'payment', payment.id, { code: event.code });
  }
}

/**
 * The buyer confirms a hosted payment (the sandbox's card form), one attempt at a time under the order's lock. A card
 * that cannot be charged is a 400 and changes nothing; a declined card or one without the funds is a 402 that only adds
 * to the timeline: the payment stays open for another card until the checkout expires. A payment that is no longer
 * pending changes nothing (409: a second submit of a paid one, or one the sweeper expired); an expired checkout is failed
 * now (409). `notifying`: the notification settings the caller holds (markOrderPaid).
 */
export async function confirmHostedPayment(
  db: Db,
  driver: PaymentDriver,
  id: string,
  input: unknown,
  siteName: string,
  { now = new Date(), notifying }: { now?: Date; notifying?: NotificationSettings } = {},
): Promise<SandboxConfirmation> {
  const outcome = await db.transaction(async (tx) => {
    const { payment, order } = await lockPayment(tx, id, driver.name);
    const expired = !!order.expiresAt && order.expiresAt <= now;
    if (payment.status === 'failed' && expired) return { expired: true } as const;
    if (payment.status !== 'pending')
      throw conflict(notPendingMessage(payment.status), undefined, 'payment_not_pending');
    if (expired) {
      await failOrder(tx, order, sentenceOf(CHECKOUT_EXPIRED), null, now);
      return { expired: true } as const;
    }
    const answer = await driver.confirm(asProviderPayment(payment), input, now);
    const paidOrder = await applyProviderEvent(tx, order, payment, answer, null, now, notifying);
    const exhausted = answer.type === 'payment.refused' && (await refusalsOf(tx, payment.id)) >= MAX_CARD_REFUSALS;
    const event: ProviderEvent = exhausted
      ? { type: 'payment.failed', reason: CARD_ATTEMPTS_EXHAUSTED, code: 'card_attempts_exhausted' }
      : answer;
    if (exhausted) await applyProviderEvent(tx, order, payment, event, null, now);
    return { event, payment, order, items: paidOrder?.items ?? [] } as const;
  });
  if ('expired' in outcome) throw conflict(CHECKOUT_EXPIRED, undefined, 'checkout_expired');
  const { event, payment, order, items } = outcome;
  if (event.type !== 'payment.succeeded') throw new AppError(402, event.reason, undefined, undefined, event.code);
  mintQueued();
  const paid = { ...payment, status: 'completed', completedAt: now };
  return {
    payment: presentHostedPayment({ payment: paid, order, items }, siteName),
    redirectUrl: withOrderId(payment.returnUrl ?? '/shop', order.id),
  };
}

/** The columns of each sort, before the id that breaks ties; a status sort is by date within each status. */
const SORTS: Record<PaymentListQuery['sort'], AnyPgColumn[]> = {
  createdAt: [payments.createdAt],
  amount: [payments.amountCents],
  status: [payments.status, payments.createdAt],
};

/** The search box: any part of the payment's id or reference, or of its order's id or customer email (lib/search.ts). */
const searchOfPayments = (db: Db, raw: string) =>
  searchFilter(db, raw, searchOf.payments(payments), [byOrder(payments.orderId)]);

type ListFilter = Omit<PaymentListQuery, 'status'> & { status?: string };

/** Every filter but the dates: what the revenue's refunds follow (a refund counts when it was made). */
async function listFilterBut(db: Db, q: ListFilter): Promise<SQL[]> {
  const filters: SQL[] = [];
  if (q.status) filters.push(eq(payments.status, q.status));
  if (q.method) filters.push(eq(payments.method, q.method));
  if (q.provider) filters.push(eq(payments.provider, q.provider));
  if (q.q?.trim()) filters.push(await searchOfPayments(db, q.q));
  return filters;
}

/** The list's days in the site's timezone as instants (`from`'s start, the end of `to`). */
const periodOf = (q: ListFilter, timezone: string): Period => ({
  from: q.from ? dayStart(q.from, timezone) : undefined,
  to: q.to ? dayStart(q.to, timezone, true) : undefined,
});

/** The whole filter: the dates select payments by when their money moved (completion, else creation). */
async function listFilter(db: Db, q: ListFilter, timezone: string): Promise<SQL | undefined> {
  const filters = await listFilterBut(db, q);
  if (q.from || q.to) filters.push(inPeriod(RECEIVED_AT, periodOf(q, timezone)));
  return filters.length ? and(...filters) : undefined;
}

/** One page of the list (by offset for the JSON list, after a row for the CSV export), with each order's customer. */
export async function paymentRows(
  db: Db,
  q: PaymentListQuery,
  page: Page,
  { timezone, configured }: ListContext,
): Promise<PaymentWithCustomer[]> {
  const order = listOrder(SORTS[q.sort], payments.id, q.order);
  const rows = await db
    .select({ payment: payments, customerId: orders.userId, customerEmail: orders.customerEmail })
    .from(payments)
    .leftJoin(orders, eq(orders.id, payments.orderId))
    .where(and(await listFilter(db, q, timezone), after(order, page.after)))
    .orderBy(...orderBy(order))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return rows.map(({ payment, ...customer }) => presentPayment(payment, customer, configured));
}

type PaymentWithCustomer = ReturnType<typeof presentPayment>;
/** What a list needs beside its query: the site's timezone (its days) and the providers configured (refund ways). */
export type ListContext = { timezone: string; configured: Configured };

/**
 * Every provider with payments, found by hopping the provider index (a handful of probes, not a scan of the table):
 * the method filter offers what the data holds.
 */
async function providersInUse(db: Db): Promise<string[]> {
  const rows = await queryRows<{ p: string }>(
    db,
    sql`with recursive t(p) as (select min(provider) from payments
      union all select (select min(provider) from payments where provider > t.p) from t where t.p is not null)
      select p from t where p is not null`,
  );
  return rows.map((r) => r.p);
}

export async function listPayments(db: Db, q: PaymentListQuery, ctx: ListContext): Promise<PaymentList> {
  const where = await listFilter(db, q, ctx.timezone);
  const key = (status: string | undefined) =>
    JSON.stringify([status ?? null, q.method ?? null, q.provider ?? null, q.q?.trim() || null, q.from, q.to]);
  const [rows, total] = await Promise.all([
    paymentRows(db, q, q, ctx),
    counter.count(db, payments, where, key(q.status)),
  ]);
  const counts = {} as PaymentStats['counts'];
  let countsAreEstimates = false;
  for (const status of PAYMENT_STATUSES) {
    const c = await counter.count(db, payments, await listFilter(db, { ...q, status }, ctx.timezone), key(status));
    counts[status] = c.total;
    countsAreEstimates ||= c.totalIsEstimate;
  }
  const but = await listFilterBut(db, q);
  const money = await counter.remember(db, 'revenue', `${ctx.timezone}:${key(q.status)}`, total.totalIsEstimate, () =>
    revenueOf(db, periodOf(q, ctx.timezone), but.length ? and(...but) : undefined),
  );
  const stats: PaymentStats = {
    counts,
    countsAreEstimates,
    totalAmount: fromCents(money.netCents),
    gross: fromCents(money.grossCents),
    refunds: fromCents(money.refundsCents),
    net: fromCents(money.netCents),
    providers: await providersInUse(db),
  };
  return { payments: rows, ...total, stats };
}

/** A crypto payment's deposit address, what it holds and the transfers seen; null for other payments. */
export async function cryptoDepositOf(db: Queryable, paymentId: string, confirmations: number) {
  const [deposit] = await db.select().from(cryptoDeposits).where(eq(cryptoDeposits.paymentId, paymentId)).limit(1);
  if (!deposit) return null;
  const transfers = await db
    .select()
    .from(cryptoTransfers)
    .where(eq(cryptoTransfers.paymentId, paymentId))
    .orderBy(asc(cryptoTransfers.blockNumber));
  return presentDeposit(deposit, transfers, confirmations);
}

/** What a payment's page needs of the providers: the confirmations crypto waits for, and which can refund now. */
export type DetailProviders = Pick<Providers, 'confirmations' | 'configured'>;

export async function getPaymentDetail(db: Queryable, id: string, providers: DetailProviders): Promise<PaymentDetail> {
  const { confirmations } = providers;
  const [payment] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  if (!payment) throw notFound('payment_not_found');
  // One after another: `db` may be a transaction, whose single connection takes one query at a time.
  const [order] = payment.orderId ? await db.select().from(orders).where(eq(orders.id, payment.orderId)).limit(1) : [];
  const given = await db
    .select({ refund: refunds, by: users.email, crypto: cryptoRefunds })
    .from(refunds)
    .leftJoin(users, eq(users.id, refunds.createdBy))
    .leftJoin(cryptoRefunds, eq(cryptoRefunds.refundId, refunds.id))
    .where(eq(refunds.paymentId, id))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  const events = await db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, id))
    .orderBy(asc(paymentEvents.id));
  const crypto = payment.provider === 'crypto' ? await cryptoDepositOf(db, id, confirmations) : null;
  return presentPaymentDetail({ payment, order, refunds: given, events, crypto }, providers.configured);
}

/** A policy's refusal as the error it answers, naming its field when it has one. */
export const refusalError = (r: Refusal) =>
  r.field
    ? Object.assign(invalidField(r.field, r.message), { status: r.status, code: r.code })
    : new AppError(r.status, r.message, undefined, undefined, r.code);

/**
 * Gives the money back the payment's way (refundWayOf): through its provider's API, or recorded with the reference of
 * the money staff sent back outside the platform (a mock order's test payment moved none: recorded without one). A way
 * that is unavailable here (a provider not configured, a points payment) is a 422 with its sentence.
 */
async function refundAtProvider(
  providers: Providers,
  payment: Payment,
  input: RefundInput,
  ctx: { tx: Tx; now: Date; refundId: string },
) {
  const { way, unavailable } = refundWayOf(payment.provider, providers.configured);
  if (unavailable) throw new AppError(422, unavailable, undefined, undefined, unavailable.messageCode);
  if (way === 'points') return givePointsBack(ctx.tx, payment, ctx.now);
  if (way === 'recorded') {
    const refusal = recordedRefundRefusal(payment.provider, input.reference);
    if (refusal) throw refusalError(refusal);
    return { reference: input.reference ?? null };
  }
  return providers.get(payment.provider as PaymentProvider).refund(asProviderPayment(payment), input.amount, ctx);
}

/** A payment made with points (a redemption's order): the redemption's points go back to its member. */
async function givePointsBack(tx: Tx, payment: Payment, now: Date) {
  const [r] = payment.orderId
    ? await tx.select().from(redemptions).where(eq(redemptions.orderId, payment.orderId)).limit(1)
    : [];
  if (r) {
    const entry = {
      type: 'RETURNED',
      amount: r.pointsUsed,
      reason: 'Redemption refunded',
      redemptionId: r.id,
    } as const;
    await writeEntry(tx, await lockMember(tx, r.userId), entry, now);
  }
  return { reference: r ? `redemption ${r.id}` : null };
}

/** What gives the money back at the provider once the refund is taken: its reference, and what to run after commit. */
type GiveBack = (refundId: string) => Promise<{ reference: string | null; afterCommit?: () => Promise<void> }>;

/**
 * Refunds `input.amount` of a completed payment inside the caller's transaction, with its order locked (lockPayment):
 * the refunded total grows by one conditional update (never past the amount, whatever races it), `giveBack` returns the
 * money at the provider, the refund is recorded with its timeline event and audit, commissions shrink, and at the full
 * amount the payment and its order turn refunded (refundOrder). The one path of every refund: ours (refundPayment) and
 * one a provider reports was made on its side (Stripe's charge.refunded).
 */
export async function applyRefund(
  tx: Tx,
  order: LockedOrder,
  payment: Payment,
  input: RefundInput,
  actor: Actor,
  now: Date,
  giveBack: GiveBack,
  refundId = randomUUID(),
) {
  const refusal = refundRefusal(payment, input.amount);
  if (refusal) throw refusalError(refusal);
  const id = payment.id;
  const total = sql`${payments.refundedCents} + ${input.amount}`;
  const [taken] = await tx
    .update(payments)
    .set({
      refundedCents: total,
      status: sql`case when ${total} >= ${payments.amountCents} then 'refunded' else ${payments.status} end`,
      updatedAt: now,
    })
    .where(and(eq(payments.id, id), eq(payments.status, 'completed'), sql`${total} <= ${payments.amountCents}`))
    .returning({ status: payments.status });
  if (!taken) throw conflict('refund_exceeds_remaining');
  const given = await giveBack(refundId);
  const { reference } = given;
  await tx.insert(refunds).values({
    id: refundId,
    paymentId: id,
    amountCents: input.amount,
    reason: input.reason,
    reference,
    createdBy: actor?.id ?? null,
    createdAt: now,
  });
  await recordPaymentEvent(
    tx,
    id,
    'refunded',
    { amountCents: input.amount, reason: input.reason, reference },
    actor,
    now,
  );
  await audit(tx, actor, 'payment.refund', 'payment', id, {
    refundId,
    amountCents: input.amount,
    reason: input.reason,
  });
  await emitPaymentEvent(tx, 'payment.refunded', id, order.id);
  await adjustCommissionsForRefund(tx, order, payment.refundedCents + input.amount, now);
  if (taken.status === 'refunded') await refundOrder(tx, order, actor, now);
  await reversePointsForRefund(tx, order, payment.refundedCents + input.amount, now);
  refundsMade.inc({ currency: payment.currency });
  refundedAmount.inc({ currency: payment.currency }, input.amount);
  return { refundId, afterCommit: given.afterCommit };
}

/**
 * Gives `amount` of a completed payment back through its provider (applyRefund, in one transaction under the order's
 * lock). A crypto refund's transaction is stored with the refund and broadcast only once both are committed.
 */
export async function refundPayment(
  db: Db,
  providers: Providers,
  id: string,
  input: RefundInput,
  actor: Actor,
  now = new Date(),
): Promise<RefundResult> {
  const { refundId, afterCommit } = await db.transaction(async (tx) => {
    const { payment, order } = await lockPayment(tx, id);
    const [caller] = actor
      ? await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, actor.id))
      : [];
    const own = ownRefundRefusal(caller ?? null, order);
    if (own) throw forbidden(own, undefined, 'own_refund');
    return applyRefund(tx, order, payment, input, actor, now, (refundId) =>
      refundAtProvider(providers, payment, input, { tx, now, refundId }),
    );
  });
  await afterCommit?.();
  const payment = await getPaymentDetail(db, id, providers);
  return { payment, refund: payment.refunds.find((r) => r.id === refundId)! };
}
