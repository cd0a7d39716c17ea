import { Alert, Box, Button, Chip, CircularProgress, Link, List, ListItem, ListItemText, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useFormat } from '../../hooks/useFormat';
import { isInternal, useInbox, useMarkRead } from './inbox';
import TablePager from '../../components/TablePager';

/** The caller's whole inbox, newest first, a page at a time: all or unread, mark one or all read, follow a link. */
export default function InboxTab() {
  const translate = useTranslate();
  const notify = useNotify();
  const { dateTime } = useFormat();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const inbox = useInbox({ limit: perPage, offset: page * perPage, read: unreadOnly ? false : undefined });
  const mark = useMarkRead();
  const fail = (e: unknown) => notify(e instanceof Error ? e.message : String(e), { type: 'error' });

  const markAll = async () => {
    try {
      const n = await mark.all();
      notify(translate('app.notifications.inbox.marked_all', { smart_count: n }), { type: 'success' });
    } catch (e) {
      fail(e);
    }
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <ToggleButtonGroup size="small" exclusive value={unreadOnly ? 'unread' : 'all'} aria-label={translate('app.notifications.inbox.filter')}
          onChange={(_, v: string | null) => { if (v) { setUnreadOnly(v === 'unread'); setPage(0); } }}>
          <ToggleButton value="all">{translate('app.notifications.inbox.all')}</ToggleButton>
          <ToggleButton value="unread">{translate('app.notifications.inbox.unread')}</ToggleButton>
        </ToggleButtonGroup>
        {inbox.data && <Typography color="text.secondary">{translate('app.notifications.inbox.unread_count', { smart_count: inbox.data.unread })}</Typography>}
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" disabled={!inbox.data?.unread} onClick={markAll}>{translate('app.notifications.inbox.mark_all')}</Button>
      </Box>
      {inbox.error && <Alert severity="error">{`${translate('app.notifications.bell.load_failed')}: ${inbox.error.message}`}</Alert>}
      {inbox.isPending && <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
      {inbox.data && inbox.data.notifications.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 3 }}>{translate(unreadOnly ? 'app.notifications.inbox.empty_unread' : 'app.notifications.inbox.empty')}</Typography>
      )}
      {inbox.data && inbox.data.notifications.length > 0 && (
        <>
          <List data-testid="inbox-list">
            {inbox.data.notifications.map((n) => (
              <ListItem key={n.id} divider data-notification-id={n.id} data-read={n.read}
                secondaryAction={!n.read && <Button size="small" onClick={() => mark.one(n.id).catch(fail)}>{translate('app.notifications.inbox.mark_read')}</Button>}>
                <ListItemText
                  primary={
                    <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      {!n.read && <Chip size="small" color="primary" label={translate('app.notifications.inbox.new')} />}
                      <Box component="span" sx={{ fontWeight: n.read ? 400 : 700 }}>{n.title}</Box>
                    </Box>
                  }
                  secondary={
                    <>
                      <Box component="span" sx={{ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{n.body}</Box>
                      <Box component="span" sx={{ display: 'flex', gap: 2 }}>
                        <span>{dateTime(n.createdAt)}</span>
                        {n.link && (isInternal(n.link)
                          ? <Link component={RouterLink} to={n.link}>{translate('app.notifications.inbox.open')}</Link>
                          : <Link href={n.link} target="_blank" rel="noopener noreferrer">{translate('app.notifications.inbox.open')}</Link>)}
                      </Box>
                    </>
                  }
                  sx={{ pr: 12 }}
                />
              </ListItem>
            ))}
          </List>
          <TablePager total={inbox.data.total} page={page} perPage={perPage} onPage={setPage} onPerPage={setPerPage} />
        </>
      )}
    </Box>
  );
}
