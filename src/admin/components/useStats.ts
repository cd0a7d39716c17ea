import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';

/** GET /api/<resource>/stats; react-admin's refresh refetches it like every other query. */
export default function useStats<T>(resource: string) {
  return useQuery({
    queryKey: [resource, 'stats'],
    queryFn: async () => (await apiGet<{ stats: T }>(`/api/${resource}/stats`)).stats,
  });
}
