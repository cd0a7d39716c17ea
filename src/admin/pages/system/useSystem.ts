import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import type { SystemAnswer } from '../../../common/system.schemas';

/** How often the System page reads GET /api/system again while it is open. */
export const SYSTEM_REFRESH_MS = 10_000;

/** GET /api/system, read again every SYSTEM_REFRESH_MS (the shared query client retries a server that is away). */
export const useSystem = () =>
  useQuery({
    queryKey: ['system'],
    queryFn: () => apiGet<SystemAnswer>('/api/system'),
    refetchInterval: SYSTEM_REFRESH_MS,
  });
