/**
 * Reports computed on the server in the settings' timezone: each kind's figures per day or month over the chosen
 * range, their totals, and the totals of the previous period of the same length. One grouped query per table reads
 * both periods at once; the previous period's rows only feed the totals.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  MONEY_METRICS,
  REPORT_METRICS,
  type Report,
  type ReportKind,
  type ReportPoint,
  type ReportRange,
} from '../../../src/common/reports.js';
import { fromCents } from '../../../src/common/money.js';
import { queryRows, type Db } from '../../db/client.js';
import { foldOrderStats, orderStatsTable } from '../../db/order-stats.js';
import { averageCents, growthPercent, periodShape } from './policy.js';

/** The period in the database's terms: its bounds as instants and its buckets' labels in local time. */
export type Window = {
  unit: 'day' | 'month';
  timezone: string;
  curStart: Date;
  curEnd: Date;
  prevStart: Date;
  labels: string[];
};

type Row = { period: string } & Record<string, string | number | null>;
type Figures = Record<string, number>;

const FORMAT = { day: 'YYYY-MM-DD', month: 'YYYY-MM' } as const;
const PAID = sql.raw(`('paid', 'fulfilled')`);
const EARNING = sql.raw(`('pending', 'approved', 'paid')`);

export async function windowOf(db: Db, range: ReportRange, timezone: string, now: Date): Promise<Window> {
  const { unit, count } = periodShape(range);
  const step = sql.raw(`interval '1 ${unit}'`);
  const [row] = await queryRows<{
    cur_start: string | Date;
    cur_end: string | Date;
    prev_start: string | Date;
    labels: string;
  }>(
    db,
    sql`
    with t as (select date_trunc(${unit}, ${now.toISOString()}::timestamptz at time zone ${timezone}) as today),
    w as (select today - ${count - 1}::int * ${step} as cs, today + ${step} as ce, today - ${2 * count - 1}::int * ${step} as ps from t)
    select cs at time zone ${timezone} as cur_start, ce at time zone ${timezone} as cur_end, ps at time zone ${timezone} as prev_start,
      (select string_agg(to_char(g, ${FORMAT[unit]}), ',' order by g) from generate_series(cs, ce - ${step}, ${step}) g) as labels
    from w`,
  );
  if (!row) throw new Error('the report period could not be computed');
  return {
    unit,
    timezone,
    curStart: new Date(row.cur_start),
    curEnd: new Date(row.cur_end),
    prevStart: new Date(row.prev_start),
    labels: row.labels.split(','),
  };
}

/** `column`'s bucket label in local time. */
const bucket = (w: Window, column: SQL) =>
  sql`to_char(date_trunc(${w.unit}, ${column} at time zone ${w.timezone}), ${FORMAT[w.unit]})`;
/** Rows of both periods: from the previous period's start to the current one's end. */
const within = (w: Window, column: SQL) =>
  sql`${column} >= ${w.prevStart.toISOString()}::timestamptz and ${column} < ${w.curEnd.toISOString()}::timestamptz`;

/** Figures per bucket of one table: `select` is the list of aggregates, named. */
async function grouped(db: Db, w: Window, from: SQL, column: SQL, select: SQL, where: SQL = sql`true`): Promise<Row[]> {
  return queryRows<Row>(
    db,
    sql`select ${bucket(w, column)} as period, ${select} from ${from} where ${within(w, column)} and ${where} group by 1`,
  );
}

/** Distinct buyers (by email) over the current and the previous period: a distinct count does not add up over days. */
async function distinctBuyers(db: Db, w: Window, where: SQL): Promise<{ current: number; previous: number }> {
  const [row] = await queryRows<{ current: string; previous: string }>(
    db,
    sql`select
    count(distinct customer_email) filter (where created_at >= ${w.curStart.toISOString()}::timestamptz) as current,
    count(distinct customer_email) filter (where created_at < ${w.curStart.toISOString()}::timestamptz) as previous
    from orders where ${within(w, sql`created_at`)} and status in ${PAID} and ${where}`,
  );
  return { current: Number(row?.current ?? 0), previous: Number(row?.previous ?? 0) };
}

/** Each kind's grouped queries; figures are integers (money in cents). */
async function rowsOf(db: Db, kind: ReportKind, w: Window): Promise<Row[][]> {
  const created = sql`created_at`;
  const hour = sql`hour`;
  if (kind === 'dashboard' || kind === 'sales') await foldOrderStats(db);
  switch (kind) {
    // Orders' counts and sums come from their hourly figures: a year is at most 8,784 hours a status, not a million rows.
    case 'dashboard':
      return Promise.all([
        grouped(
          db,
          w,
          orderStatsTable,
          hour,
          sql`coalesce(sum(orders), 0) as orders, coalesce(sum(orders) filter (where status in ${PAID}), 0) as "paidOrders",
          coalesce(sum(amount_cents) filter (where status in ${PAID}), 0) as revenue`,
        ),
        grouped(db, w, sql`users`, created, sql`count(*) as users`),
      ]);
    case 'sales':
      return Promise.all([
        grouped(
          db,
          w,
          orderStatsTable,
          hour,
          sql`coalesce(sum(orders), 0) as "paidOrders", coalesce(sum(amount_cents), 0) as revenue,
          coalesce(sum(qty), 0) as "unitsSold", coalesce(sum(discount_cents), 0) as discounts`,
          sql`status in ${PAID}`,
        ),
      ]);
    case 'users':
      return Promise.all([
        grouped(
          db,
          w,
          sql`users`,
          created,
          sql`count(*) as "newUsers", count(*) filter (where referred_by_id is not null) as "referredUsers"`,
        ),
        grouped(db, w, sql`orders`, created, sql`count(distinct customer_email) as buyers`, sql`status in ${PAID}`),
      ]);
    case 'financial':
      return Promise.all([
        grouped(
          db,
          w,
          sql`payments`,
          sql`coalesce(completed_at, created_at)`,
          sql`coalesce(sum(amount_cents), 0) as gross`,
          sql`status in ('completed', 'refunded')`,
        ),
        grouped(db, w, sql`refunds`, created, sql`coalesce(sum(amount_cents), 0) as refunds`),
        grouped(
          db,
          w,
          sql`commissions`,
          sql`earned_at`,
          sql`coalesce(sum(amount_cents), 0) as commissions`,
          sql`status in ${EARNING}`,
        ),
        grouped(
          db,
          w,
          sql`payouts`,
          sql`completed_at`,
          sql`coalesce(sum(amount_cents), 0) as payouts`,
          sql`status = 'completed'`,
        ),
      ]);
    case 'referrals':
      return Promise.all([
        grouped(db, w, sql`referral_clicks`, created, sql`count(*) as clicks`),
        grouped(
          db,
          w,
          sql`users`,
          sql`coalesce(referred_at, created_at)`,
          sql`count(*) as signups`,
          sql`referred_by_id is not null`,
        ),
        grouped(
          db,
          w,
          sql`orders`,
          created,
          sql`count(distinct customer_email) as buyers`,
          sql`status in ${PAID} and referrer_id is not null`,
        ),
        grouped(
          db,
          w,
          sql`commissions`,
          sql`earned_at`,
          sql`coalesce(sum(amount_cents), 0) as commissions`,
          sql`status in ${EARNING}`,
        ),
      ]);
  }
}

/** Figures the tables do not hold: worked out from the others, per bucket and for the totals alike. */
function derive(kind: ReportKind, f: Figures): Figures {
  if (kind === 'dashboard' || kind === 'sales')
    return { ...f, avgOrderValue: averageCents(f.revenue ?? 0, f.paidOrders ?? 0) };
  if (kind === 'financial') return { ...f, net: (f.gross ?? 0) - (f.refunds ?? 0) };
  return f;
}

const toApi = (metric: string, value: number) => (MONEY_METRICS.has(metric) ? fromCents(value) : value);

export async function buildReport(
  db: Db,
  kind: ReportKind,
  range: ReportRange,
  settings: { timezone: string; currency: string },
  now = new Date(),
): Promise<Report> {
  const w = await windowOf(db, range, settings.timezone, now);
  const metrics: readonly string[] = REPORT_METRICS[kind];
  const byPeriod = new Map<string, Figures>();
  const current: Figures = {};
  const previous: Figures = {};
  const first = w.labels[0] ?? '';
  for (const rows of await rowsOf(db, kind, w)) {
    for (const row of rows) {
      const into = row.period < first ? previous : current;
      const point = byPeriod.get(row.period) ?? {};
      for (const [key, raw] of Object.entries(row)) {
        if (key === 'period') continue;
        const value = Number(raw ?? 0);
        point[key] = (point[key] ?? 0) + value;
        into[key] = (into[key] ?? 0) + value;
      }
      byPeriod.set(row.period, point);
    }
  }
  const buyersWhere = kind === 'users' ? sql`true` : kind === 'referrals' ? sql`referrer_id is not null` : null;
  if (buyersWhere) {
    const buyers = await distinctBuyers(db, w, buyersWhere);
    current.buyers = buyers.current;
    previous.buyers = buyers.previous;
  }
  const cur = derive(kind, current);
  const prev = derive(kind, previous);
  const series: ReportPoint[] = w.labels.map((period) => {
    const figures = derive(kind, byPeriod.get(period) ?? {});
    const point: ReportPoint = { period } as ReportPoint;
    for (const m of metrics) (point as Record<string, number | string>)[m] = toApi(m, figures[m] ?? 0);
    return point;
  });
  const totals: Report['totals'] = {};
  for (const m of metrics) {
    const value = cur[m] ?? 0;
    const before = prev[m] ?? 0;
    totals[m] = { value: toApi(m, value), previous: toApi(m, before), growthPercent: growthPercent(value, before) };
  }
  return {
    kind,
    range,
    bucket: w.unit,
    timezone: w.timezone,
    currency: settings.currency,
    from: w.curStart.toISOString(),
    to: w.curEnd.toISOString(),
    previousFrom: w.prevStart.toISOString(),
    totals,
    series,
  };
}
