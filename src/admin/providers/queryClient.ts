import { QueryCache, QueryClient } from '@tanstack/react-query';
import { RECOVER_MS, recoverable, retryLoad } from '../../lib/api-errors';

/**
 * The admin's react-query client, for react-admin's data provider and the screens' own queries alike. A load that
 * failed for want of the server is asked again twice at once, then every RECOVER_MS while its screen is open, so the
 * screen recovers by itself when the server answers again (and at once when the browser comes back online); a
 * refusal (4xx) is final. Writes are never repeated: a failed Save keeps the form as it was typed.
 */
export function createQueryClient(): QueryClient {
  let scheduled: ReturnType<typeof setTimeout> | undefined;
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // One timer for all: each failed attempt of the screens on show schedules the next.
      onError: (error) => {
        if (scheduled || !recoverable(error)) return;
        scheduled = setTimeout(() => {
          scheduled = undefined;
          void client.refetchQueries({
            type: 'active',
            predicate: (query) => query.state.status === 'error' && recoverable(query.state.error),
          });
        }, RECOVER_MS);
      },
    }),
    defaultOptions: {
      queries: { retry: retryLoad, refetchOnReconnect: true },
      mutations: { retry: false },
    },
  });
  return client;
}
