import { Alert, Box, Chip, CircularProgress, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { BulkJob } from '../../../common/notifications';
import { apiGet, toQuery } from '../../../lib/api';
import ExportButton from '../../components/ExportButton';
import TablePager from '../../components/TablePager';
import { useFormat } from '../../hooks/useFormat';

const STATUS_COLOR = { queued: 'default', running: 'info', completed: 'success' } as const;

/** Bulk sends, newest first, with their progress; refreshed every second while one is still going. */
export default function BulkJobs() {
  const translate = useTranslate();
  const { dateTime, number } = useFormat();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const jobs = useQuery({
    queryKey: ['notifications', 'bulk', page, perPage],
    queryFn: () => apiGet<{ jobs: BulkJob[]; total: number }>(`/api/notifications/bulk${toQuery({ limit: perPage, offset: page * perPage })}`),
    refetchInterval: (q) => (q.state.data?.jobs.some((j) => j.status !== 'completed') ? 1000 : 15_000),
  });
  const t = (key: string, opts?: Record<string, unknown>) => translate(`app.notifications.bulk.${key}`, opts);
  if (jobs.error) return <Alert severity="error">{`${t('load_failed')}: ${jobs.error.message}`}</Alert>;
  if (jobs.isPending) return <CircularProgress size={24} aria-label={translate('ra.page.loading')} />;
  if (jobs.data.jobs.length === 0) return <Typography color="text.secondary" sx={{ py: 2 }}>{t('empty')}</Typography>;
  const head = (key: string) => <TableCell>{t(`columns.${key}`)}</TableCell>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <ExportButton path="/api/notifications/bulk/export.csv" resource="notifications" total={jobs.data.total} />
      </Box>
      <Table size="small">
        <TableHead><TableRow>{head('created')}{head('title')}{head('audience')}{head('channels')}{head('status')}{head('progress')}{head('failed')}</TableRow></TableHead>
        <TableBody>
          {jobs.data.jobs.map((j) => {
            const done = j.sent + j.failed + j.skipped;
            const pct = j.total > 0 ? Math.min(100, (done / j.total) * 100) : 100;
            return (
              <TableRow key={j.id} data-bulk-id={j.id} data-status={j.status}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(j.createdAt)}</TableCell>
                <TableCell>{j.title}</TableCell>
                <TableCell>{translate(`app.notifications.send.audiences.${j.audience}`)}</TableCell>
                <TableCell>{j.channels.map((c) => translate(`app.notifications.channels.${c}`)).join(', ')}</TableCell>
                <TableCell><Chip size="small" color={STATUS_COLOR[j.status]} label={t(`statuses.${j.status}`)} /></TableCell>
                <TableCell sx={{ minWidth: 160 }}>
                  <LinearProgress variant="determinate" value={pct} aria-label={t('columns.progress')} />
                  <Typography variant="caption">{t('progress', { sent: number(j.sent), total: number(j.total) })}</Typography>
                </TableCell>
                <TableCell>{number(j.failed + j.skipped)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <TablePager total={jobs.data.total} page={page} perPage={perPage} onPage={setPage} onPerPage={setPerPage} />
    </Box>
  );
}
