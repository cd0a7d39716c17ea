import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import type { ProductStats } from './constants';

/** GET /api/products/stats; refetched by react-admin's refresh button like every other query. */
export default function useProductStats() {
  return useQuery({
    queryKey: ['products', 'stats'],
    queryFn: async () => (await apiGet<{ stats: ProductStats }>('/api/products/stats')).stats,
  });
}
