/** The caller's inbox as the bell and the notifications page read it, and the two ways to mark it read. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import type { Notification } from '../../../common/notifications';
import { isNoticeCode, withLevelNames } from '../../../common/notices-catalogue';
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

/**
 * A notification's title and body in the reader's language: its message code's (`notices.<code>`, membership levels by
 * their names), else the text it was stored with (what staff wrote, or a notification older than the codes).
 */
export function useNoticeWords() {
  const translate = useTranslate();
  return useCallback(
    (n: Pick<Notification, 'title' | 'body' | 'messageCode' | 'params'>) => {
      if (!isNoticeCode(n.messageCode)) return { title: n.title, body: n.body };
      const params = withLevelNames(n.params, (level) => translate(`app.membership.levels.${level}`, { _: level }));
      return {
        title: translate(`notices.${n.messageCode}.title`, params),
        body: translate(`notices.${n.messageCode}.body`, params),
      };
    },
    [translate],
  );
}

/** An in-app link (a path) is followed in the app; a whole address opens in a new tab. */
export const isInternal = (link: string) => link.startsWith('/') && !link.startsWith('//');
