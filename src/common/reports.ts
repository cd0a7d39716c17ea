/** Reports: what GET /api/reports/{kind} answers. */

/**
 * The screen's date ranges: the last 7, 30 or 90 days by day, the last year (365 or 366 days) by month, or the days
 * chosen (`custom`, with `from` and `to`). Each runs from a day's start to a day's end in the site's timezone.
 */
export const REPORT_RANGES = ['7d', '30d', '90d', '1y', 'custom'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];

/** The screen's report types; each shows the figures of one server report. */
export const REPORT_TYPES = ['overview', 'sales', 'orders', 'users', 'revenue'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** The server's reports, one endpoint each. */
export const REPORT_KINDS = ['dashboard', 'sales', 'users', 'financial', 'referrals'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** A custom range's days (YYYY-MM-DD), both included. */
export type DayRange = { from: string; to: string };

/**
 * Each kind's figures, in order. Revenue is one figure everywhere (server/lib/revenue.ts): `gross` (payments received
 * in the period) less `refunds` (made in the period) is `revenue`, and the financial report's `net`; `paidOrders` are
 * the payments received in the period. Money is in currency units with 2 decimals (no `…Cents` names).
 */
export const REPORT_METRICS = {
  dashboard: ['revenue', 'gross', 'refunds', 'orders', 'paidOrders', 'users', 'avgOrderValue'],
  sales: ['revenue', 'gross', 'refunds', 'paidOrders', 'unitsSold', 'avgOrderValue', 'discounts'],
  users: ['newUsers', 'referredUsers', 'buyers'],
  financial: ['gross', 'refunds', 'net', 'commissions', 'payouts'],
  referrals: ['clicks', 'signups', 'buyers', 'commissions'],
} as const satisfies Record<ReportKind, readonly string[]>;
export type ReportMetric<K extends ReportKind = ReportKind> = (typeof REPORT_METRICS)[K][number];

/** Which figures are money (formatted as currency, exported as decimal text). */
export const MONEY_METRICS: ReadonlySet<string> = new Set([
  'revenue',
  'avgOrderValue',
  'discounts',
  'gross',
  'refunds',
  'net',
  'commissions',
  'payouts',
]);

/** A figure over the period, the previous period of the same length, and the change in percent (null: nothing before). */
export type ReportTotal = { value: number; previous: number; growthPercent: number | null };

/** One day (YYYY-MM-DD) or month (YYYY-MM) of the period, in the settings' timezone. */
export type ReportPoint = { period: string } & Record<string, number>;

export type Report = {
  kind: ReportKind;
  range: ReportRange;
  bucket: 'day' | 'month';
  timezone: string;
  currency: string;
  /** The period's first instant and the instant after its last (ISO), and the previous period's first. */
  from: string;
  to: string;
  previousFrom: string;
  /** The period's first and last days in the site's timezone (YYYY-MM-DD), both included: what the screen shows. */
  firstDay: string;
  lastDay: string;
  totals: Record<string, ReportTotal>;
  series: ReportPoint[];
};

/** The server report each screen type shows. */
export const KIND_OF_TYPE: Record<ReportType, ReportKind> = {
  overview: 'dashboard',
  sales: 'sales',
  orders: 'dashboard',
  users: 'users',
  revenue: 'financial',
};
