import { Alert, Box, Chip, CircularProgress, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { EMAIL_STATUSES, type EmailMessage, type EmailStatus } from '../../../common/notifications';
import { apiGet, toQuery } from '../../../lib/api';
import { useDebounced } from '../../hooks/useDebounced';
import ExportButton from '../../components/ExportButton';
import { useFormat } from '../../hooks/useFormat';
import TablePager from '../../components/TablePager';

const COLOR: Record<EmailStatus, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  queued: 'default', sending: 'info', sent: 'success', outbox: 'success', failed: 'error', skipped: 'warning',
};

/** Settings' Email outbox tab (admins): every email queued, sent, failed or kept here without SMTP, newest first. */
export default function Outbox() {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const [status, setStatus] = useState<EmailStatus | ''>('');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const t = (key: string) => translate(`app.notifications.outbox.${key}`);
  const list = useQuery({
    queryKey: ['notifications', 'outbox', status, q, page, perPage],
    queryFn: () => apiGet<{ messages: EmailMessage[]; total: number; totalIsEstimate: boolean }>(
      `/api/notifications/outbox${toQuery({ status: status || undefined, q: q || undefined, limit: perPage, offset: page * perPage })}`),
    refetchInterval: 10_000,
  });
  const head = (key: string) => <TableCell>{t(`columns.${key}`)}</TableCell>;
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{t('intro_smtp')}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <TextField size="small" label={t('search')} value={search} onChange={(e) => { setSearch(e.target.value); setPage(0); }} sx={{ width: 300 }} />
        <TextField size="small" select label={t('status')} value={status} onChange={(e) => { setStatus(e.target.value as EmailStatus | ''); setPage(0); }} sx={{ width: 200 }}>
          <MenuItem value="">{t('all')}</MenuItem>
          {EMAIL_STATUSES.map((s) => <MenuItem key={s} value={s}>{t(`statuses.${s}`)}</MenuItem>)}
        </TextField>
        <ExportButton path="/api/notifications/outbox/export.csv" resource="settings" query={{ status: status || undefined, q: q || undefined }} total={list.data?.total} />
      </Box>
      {list.error && <Alert severity="error">{`${t('load_failed')}: ${list.error.message}`}</Alert>}
      {list.isPending && <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
      {list.data && list.data.messages.length === 0 && <Typography color="text.secondary">{t('empty')}</Typography>}
      {list.data && list.data.messages.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="outbox">
            <TableHead><TableRow>{head('time')}{head('to')}{head('subject')}{head('body')}{head('status')}{head('attempts')}</TableRow></TableHead>
            <TableBody>
              {list.data.messages.map((m) => (
                <TableRow key={m.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(m.sentAt ?? m.createdAt)}</TableCell>
                  <TableCell>{m.to}</TableCell>
                  <TableCell>{m.subject}</TableCell>
                  <TableCell sx={{ maxWidth: 360, overflowWrap: 'anywhere', color: 'text.secondary' }}>{m.bodyPreview}</TableCell>
                  <TableCell>
                    <Tooltip title={m.lastError ?? ''}>
                      <Chip size="small" color={COLOR[m.status]} label={t(`statuses.${m.status}`)} />
                    </Tooltip>
                  </TableCell>
                  <TableCell>{m.attempts}</TableCell>
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
