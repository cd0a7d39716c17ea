import {
  Badge,
  Box,
  Button,
  CircularProgress,
  Divider,
  IconButton,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
} from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Notification } from '../../common/notifications';
import { useFormat } from '../hooks/useFormat';
import { isInternal, useInbox, useMarkRead, useNoticeWords } from '../pages/notifications/inbox';

const NEWEST = 8;

/** The top bar's bell: the unread count, and a menu of the newest notifications to read, open or mark all read. */
export function NotificationBell() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { dateTime } = useFormat();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const inbox = useInbox({ limit: NEWEST });
  const mark = useMarkRead();
  const words = useNoticeWords();
  const unread = inbox.data?.unread ?? 0;
  const label =
    unread > 99
      ? `${translate('app.notifications.bell.unread', { smart_count: unread })} (99+)`
      : unread > 0
        ? translate('app.notifications.bell.unread', { smart_count: unread })
        : translate('app.notifications.bell.label');

  const fail = (e: unknown) => notify(e instanceof Error ? e.message : String(e), { type: 'error' });
  const open = async (n: Notification) => {
    setAnchor(null);
    try {
      if (!n.read) await mark.one(n.id);
    } catch (e) {
      fail(e);
    }
    if (!n.link) return;
    if (isInternal(n.link)) navigate(n.link);
    else window.open(n.link, '_blank', 'noopener,noreferrer');
  };

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          data-testid="notification-bell"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          {/* No badge at all when nothing is unread: the button's name must contain every digit it shows. */}
          <Badge badgeContent={unread || undefined} color="error" max={99} data-testid="notification-count">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { width: 360, maxWidth: '90vw' } } }}
      >
        <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="subtitle1">{translate('app.notifications.bell.label')}</Typography>
          <Button size="small" disabled={unread === 0} onClick={() => mark.all().catch(fail)}>
            {translate('app.notifications.bell.mark_all')}
          </Button>
        </Box>
        <Divider />
        {inbox.isPending && (
          <Box sx={{ p: 2 }}>
            <CircularProgress size={20} aria-label={translate('ra.page.loading')} />
          </Box>
        )}
        {inbox.error && (
          <Typography color="error" sx={{ px: 2, py: 1 }}>
            {translate('app.notifications.bell.load_failed')}
          </Typography>
        )}
        {inbox.data && inbox.data.notifications.length === 0 && (
          <Typography color="text.secondary" sx={{ px: 2, py: 1.5 }}>
            {translate('app.notifications.bell.empty')}
          </Typography>
        )}
        {inbox.data?.notifications.map((n) => (
          <MenuItem
            key={n.id}
            onClick={() => void open(n)}
            data-notification-id={n.id}
            sx={{ whiteSpace: 'normal', alignItems: 'flex-start', gap: 1 }}
          >
            <Box
              sx={{
                width: 8,
                height: 8,
                mt: 0.9,
                borderRadius: '50%',
                flex: 'none',
                bgcolor: n.read ? 'transparent' : 'primary.main',
              }}
            />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: n.read ? 400 : 700 }}>
                {words(n).title}
              </Typography>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
              >
                {words(n).body}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {dateTime(n.createdAt)}
              </Typography>
            </Box>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            navigate('/notifications');
          }}
          sx={{ justifyContent: 'center' }}
        >
          <Typography variant="body2" color="primary">
            {translate('app.notifications.bell.see_all')}
          </Typography>
        </MenuItem>
      </Menu>
    </>
  );
}
