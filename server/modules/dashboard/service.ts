import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { foldMoneyStats, moneyStatsTable } from '../../db/money-stats.js';
import { commissions, mintJobs, orders, payments, payouts, products, users } from '../../db/schema.js';
import { queryRows, type Db } from '../../db/client.js';
import { foldOrderStats, orderStatsTable } from '../../db/order-stats.js';
import type { DashboardAlert, DashboardStats } from '../../../src/common/dashboard.js';
import { presentStats } from './present.js';
import { cachesTrusted, invalidated, onInvalidation } from '../../lib/invalidation.js';

/** Paid orders (sql list for the order_stats rollups). */
const PAID = sql.raw("('paid', 'fulfilled')");
const LOW_STOCK = 5;
/**
 * The order figures come from the hourly rollups (db/order-stats.ts), not the orders; the other whole-table counts
 * still cost a scan at scale, so a slow answer may be this stale.
 */
const CACHE_MS = 15_000;
const SLOW_MS = 150;
let cache = new WeakMap<Db, { at: number; value: Awaited<ReturnType<typeof compute>> }>();

const n = (v: unknown) => Number(v ?? 0);

export function formatUptime(seconds: number) {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return d > 0 ? `${d}d ${h}h` : h > 0 ? `${h}h ${m}m` : `${m}m`;
}

/** Revenue's parts all time, from their hourly figures (db/money-stats.ts). */
async function revenueAllTime(db: Db) {
  const [row] = await queryRows<{ gross: string; refunds: string }>(
    db,
    sql`select coalesce(sum(amount_cents) filter (where kind = 'received'), 0) as gross,
      coalesce(sum(amount_cents) filter (where kind = 'refund'), 0) as refunds from ${moneyStatsTable}`,
  );
  const grossCents = n(row?.gross);
  const refundsCents = n(row?.refunds);
  return { grossCents, refundsCents, netCents: grossCents - refundsCents };
}

/** Revenue (lib/revenue.ts) per month in UTC since `from`, and the payments received each month. */
async function revenueByMonth(db: Db, from: Date) {
  return queryRows<{ month: string; revenue: string; count: string }>(
    db,
    sql`select to_char(date_trunc('month', hour at time zone 'UTC'), 'YYYY-MM') as month,
      sum(case when kind = 'received' then amount_cents else -amount_cents end) as revenue,
      sum(moves) filter (where kind = 'received') as count
      from ${moneyStatsTable} where hour >= ${from.toISOString()}::timestamptz
      group by 1 having sum(moves) filter (where kind = 'received') > 0 or sum(amount_cents) filter (where kind = 'refund') > 0
      order by 1`,
  );
}

async function compute(db: Db, now: Date) {
  await Promise.all([foldOrderStats(db), foldMoneyStats(db)]);
  const yearAgo = new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth() + 1, 1));
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const [[o], money, [u], [p], [pay], months, [stale], [failedToday], [failedMints], [net]] = await Promise.all([
    queryRows<{ total: string; pending: string; completed: string }>(
      db,
      sql`select
      coalesce(sum(orders), 0) as total,
      coalesce(sum(orders) filter (where status = 'pending'), 0) as pending,
      coalesce(sum(orders) filter (where status in ${PAID}), 0) as completed
      from ${orderStatsTable}`,
    ),
    revenueAllTime(db),
    db.select({ total: sql`count(*)`, active: sql`count(*) filter (where ${users.status} = 'active')` }).from(users),
    db
      .select({
        total: sql`count(*)`,
        lowStock: sql`count(*) filter (where ${products.status} = 'active' and ${products.stock} < ${LOW_STOCK})`,
      })
      .from(products),
    db.select({ total: sql`count(*)` }).from(payments),
    revenueByMonth(db, yearAgo),
    db
      .select({ c: sql`count(*)` })
      .from(orders)
      .where(and(eq(orders.status, 'pending'), lt(orders.createdAt, dayAgo))),
    db
      .select({ c: sql`count(*)` })
      .from(orders)
      .where(and(eq(orders.status, 'failed'), gte(orders.createdAt, dayAgo))),
    db
      .select({ c: sql`count(*)` })
      .from(mintJobs)
      .where(eq(mintJobs.status, 'failed')),
    queryRows<{ payouts: string; referrals: string; commissions: string }>(
      db,
      sql`select
      (select count(*) from ${payouts}) as payouts,
      (select count(*) from ${users} where referred_by_id is not null) as referrals,
      (select coalesce(sum(amount_cents), 0) from ${commissions} where status not in ('rejected', 'reversed')) as commissions`,
    ),
  ]);

  const alerts: DashboardAlert[] = [];
  if (n(p?.lowStock) > 0)
    alerts.push({ level: 'warning', code: 'low_stock', params: { count: n(p?.lowStock), threshold: LOW_STOCK } });
  if (n(stale?.c) > 0) alerts.push({ level: 'warning', code: 'stale_pending_orders', params: { count: n(stale?.c) } });
  if (n(failedToday?.c) > 0)
    alerts.push({ level: 'error', code: 'failed_orders_today', params: { count: n(failedToday?.c) } });
  if (n(failedMints?.c) > 0)
    alerts.push({ level: 'error', code: 'failed_mints', params: { count: n(failedMints?.c) } });

  return {
    stats: presentStats({
      orders: n(o?.total),
      revenueCents: money.netCents,
      grossCents: money.grossCents,
      refundsCents: money.refundsCents,
      pendingOrders: n(o?.pending),
      completedOrders: n(o?.completed),
      users: n(u?.total),
      activeUsers: n(u?.active),
      products: n(p?.total),
      payments: n(pay?.total),
      payouts: n(net?.payouts),
      referrals: n(net?.referrals),
      commissionCents: n(net?.commissions),
      months: months.map((m) => ({ month: m.month, revenueCents: n(m.revenue), orders: n(m.count) })),
    }),
    alerts,
  };
}

export async function dashboardStats(
  db: Db,
  now = new Date(),
): Promise<{ stats: DashboardStats; alerts: DashboardAlert[] }> {
  const hit = cachesTrusted() ? cache.get(db) : undefined;
  let value = hit && now.getTime() - hit.at < CACHE_MS ? hit.value : null;
  let at = hit?.at ?? now.getTime();
  if (!value) {
    const started = Date.now();
    value = await compute(db, now);
    at = now.getTime();
    // Only slow answers (large data) are worth serving stale; small shops always see fresh figures.
    if (Date.now() - started > SLOW_MS) cache.set(db, { at, value });
    else cache.delete(db);
  }
  return {
    stats: { ...value.stats, systemUptime: formatUptime(process.uptime()), generatedAt: new Date(at).toISOString() },
    alerts: value.alerts,
  };
}

/** Orders and products changed: the next look at the dashboard computes fresh figures. */
export function invalidateDashboard() {
  cache = new WeakMap();
  invalidated('counts');
}

onInvalidation((event) => {
  if (event === 'counts' || event === 'all') cache = new WeakMap();
});
