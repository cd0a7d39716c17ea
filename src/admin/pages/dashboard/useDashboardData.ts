import { useQuery } from '@tanstack/react-query';
import { useGetList } from 'react-admin';
import { apiGet } from '../../../lib/api';
import type { DashboardAlert, DashboardStats } from '../../../common/dashboard';
import type { OrderSummary } from '../../../common/orders';

/** Thrown when the answer lacks its figures: the dashboard then says "Failed to load dashboard data". */
export class UnexpectedDashboardAnswer extends Error {}

export const RECENT_ORDERS = 5;

/** GET /api/dashboard/stats: figures, monthly revenue and server-side alerts. */
export function useDashboardStats() {
  return useQuery({
    queryKey: ['dashboard', 'stats'],
    retry: 1,
    queryFn: async () => {
      const body = await apiGet<{ stats?: DashboardStats; alerts?: DashboardAlert[] }>('/api/dashboard/stats');
      if (!body?.stats) throw new UnexpectedDashboardAnswer();
      return { stats: body.stats, alerts: body.alerts ?? [] };
    },
  });
}

/** The five newest orders (GET /api/orders?limit=5). */
export function useRecentOrders() {
  return useGetList<OrderSummary>(
    'orders',
    {
      pagination: { page: 1, perPage: RECENT_ORDERS },
      sort: { field: 'createdAt', order: 'DESC' },
    },
    { retry: 1 },
  );
}
