/** Reports: what GET /api/reports/{kind} answers. */

/** The screen's date ranges: the last 7, 30 or 90 days by day, or the last 12 months by month. */
export const REPORT_RANGES = ['7d', '30d', '90d', '1y'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];

/** The screen's report types; each shows the figures of one server report. */
export const REPORT_TYPES = ['overview', 'sales', 'orders', 'users', 'revenue'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** The server's reports, one endpoint each. */
export const REPORT_KINDS = ['dashboard', 'sales', 'users', 'financial', 'referrals'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Each kind's figures, in order. Names ending in `Cents`… are not used: money is in currency units with 2 decimals. */
export const REPORT_METRICS = {
  dashboard: ['revenue', 'orders', 'paidOrders', 'users', 'avgOrderValue'],
  sales: ['revenue', 'paidOrders', 'unitsSold', 'avgOrderValue', 'discounts'],
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
