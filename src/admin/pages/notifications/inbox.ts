/** The caller's inbox as the bell and the notifications page read it, and the two ways to mark it read. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Notification } from '../../../common/notifications';
import { apiGet, apiSend, toQuery } from '../../../lib/api';

export type Inbox = { notifications: Notification[]; total: number; unread: number };
export const INBOX_KEY = ['notifications', 'inbox'] as const;

/** A page of the caller's notifications with their unread count; polled so that the bell's count follows. */
export function useInbox(params: { limit: number; offset?: number; read?: boolean }, pollMs = 20_000) {
  return useQuery({
    queryKey: [...INBOX_KEY, params],
    queryFn: () =>
      apiGet<Inbox>(
        `/api/notifications${toQuery({ limit: params.limit, offset: params.offset ?? 0, read: params.read })}`,
      ),
    refetchInterval: pollMs,
    refetchOnWindowFocus: true,
  });
}

/** Marks one notification, or all of them, read; every view of the inbox reloads. */
export function useMarkRead() {
  const client = useQueryClient();
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: INBOX_KEY }), [client]);
  return {
    one: async (id: string) => {
      await apiSend('PUT', `/api/notifications/${id}/read`);
      await refresh();
    },
    all: async () => {
      const r = await apiSend<{ updated: number }>('PUT', '/api/notifications/read-all');
      await refresh();
      return r.updated;
    },
  };
}

/** An in-app link (a path) is followed in the app; a whole address opens in a new tab. */
export const isInternal = (link: string) => link.startsWith('/') && !link.startsWith('//');
