import { Button, Chip, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, DataTable, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { COMMISSION_STATUSES, type Commission } from '../../../common/referrals';
import type { ErrorParams } from '../../../common/errors-catalogue';
import { apiSend, translateError } from '../../../lib/api';
import { shortId } from '../../components/ids';
import ListLoadError from '../../components/ListLoadError';
import ListShell, { type SelectFilter } from '../../components/ListShell';
import RecordLink from '../../components/RecordLink';
import { useFormat } from '../../hooks/useFormat';

const H = 'app.referrals.history';
const SELECTS: SelectFilter[] = [{ source: 'status', choices: COMMISSION_STATUSES, names: 'statuses', all: 'all', label: `${H}.status` }];

/** One commission's outcome in a bulk decision; a refusal carries its sentence's code for the reader's language. */
type BulkResult = { ok: boolean; error?: string; messageCode?: string; params?: ErrorParams };

/** Approves or rejects commissions (one or a selection) and says how many were decided and the first refusal. */
function useDecide() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const decide = async (ids: string[], action: 'approve' | 'reject') => {
    setBusy(true);
    try {
      const r = await apiSend<{ approved: number; rejected: number; refused: number; results: BulkResult[] }>('POST', '/api/commissions/bulk', { ids, action });
      const refused = r.results.find((x) => !x.ok);
      const refusal = refused?.error && translateError(refused.messageCode, refused.params, refused.error);
      notify(`${translate(`${H}.done`, r)}${refusal ? ` — ${refusal}` : ''}`, { type: r.refused ? 'warning' : 'success' });
      refresh();
      return true;
    } catch (e) {
      notify(translate(`${H}.failed`, { error: e instanceof Error ? e.message : String(e) }), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, decide };
}

/** The selection's Approve and Reject (after a confirmation). */
function BulkDecisions() {
  const translate = useTranslate();
  const { selectedIds, onUnselectItems } = useListContext<Commission>();
  const { busy, decide } = useDecide();
  const [confirming, setConfirming] = useState(false);
  const ids = selectedIds.map(String);
  const run = async (action: 'approve' | 'reject') => {
    setConfirming(false);
    if (await decide(ids, action)) onUnselectItems();
  };
  return (
    <>
      <Button variant="contained" size="small" disabled={busy} onClick={() => void run('approve')}>{translate(`${H}.approve_selected`, { count: ids.length })}</Button>
      <Button color="error" size="small" disabled={busy} onClick={() => setConfirming(true)}>{translate(`${H}.reject_selected`, { count: ids.length })}</Button>
      <Confirm isOpen={confirming} title={`${H}.reject`} content={translate(`${H}.confirm_reject`, { count: ids.length })} onConfirm={() => void run('reject')} onClose={() => setConfirming(false)} />
    </>
  );
}

function RowDecisions({ commission }: { commission: Commission }) {
  const translate = useTranslate();
  const { busy, decide } = useDecide();
  if (commission.status !== 'pending') return null;
  return (
    <>
      <Button size="small" disabled={busy} onClick={() => void decide([commission.id], 'approve')}>{translate(`${H}.approve`)}</Button>
      <Button size="small" color="error" disabled={busy} onClick={() => void decide([commission.id], 'reject')}>{translate(`${H}.reject`)}</Button>
    </>
  );
}

/** The filter's count and amount, which the list's answer carries beside its page. */
function Totals() {
  const translate = useTranslate();
  const { money } = useFormat();
  const { meta } = useListContext();
  const totals = meta?.totals as { count: number; amount: number } | undefined;
  return totals ? <Typography color="text.secondary" sx={{ mb: 1 }}>{translate(`${H}.totals`, { count: totals.count, amount: money(totals.amount) })}</Typography> : null;
}

const STATUS_COLOR = { pending: 'warning', approved: 'success', paid: 'success' } as const;

/** Every commission, newest first, by status (in the address); finance and admins approve or reject one or a selection. */
export default function HistoryTab({ canWrite }: { canWrite: boolean }) {
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  return (
    <ListShell<Commission> resource="commissions" texts={H} title={false} perPage={50} selects={SELECTS} rowClick={false} header={<Totals />}
      loadError={<ListLoadError message="app.referrals.load_failed" />} bulkActionButtons={canWrite && <BulkDecisions />}>
      <DataTable.Col<Commission> source="referrerEmail" label={`${H}.referrer`} disableSort render={(c) => <RecordLink resource="users" id={c.referrerId}>{c.referrerEmail}</RecordLink>} />
      <DataTable.Col<Commission> source="orderId" label={`${H}.order`} disableSort render={(c) => <RecordLink resource="orders" id={c.orderId} mono title={c.orderId}>{shortId(c.orderId)}</RecordLink>} />
      <DataTable.Col<Commission> source="customerEmail" label={`${H}.customer`} disableSort />
      <DataTable.Col<Commission> source="level" label={`${H}.level`} disableSort />
      <DataTable.Col<Commission> source="amount" label={`${H}.amount`} disableSort render={(c) => money(c.amount, c.currency)} />
      <DataTable.Col<Commission> source="status" label={`${H}.status`} disableSort render={(c) => (
        <Chip size="small" label={translate(`app.referral_dashboard.status.${c.status}`)} color={c.status in STATUS_COLOR ? STATUS_COLOR[c.status as keyof typeof STATUS_COLOR] : 'default'} />
      )} />
      <DataTable.Col<Commission> source="createdAt" label={`${H}.date`} disableSort render={(c) => dateTime(c.createdAt)} />
      {canWrite && <DataTable.Col<Commission> label="" disableSort cellSx={() => ({ whiteSpace: 'nowrap' })} render={(c) => <RowDecisions commission={c} />} />}
    </ListShell>
  );
}
