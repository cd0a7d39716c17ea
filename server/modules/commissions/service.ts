import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { revenueOf } from '../../lib/revenue.js';
import { fromCents } from '../../../src/common/money.js';
import {
  COMMISSION_STATUSES,
  type CommissionStats,
  type CommissionStatus,
  type CommissionTotals,
  type CostStats,
} from '../../../src/common/referrals.js';
import type { CommissionListQuery } from '../../../src/common/commissions.schemas.js';
import type { Db, Queryable } from '../../db/client.js';
import { agentLevels, commissions, orders, searchOf, users } from '../../db/schema.js';
import { eachRow } from '../../lib/bulk.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { Counter } from '../../lib/list.js';
import { after, listOrder, orderBy, type Page } from '../../lib/pages.js';
import { byOrder, byUser, searchFilter } from '../../lib/search.js';
import type { Actor } from '../../types.js';
import { commissionsApproved, commissionsApprovedAmount } from '../metrics/business.js';
import { audit } from '../audit/service.js';
import { decisionRefusal, ownCommissionRefusal, rateText } from './policy.js';
import { presentCommission, presentLevel, type CommissionRow } from './present.js';

const counter = new Counter({ exactTtlMs: 0 });
const referrer = alias(users, 'referrer');

/** Commission rows with what the screens show beside them: the order's total and buyer, the referrer's email. */
const withContext = (db: Queryable) =>
  db
    .select({
      c: commissions,
      orderTotalCents: orders.amountCents,
      customerEmail: orders.customerEmail,
      referrerEmail: referrer.email,
    })
    .from(commissions)
    .innerJoin(orders, eq(orders.id, commissions.orderId))
    .innerJoin(referrer, eq(referrer.id, commissions.referrerId));

const flat = (r: {
  c: typeof commissions.$inferSelect;
  orderTotalCents: number;
  customerEmail: string;
  referrerEmail: string;
}): CommissionRow => ({
  ...r.c,
  orderTotalCents: r.orderTotalCents,
  customerEmail: r.customerEmail,
  referrerEmail: r.referrerEmail,
});

export type CommissionFilter = Partial<
  Pick<CommissionListQuery, 'status' | 'level' | 'referrerId' | 'startDate' | 'endDate' | 'q' | 'sort' | 'order'>
> & { limit: number; offset: number; payoutId?: string };

async function filterOf(db: Db, q: Omit<CommissionFilter, 'limit' | 'offset'>): Promise<SQL | undefined> {
  const f: SQL[] = [];
  if (q.status) f.push(eq(commissions.status, q.status));
  if (q.level) f.push(eq(commissions.level, q.level));
  if (q.referrerId) f.push(eq(commissions.referrerId, q.referrerId));
  if (q.payoutId) f.push(eq(commissions.payoutId, q.payoutId));
  if (q.startDate) f.push(gte(commissions.createdAt, q.startDate));
  if (q.endDate) f.push(lte(commissions.createdAt, q.endDate));
  // Any part of the commission's id, of its order's id or customer email, of its referrer's id, email or name.
  if (q.q?.trim())
    f.push(
      await searchFilter(db, q.q, searchOf.commissions(commissions), [
        byOrder(commissions.orderId),
        byUser(commissions.referrerId),
      ]),
    );
  return f.length ? and(...f) : undefined;
}

/** Each sort's columns, each read in index order: a status is a group, newest first within it (the status index's order). */
const SORT_COLUMNS = {
  createdAt: [commissions.createdAt],
  amount: [commissions.amountCents],
  status: [commissions.status, commissions.createdAt],
} as const;

/** One page of the list in its sort, newest first unless told (by offset for the JSON list, after a row for the CSV export). */
export async function commissionRows(
  db: Db,
  q: Omit<CommissionFilter, 'limit' | 'offset'>,
  holdDays: number,
  page: Page,
) {
  const order = listOrder([...SORT_COLUMNS[q.sort ?? 'createdAt']], commissions.id, q.order ?? 'desc');
  const rows = await withContext(db)
    .where(and(await filterOf(db, q), after(order, page.after)))
    .orderBy(...orderBy(order))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return rows.map((r) => presentCommission(flat(r), holdDays));
}

export async function listCommissions(db: Db, q: CommissionFilter, holdDays: number) {
  const where = await filterOf(db, q);
  const key = JSON.stringify(q);
  const [rows, [total, amount]] = await Promise.all([
    commissionRows(db, q, holdDays, q),
    // The sum reads every matching row: over a large filter (an estimated count) it is kept as long as the estimate.
    counter
      .count(db, commissions, where, key)
      .then(
        async (t) =>
          [t, await counter.sum(db, commissions, commissions.amountCents, where, key, t.totalIsEstimate)] as const,
      ),
  ]);
  return {
    commissions: rows,
    ...total,
    totals: { count: total.total, amount: fromCents(amount) },
  };
}

export async function commissionStats(db: Db, referrerId?: string): Promise<CommissionStats> {
  const rows = await db
    .select({
      status: commissions.status,
      n: sql<string>`count(*)`,
      cents: sql<string>`coalesce(sum(${commissions.amountCents}), 0)`,
    })
    .from(commissions)
    .where(referrerId ? eq(commissions.referrerId, referrerId) : undefined)
    .groupBy(commissions.status);
  const byStatus = Object.fromEntries(COMMISSION_STATUSES.map((s) => [s, { count: 0, amount: 0 }])) as Record<
    CommissionStatus,
    CommissionTotals
  >;
  let count = 0;
  let cents = 0;
  for (const r of rows) {
    if ((COMMISSION_STATUSES as readonly string[]).includes(r.status))
      byStatus[r.status as CommissionStatus] = { count: Number(r.n), amount: fromCents(Number(r.cents)) };
    if (r.status !== 'rejected' && r.status !== 'reversed') {
      count += Number(r.n);
      cents += Number(r.cents);
    }
  }
  return { ...byStatus, total: { count, amount: fromCents(cents) }, currency: 'USD' };
}

/**
 * Orders paid in the window and what their commissions cost (rejected and reversed ones excluded), against the
 * window's revenue as every screen counts it (lib/revenue.ts).
 */
export async function costStats(db: Db, from: Date, to: Date): Promise<CostStats> {
  const paidIn = and(
    gte(orders.paidAt, from),
    lte(orders.paidAt, to),
    sql`${orders.status} in ('paid', 'fulfilled', 'refunded')`,
  );
  const [[o], [c], money] = await Promise.all([
    db
      .select({ n: sql<string>`count(*)` })
      .from(orders)
      .where(paidIn),
    db
      .select({ cents: sql<string>`coalesce(sum(${commissions.amountCents}), 0)` })
      .from(commissions)
      .innerJoin(orders, eq(orders.id, commissions.orderId))
      .where(and(paidIn, sql`${commissions.status} not in ('rejected', 'reversed')`)),
    revenueOf(db, { from, to: new Date(to.getTime() + 1) }),
  ]);
  const revenue = money.netCents;
  const cost = Number(c?.cents ?? 0);
  return {
    totalOrders: Number(o?.n ?? 0),
    totalRevenue: fromCents(revenue),
    totalCommissions: fromCents(cost),
    costRatioPercent: revenue > 0 ? Math.round((cost * 10_000) / revenue) / 100 : 0,
  };
}

/**
 * Approves or rejects one pending commission under its lock: two decisions racing see each other, and the second
 * is refused with a sentence (409). Approving waits for the hold after payment; a rejection keeps its reason.
 */
export async function decideCommission(
  db: Db,
  id: string,
  to: 'approved' | 'rejected',
  actor: Actor,
  holdDays: number,
  now = new Date(),
  reason: string | null = null,
) {
  return db.transaction(async (tx) => {
    const [c] = await tx.select().from(commissions).where(eq(commissions.id, id)).for('update');
    if (!c) throw notFound('commission_not_found');
    const own = ownCommissionRefusal(actor?.id ?? null, c, to);
    if (own) throw forbidden(own, undefined, 'own_commission');
    const refusal = decisionRefusal(c, to, now, holdDays);
    if (refusal) throw conflict(refusal, undefined, 'illegal_transition');
    const rejectReason = to === 'rejected' ? reason : null;
    await tx
      .update(commissions)
      .set({ status: to, decidedAt: now, decidedBy: actor?.id ?? null, rejectReason, updatedAt: now })
      .where(eq(commissions.id, id));
    await audit(tx, actor, to === 'approved' ? 'commission.approve' : 'commission.reject', 'commission', id, {
      amountCents: c.amountCents,
      ...(rejectReason ? { reason: rejectReason } : {}),
    });
    counter.touch();
    if (to === 'approved') {
      commissionsApproved.inc();
      commissionsApprovedAmount.inc(c.amountCents);
    }
    const [row] = await withContext(tx).where(eq(commissions.id, id));
    return presentCommission(flat(row!), holdDays);
  });
}

/** Each commission decided on its own (lib/bulk.ts): one refused does not stop the others, and each refusal says why. */
export async function decideMany(
  db: Db,
  ids: string[],
  action: 'approve' | 'reject',
  actor: Actor,
  holdDays: number,
  reason: string | null = null,
) {
  const to = action === 'approve' ? 'approved' : 'rejected';
  const answer = await eachRow(ids, (id) => decideCommission(db, id, to, actor, holdDays, new Date(), reason));
  return { ...answer, approved: to === 'approved' ? answer.done : 0, rejected: to === 'rejected' ? answer.done : 0 };
}

export async function listLevels(db: Db) {
  return (await db.select().from(agentLevels).orderBy(agentLevels.level)).map(presentLevel);
}

export async function setLevelRate(db: Db, id: number, rate: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(agentLevels).where(eq(agentLevels.id, id)).for('update');
    if (!before) throw notFound('agent_level_not_found');
    const text = rateText(Math.round(rate * 1_000_000));
    const [row] = await tx
      .update(agentLevels)
      .set({ commissionRate: text, updatedAt: new Date() })
      .where(eq(agentLevels.id, id))
      .returning();
    await audit(tx, actor, 'agent_level.update', 'agent_level', String(id), {
      before: { commissionRate: before.commissionRate },
      after: { commissionRate: text },
    });
    return presentLevel(row!);
  });
}
