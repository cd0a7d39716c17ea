/** What GET /api/dashboard/stats answers. */
import { z } from 'zod';
import { answerText, instant, messageParams, okWith } from './answers.schemas.js';
import { ALERT_CODES, ALERT_LEVELS, type DashboardAlert, type DashboardStats } from './dashboard.js';

const count = z.number().int();

const dashboardStatsAnswer = z.object({
  totalOrders: count,
  totalRevenue: z.number().describe('Revenue: payments received less refunds, all time, in currency units'),
  grossRevenue: z.number().describe('Payments received, all time'),
  totalRefunds: z.number().describe('Refunds made, all time'),
  totalUsers: count,
  totalProducts: count,
  pendingOrders: count,
  completedOrders: count.describe('Paid and fulfilled orders'),
  totalPayments: count,
  totalPayouts: count,
  activeReferrals: count.describe('Users someone referred'),
  totalCommissions: z.number().describe('What referrers earned, neither rejected nor reversed, in currency units'),
  activeUsers: count,
  revenueByMonth: z
    .array(z.object({ month: answerText.describe('YYYY-MM, in UTC'), revenue: z.number(), orders: count }))
    .describe('The last twelve months that had paid orders'),
  systemUptime: answerText.describe('How long the server has run, e.g. "3h 5m"'),
  generatedAt: instant.describe('When these figures were computed (large data serves them up to 15 s stale)'),
}) satisfies z.ZodType<DashboardStats>;

const dashboardAlertAnswer = z.object({
  level: z.enum(ALERT_LEVELS),
  code: z.enum(ALERT_CODES),
  params: messageParams,
}) satisfies z.ZodType<DashboardAlert>;

export const dashboardAnswer = okWith({ stats: dashboardStatsAnswer, alerts: z.array(dashboardAlertAnswer) });
