import type { DashboardStats } from '../../../src/common/dashboard.js';
import { fromCents } from '../../../src/common/money.js';

/** What the dashboard's queries count, in cents and whole numbers. */
export type DashboardFigures = {
  orders: number;
  /** Revenue (lib/revenue.ts): gross less refunds, all time. */
  revenueCents: number;
  grossCents: number;
  refundsCents: number;
  pendingOrders: number;
  completedOrders: number;
  users: number;
  activeUsers: number;
  products: number;
  payments: number;
  /** Payouts made, users someone referred, and what referrers earned (neither rejected nor reversed). */
  payouts: number;
  referrals: number;
  commissionCents: number;
  months: { month: string; revenueCents: number; orders: number }[];
};

/** The dashboard's stats, money in currency units. */
export function presentStats(f: DashboardFigures): Omit<DashboardStats, 'systemUptime' | 'generatedAt'> {
  return {
    totalOrders: f.orders,
    totalRevenue: fromCents(f.revenueCents),
    grossRevenue: fromCents(f.grossCents),
    totalRefunds: fromCents(f.refundsCents),
    totalUsers: f.users,
    totalProducts: f.products,
    pendingOrders: f.pendingOrders,
    completedOrders: f.completedOrders,
    totalPayments: f.payments,
    totalPayouts: f.payouts,
    activeReferrals: f.referrals,
    totalCommissions: fromCents(f.commissionCents),
    activeUsers: f.activeUsers,
    revenueByMonth: f.months.map((m) => ({ month: m.month, revenue: fromCents(m.revenueCents), orders: m.orders })),
  };
}
