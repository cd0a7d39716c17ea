import { useState } from 'react';
import { Alert, Box, Button, Chip, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { Notification } from '../../common/notifications';
import { NOTICE_MESSAGES, noticeText } from '../../common/notices-catalogue';
import { NOTICE_MESSAGES_ZH } from '../../common/notices-catalogue.zh';
import { NOTIFICATIONS_PAGE_SIZE, listOwnNotifications, markAllNotificationsRead, markNotificationRead } from '../api';
import { Pager } from '../components/Pager';
import { Empty, ErrorText, Loading } from '../components/Status';
import { messageOf, useLoad } from '../components/useLoad';
import { useFormat } from '../format';
import { fill, useI18n } from '../i18n';

/** A link in a notification: a shop page opens in the shop, anything else in a new tab. */
function NotificationLink({ link, label }: { link: string; label: string }) {
  if (link.startsWith('/shop'))
    return (
      <Link component={RouterLink} to={link.slice('/shop'.length) || '/'}>
        {label}
      </Link>
    );
  return (
    <Link href={link} target="_blank" rel="noopener noreferrer">
      {label}
    </Link>
  );
}

const NOTICES = { en: NOTICE_MESSAGES, zh: NOTICE_MESSAGES_ZH };

/** The logged-in shopper's notifications, newest first: unread ones marked, each or all marked read. */
export default function Notifications() {
  const { m, lang } = useI18n();
  // An event's notice in the reader's language; what staff wrote (no code) as written.
  const words = (n: Notification) => noticeText(n.messageCode, n.params, NOTICES[lang], m.membership.levels) ?? n;
  const f = useFormat();
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const offset = (page - 1) * NOTIFICATIONS_PAGE_SIZE;
  const result = useLoad(`notifications:${offset}:${version}`, (signal) =>
    listOwnNotifications({ limit: NOTIFICATIONS_PAGE_SIZE, offset }, signal),
  );
  const act = async (action: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await action();
      setVersion((v) => v + 1);
    } catch (e) {
      setFailure(fill(m.notifications.actionFailed, { message: messageOf(e) }));
    }
  };
  const data = result.data;
  const pages = data ? Math.ceil(data.total / NOTIFICATIONS_PAGE_SIZE) : 0;
  return (
    <Box component="section" aria-labelledby="notifications-title" sx={{ mb: 4 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: 2,
          mb: 2,
          flexWrap: 'wrap',
        }}
      >
        <Typography id="notifications-title" variant="h2">
          {m.notifications.title}
        </Typography>
        {data && data.unread > 0 && (
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {fill(m.notifications.unread, { count: f.number(data.unread) })}
            </Typography>
            <Button size="small" onClick={() => void act(markAllNotificationsRead)}>
              {m.notifications.markAll}
            </Button>
          </Box>
        )}
      </Box>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {result.status === 'loading' && !data && <Loading label={m.notifications.loading} />}
      {result.status === 'failed' && (
        <ErrorText
          message={fill(m.notifications.loadFailed, { message: messageOf(result.error) })}
          retry={result.retry}
          retryLabel={m.app.retry}
        />
      )}
      {data &&
        (data.notifications.length ? (
          <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {data.notifications.map((n) => (
              <Box
                component="li"
                key={n.id}
                data-read={n.read}
                sx={{ p: 2, border: 1, borderColor: n.read ? 'divider' : 'primary.main', borderRadius: 1 }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  {!n.read && <Chip size="small" color="primary" label={m.notifications.new} />}
                  <Typography component="h3" variant="subtitle1" sx={{ fontWeight: n.read ? 400 : 700, flex: 1 }}>
                    {words(n).title}
                  </Typography>
                  {!n.read && (
                    <Button size="small" onClick={() => void act(() => markNotificationRead(n.id))}>
                      {m.notifications.markRead}
                    </Button>
                  )}
                </Box>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {words(n).body}
                </Typography>
                <Box sx={{ display: 'flex', gap: 2, mt: 0.5 }}>
                  <Typography variant="caption" color="text.secondary">
                    {f.dateTime(n.createdAt)}
                  </Typography>
                  {n.link && (
                    <Typography variant="caption">
                      <NotificationLink link={n.link} label={m.notifications.open} />
                    </Typography>
                  )}
                </Box>
              </Box>
            ))}
          </Stack>
        ) : (
          <Empty>{m.notifications.empty}</Empty>
        ))}
      {data && <Pager page={page} pages={pages} label={m.notifications.paging} onChange={setPage} />}
    </Box>
  );
}
