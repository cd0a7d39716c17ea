import { Alert, Box, Chip, CircularProgress, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { apiGet, toQuery } from '../../../lib/api';
import { useDebounced } from '../../hooks/useDebounced';
import ExportButton from '../../components/ExportButton';
import { useFormat } from '../../hooks/useFormat';
import type { Inbox } from './inbox';
import TablePager from '../../components/TablePager';

/** Staff: every user's notifications, newest first, by recipient (email) and read state. */
export default function AllNotifications() {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [read, setRead] = useState<'' | 'true' | 'false'>('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const t = (key: string) => translate(`app.notifications.all.${key}`);
  const list = useQuery({
    queryKey: ['notifications', 'all', q, read, page, perPage],
    queryFn: () => apiGet<Inbox>(`/api/notifications${toQuery({ scope: 'all', q: q || undefined, read: read || undefined, limit: perPage, offset: page * perPage })}`),
  });
  const head = (key: string) => <TableCell>{t(`columns.${key}`)}</TableCell>;
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <TextField size="small" label={t('recipient')} value={search} onChange={(e) => { setSearch(e.target.value); setPage(0); }} sx={{ width: 300 }} />
        <TextField size="small" select label={t('read')} value={read} onChange={(e) => { setRead(e.target.value as typeof read); setPage(0); }} sx={{ width: 180 }}>
          <MenuItem value="">{translate('app.notifications.inbox.all')}</MenuItem>
          <MenuItem value="false">{translate('app.notifications.inbox.unread')}</MenuItem>
          <MenuItem value="true">{t('read_only')}</MenuItem>
        </TextField>
        <ExportButton path="/api/notifications/export.csv" resource="notifications" query={{ scope: 'all', q: q || undefined, read: read || undefined }} total={list.data?.total} />
      </Box>
      {list.error && <Alert severity="error">{`${translate('app.notifications.bell.load_failed')}: ${list.error.message}`}</Alert>}
      {list.isPending && <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
      {list.data && list.data.notifications.length === 0 && <Typography color="text.secondary">{translate('app.notifications.inbox.empty')}</Typography>}
      {list.data && list.data.notifications.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead><TableRow>{head('time')}{head('recipient')}{head('title')}{head('body')}{head('read')}</TableRow></TableHead>
            <TableBody>
              {list.data.notifications.map((n) => (
                <TableRow key={n.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(n.createdAt)}</TableCell>
                  <TableCell>{n.userEmail}</TableCell>
                  <TableCell>{n.title}</TableCell>
                  <TableCell sx={{ maxWidth: 380, overflowWrap: 'anywhere', color: 'text.secondary' }}>{n.body}</TableCell>
                  <TableCell>{n.read ? <Chip size="small" label={t('read_only')} /> : <Chip size="small" color="primary" label={translate('app.notifications.inbox.unread')} />}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePager total={list.data.total} page={page} perPage={perPage} onPage={setPage} onPerPage={setPerPage} />
        </Box>
      )}
    </Box>
  );
}
