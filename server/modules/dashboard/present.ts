import type { DashboardStats } from '../../../src/common/dashboard.js';
import { fromCents } from '../../../src/common/money.js';

/** What the dashboard's queries count, in cents and whole numbers. */
export type DashboardFigures = {
  orders: number; revenueCents: number; pendingOrders: number; completedOrders: number;
  users: number; activeUsers: number; products: number; payments: number;
  months: { month: string; revenueCents: number; orders: number }[];
};

/** SPEC §3 Dashboard stats, money in currency units. */
export function presentStats(f: DashboardFigures): Omit<DashboardStats, 'systemUptime' | 'generatedAt'> {
  return {
    totalOrders: f.orders,
    totalRevenue: fromCents(f.revenueCents),
    totalUsers: f.users,
    totalProducts: f.products,
    pendingOrders: f.pendingOrders,
    completedOrders: f.completedOrders,
    totalPayments: f.payments,
    // Payouts, referrals and commissions have no tables yet: zero is the true figure until they do.
    totalPayouts: 0,
    activeReferrals: 0,
    totalCommissions: 0,
    activeUsers: f.activeUsers,
    revenueByMonth: f.months.map((m) => ({ month: m.month, revenue: fromCents(m.revenueCents), orders: m.orders })),
  };
}
