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
  type DayRange,
  type ReportRange,
} from '../../../src/common/reports.js';
import { fromCents } from '../../../src/common/money.js';
import { queryRows, type Db } from '../../db/client.js';
import { foldMoneyStats, moneyStatsTable } from '../../db/money-stats.js';
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
  /** The period's first and last days (YYYY-MM-DD, local), as the screen names it. */
  firstDay: string;
  lastDay: string;
};

type Row = { period: string; current: boolean } & Record<string, string | number | boolean | null>;
type Figures = Record<string, number>;

const FORMAT = { day: 'YYYY-MM-DD', month: 'YYYY-MM' } as const;
const PAID = sql.raw(`('paid', 'fulfilled')`);
const EARNING = sql.raw(`('pending', 'approved', 'paid')`);

/**
 * The period in the database's terms, from a day's start to a day's end in the site's timezone: the last 7, 30 or 90
 * days (today included) by day, the last year (the 365 or 366 days to today's end) by month, or the days chosen
 * (`from`–`to`, both included; by day up to 92 days, else by month). The previous period is as long and ends where
 * this one starts.
 */
export async function windowOf(
  db: Db,
  range: ReportRange,
  timezone: string,
  now: Date,
  days?: DayRange,
): Promise<Window> {
  const { unit, span, custom } = periodShape(range, days);
  const step = sql.raw(`interval '1 ${unit}'`);
  const today = sql`date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${timezone})`;
  const bounds = custom
    ? sql`select ${days!.from}::date::timestamp as cs, (${days!.to}::date + 1)::timestamp as ce`
    : sql`select ${today} + interval '1 day' - ${sql.raw(`interval '${span}'`)} as cs, ${today} + interval '1 day' as ce`;
  const [row] = await queryRows<{
    cur_start: string | Date;
    cur_end: string | Date;
    prev_start: string | Date;
    labels: string;
    first_day: string;
    last_day: string;
  }>(
    db,
    sql`
    with b as (${bounds}),
    w as (select cs, ce, cs - (ce - cs) as ps from b)
    select cs at time zone ${timezone} as cur_start, ce at time zone ${timezone} as cur_end,
      ps at time zone ${timezone} as prev_start,
      to_char(cs, 'YYYY-MM-DD') as first_day, to_char(ce - interval '1 day', 'YYYY-MM-DD') as last_day,
      (select string_agg(to_char(g, ${FORMAT[unit]}), ',' order by g)
        from generate_series(date_trunc(${unit}, cs), ce - interval '1 day', ${step}) g) as labels
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
    firstDay: row.first_day,
    lastDay: row.last_day,
  };
}

/** `column`'s bucket label in local time. */
const bucket = (w: Window, column: SQL) =>
  sql`to_char(date_trunc(${w.unit}, ${column} at time zone ${w.timezone}), ${FORMAT[w.unit]})`;
/** Rows of both periods: from the previous period's start to the current one's end. */
const within = (w: Window, column: SQL) =>
  sql`${column} >= ${w.prevStart.toISOString()}::timestamptz and ${column} < ${w.curEnd.toISOString()}::timestamptz`;

/**
 * Figures per bucket of one table: `select` is the list of aggregates, named. `current` tells the period's rows from
 * the previous period's: with a partial first month both may fall in one month's bucket.
 */
async function grouped(db: Db, w: Window, from: SQL, column: SQL, select: SQL, where: SQL = sql`true`): Promise<Row[]> {
  return queryRows<Row>(
    db,
    sql`select ${bucket(w, column)} as period, ${column} >= ${w.curStart.toISOString()}::timestamptz as current, ${select}
    from ${from} where ${within(w, column)} and ${where} group by 1, 2`,
  );
}

/**
 * Revenue's parts (server/lib/revenue.ts) from their hourly figures (db/money-stats.ts): payments received and their
 * count, and refunds, each when the money moved.
 */
const moneyRows = (db: Db, w: Window) =>
  grouped(
    db,
    w,
    moneyStatsTable,
    sql`hour`,
    sql`coalesce(sum(amount_cents) filter (where kind = 'received'), 0) as gross,
    coalesce(sum(moves) filter (where kind = 'received'), 0) as "paidOrders",
    coalesce(sum(amount_cents) filter (where kind = 'refund'), 0) as refunds`,
  );

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
  if (kind === 'dashboard' || kind === 'sales' || kind === 'financial') await foldMoneyStats(db);
  switch (kind) {
    // Orders' counts and sums come from their hourly figures: a year is at most 8,784 hours a status, not a million rows.
    case 'dashboard':
      return Promise.all([
        moneyRows(db, w),
        grouped(db, w, orderStatsTable, hour, sql`coalesce(sum(orders), 0) as orders`),
        grouped(db, w, sql`users`, created, sql`count(*) as users`),
      ]);
    // Units and discounts are the paid orders' placed in the period (their hourly figures).
    case 'sales':
      return Promise.all([
        moneyRows(db, w),
        grouped(
          db,
          w,
          orderStatsTable,
          hour,
          sql`coalesce(sum(qty), 0) as "unitsSold", coalesce(sum(discount_cents), 0) as discounts`,
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
        moneyRows(db, w),
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
  const revenue = (f.gross ?? 0) - (f.refunds ?? 0);
  if (kind === 'dashboard' || kind === 'sales')
    return { ...f, revenue, avgOrderValue: averageCents(revenue, f.paidOrders ?? 0) };
  if (kind === 'financial') return { ...f, net: revenue };
  return f;
}

const toApi = (metric: string, value: number) => (MONEY_METRICS.has(metric) ? fromCents(value) : value);

export async function buildReport(
  db: Db,
  kind: ReportKind,
  range: ReportRange,
  settings: { timezone: string; currency: string },
  now = new Date(),
  days?: DayRange,
): Promise<Report> {
  const w = await windowOf(db, range, settings.timezone, now, days);
  const metrics: readonly string[] = REPORT_METRICS[kind];
  const byPeriod = new Map<string, Figures>();
  const current: Figures = {};
  const previous: Figures = {};
  for (const rows of await rowsOf(db, kind, w)) {
    for (const { period, current: isCurrent, ...figures } of rows) {
      const into = isCurrent ? current : previous;
      const point = byPeriod.get(period) ?? {};
      for (const [key, raw] of Object.entries(figures)) {
        const value = Number(raw ?? 0);
        if (isCurrent) point[key] = (point[key] ?? 0) + value;
        into[key] = (into[key] ?? 0) + value;
      }
      if (isCurrent) byPeriod.set(period, point);
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
    firstDay: w.firstDay,
    lastDay: w.lastDay,
    from: w.curStart.toISOString(),
    to: w.curEnd.toISOString(),
    previousFrom: w.prevStart.toISOString(),
    totals,
    series,
  };
}
