import { Box, Button, Checkbox, Chip, MenuItem, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { COMMISSION_STATUSES, type Commission } from '../../../common/referrals';
import type { ErrorParams } from '../../../common/errors-catalogue';
import { apiGet, apiSend, toQuery, translateError } from '../../../lib/api';
import { shortId } from '../../components/ids';
import ExportButton from '../../components/ExportButton';
import { useFormat } from '../../hooks/useFormat';
import RecordLink from '../../components/RecordLink';

/** One commission's outcome in a bulk decision; a refusal carries its sentence's code for the reader's language. */
type BulkResult = { ok: boolean; error?: string; messageCode?: string; params?: ErrorParams };

const PAGE = 50;
type Page = { commissions: Commission[]; total: number; totals: { count: number; amount: number } };

/** Every commission, newest first, by status; finance and admins approve or reject one or a selection. */
export default function HistoryTab({ canWrite }: { canWrite: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { money, dateTime } = useFormat();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const list = useQuery({
    queryKey: ['commissions', status, page],
    queryFn: () => apiGet<Page>(`/api/commissions${toQuery({ status: status || undefined, limit: PAGE, offset: page * PAGE })}`),
  });
  const t = (key: string, values?: Record<string, unknown>) => translate(`app.referrals.history.${key}`, values);
  const rows = list.data?.commissions ?? [];
  const pending = rows.filter((c) => c.status === 'pending');

  const decide = async (ids: string[], action: 'approve' | 'reject') => {
    setConfirming(false);
    setBusy(true);
    try {
      const r = await apiSend<{ approved: number; rejected: number; refused: number; results: BulkResult[] }>('POST', '/api/commissions/bulk', { ids, action });
      const refused = r.results.find((x) => !x.ok);
      const refusal = refused?.error && translateError(refused.messageCode, refused.params, refused.error);
      notify(`${t('done', r)}${refusal ? ` — ${refusal}` : ''}`, { type: r.refused ? 'warning' : 'success' });
      setSelected([]);
      await list.refetch();
    } catch (e) {
      notify(t('failed', { error: e instanceof Error ? e.message : String(e) }), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <TextField select size="small" label={t('status')} value={status} onChange={(e) => { setStatus(e.target.value); setPage(0); setSelected([]); }} sx={{ minWidth: 180 }}>
          <MenuItem value="">{t('all')}</MenuItem>
          {COMMISSION_STATUSES.map((s) => <MenuItem key={s} value={s}>{translate(`app.referral_dashboard.status.${s}`)}</MenuItem>)}
        </TextField>
        {canWrite && selected.length > 0 && (
          <>
            <Button variant="contained" size="small" disabled={busy} onClick={() => decide(selected, 'approve')}>{t('approve_selected', { count: selected.length })}</Button>
            <Button color="error" size="small" disabled={busy} onClick={() => setConfirming(true)}>{t('reject_selected', { count: selected.length })}</Button>
          </>
        )}
        <ExportButton path="/api/commissions/export.csv" resource="referrals" query={{ status: status || undefined }} total={list.data?.total} />
        {list.data && <Typography color="text.secondary">{t('totals', { count: list.data.totals.count, amount: money(list.data.totals.amount) })}</Typography>}
      </Box>
      {list.error && <Typography color="error">{`${translate('app.referrals.load_failed')}: ${list.error.message}`}</Typography>}
      {!list.isPending && rows.length === 0 ? <Typography color="text.secondary">{t('empty')}</Typography> : (
        <Table size="small">
          <TableHead>
            <TableRow>
              {canWrite && (
                <TableCell padding="checkbox">
                  <Checkbox size="small" checked={pending.length > 0 && pending.every((c) => selected.includes(c.id))}
                    onChange={(e) => setSelected(e.target.checked ? pending.map((c) => c.id) : [])} inputProps={{ 'aria-label': 'select all' }} />
                </TableCell>
              )}
              {['referrer', 'order', 'customer', 'level', 'amount', 'status', 'date'].map((k) => <TableCell key={k}>{t(k)}</TableCell>)}
              {canWrite && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((c) => (
              <TableRow key={c.id} data-commission-id={c.id}>
                {canWrite && <TableCell padding="checkbox"><Checkbox size="small" disabled={c.status !== 'pending'} checked={selected.includes(c.id)} onChange={() => toggle(c.id)} /></TableCell>}
                <TableCell><RecordLink resource="users" id={c.referrerId}>{c.referrerEmail}</RecordLink></TableCell>
                <TableCell><RecordLink resource="orders" id={c.orderId} mono title={c.orderId}>{shortId(c.orderId)}</RecordLink></TableCell>
                <TableCell>{c.customerEmail}</TableCell>
                <TableCell>{c.level}</TableCell>
                <TableCell>{money(c.amount, c.currency)}</TableCell>
                <TableCell><Chip size="small" label={translate(`app.referral_dashboard.status.${c.status}`)} color={c.status === 'pending' ? 'warning' : c.status === 'approved' || c.status === 'paid' ? 'success' : 'default'} /></TableCell>
                <TableCell>{dateTime(c.createdAt)}</TableCell>
                {canWrite && (
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {c.status === 'pending' && (
                      <>
                        <Button size="small" disabled={busy} onClick={() => decide([c.id], 'approve')}>{t('approve')}</Button>
                        <Button size="small" color="error" disabled={busy} onClick={() => decide([c.id], 'reject')}>{t('reject')}</Button>
                      </>
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {(list.data?.total ?? 0) > PAGE && (
        <TablePagination component="div" count={list.data!.total} page={page} rowsPerPage={PAGE} rowsPerPageOptions={[PAGE]} onPageChange={(_, p) => setPage(p)} />
      )}
      <Confirm isOpen={confirming} title="app.referrals.history.reject" content={t('confirm_reject', { count: selected.length })} onConfirm={() => decide(selected, 'reject')} onClose={() => setConfirming(false)} />
    </Box>
  );
}
