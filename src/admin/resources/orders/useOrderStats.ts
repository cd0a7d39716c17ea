import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import type { OrderStats } from './constants';

/** GET /api/orders/stats; refetched by react-admin's refresh like every other query. */
export default function useOrderStats() {
  return useQuery({
    queryKey: ['orders', 'stats'],
    queryFn: async () => (await apiGet<{ stats: OrderStats }>('/api/orders/stats')).stats,
  });
}
