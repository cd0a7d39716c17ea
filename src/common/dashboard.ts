/** The dashboard's figures and alerts as GET /api/dashboard/stats answers them. */

/** Every alert the dashboard can raise; the admin catalogue has app.dashboard.alerts.<code> for each. */
export const ALERT_CODES = ['low_stock', 'stale_pending_orders', 'failed_orders_today', 'failed_mints'] as const;
export type AlertCode = (typeof ALERT_CODES)[number];

export const ALERT_LEVELS = ['error', 'warning', 'info'] as const;

export type DashboardAlert = {
  level: (typeof ALERT_LEVELS)[number];
  code: AlertCode;
  params: Record<string, number | string>;
};

export type DashboardStats = {
  totalOrders: number;
  /** Revenue: payments received less refunds, all time (the same figure as every report's and list's net). */
  totalRevenue: number;
  /** Payments received, and refunds made, all time: totalRevenue is their difference. */
  grossRevenue: number;
  totalRefunds: number;
  totalUsers: number;
  totalProducts: number;
  pendingOrders: number;
  completedOrders: number;
  totalPayments: number;
  totalPayouts: number;
  activeReferrals: number;
  totalCommissions: number;
  activeUsers: number;
  revenueByMonth: { month: string; revenue: number; orders: number }[];
  /** How long the server has run, e.g. "2m" or "3h 5m". */
  systemUptime: string;
  /** When these figures were computed (large data serves them up to 15 s stale). */
  generatedAt: string;
};
