/**
 * The admin's screens follow the live events stream (src/lib/live.ts): each change invalidates the react-admin
 * queries of its resource (lists, record pages, stats), the dashboard's for what it counts, and the bell's for the
 * caller's inbox, so open screens refetch without a reload. The Mint Queue follows only while its "Auto Refresh"
 * switch is on. Bursts are gathered for BATCH_MS so that a hundred changes are one refetch per screen.
 */
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useStore } from 'react-admin';
import type { LiveEvent } from '../../common/events';
import { followLive } from '../../lib/live';
import { INBOX_KEY } from '../pages/notifications/inbox';
import { AUTO_REFRESH_KEY } from '../resources/mint-queue/constants';

const BATCH_MS = 150;
/** The resources whose changes move the dashboard's figures or its newest orders. */
const ON_DASHBOARD = new Set(['orders', 'payments', 'products', 'users', 'mint-queue', 'payouts']);

/** The query-key prefixes a change makes stale. */
function staleKeys(event: LiveEvent, mintQueueLive: boolean): (readonly string[])[] {
  if (event.resource === 'inbox') return [INBOX_KEY];
  if (event.resource === 'mint-queue' && !mintQueueLive) return [];
  const keys: (readonly string[])[] = [[event.resource]];
  if (ON_DASHBOARD.has(event.resource)) keys.push(['dashboard']);
  // A payment's change moves its order (status, paid), and a mint its order's tokens.
  if (event.resource === 'payments' || event.resource === 'mint-queue') keys.push(['orders']);
  return keys;
}

/**
 * Marks the queries under `queryKey` (all: none given) stale and refetches those on screen, without cancelling a load
 * that is running: cancelled at every change, a list whose load takes longer than the changes come apart would never
 * load. A load that was running when the change came may have read before it, so once it is in, it is asked once more.
 */
export async function refreshQueries(client: QueryClient, queryKey?: QueryKey) {
  const running = client.isFetching({ queryKey }) > 0;
  await client.invalidateQueries({ queryKey }, { cancelRefetch: false });
  if (running) await client.refetchQueries({ queryKey, type: 'active' }, { cancelRefetch: false });
}

export function LiveUpdates() {
  const client = useQueryClient();
  const [mintQueueLive] = useStore<boolean>(AUTO_REFRESH_KEY, true);
  const mintLive = useRef(mintQueueLive);
  useEffect(() => {
    mintLive.current = mintQueueLive;
  }, [mintQueueLive]);

  useEffect(() => {
    let pending = new Map<string, readonly string[]>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      const keys = [...pending.values()];
      pending = new Map();
      for (const queryKey of keys) void refreshQueries(client, queryKey);
    };
    const stop = followLive({
      onChange: (event) => {
        for (const key of staleKeys(event, mintLive.current)) pending.set(key.join('\u0000'), key);
        timer ??= setTimeout(flush, BATCH_MS);
      },
      onReload: () => void refreshQueries(client),
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [client]);
  return null;
}
