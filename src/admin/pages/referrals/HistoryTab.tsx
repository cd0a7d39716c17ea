import BlockIcon from '@mui/icons-material/Block';
import CheckIcon from '@mui/icons-material/Check';
import { Box, Button, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { COMMISSION_STATUSES, type Commission } from '../../../common/referrals';
import { apiSend } from '../../../lib/api';
import BulkActionButton from '../../components/BulkActionButton';
import { shortId } from '../../components/ids';
import ListLoadError from '../../components/ListLoadError';
import ListShell, { type SelectFilter } from '../../components/ListShell';
import { useLine } from '../../components/PhoneList';
import ReasonDialog from '../../components/ReasonDialog';
import RecordLink from '../../components/RecordLink';
import { useFormat } from '../../hooks/useFormat';

const H = 'app.referrals.history';
const SELECTS: SelectFilter[] = [
  { source: 'status', choices: COMMISSION_STATUSES, names: 'statuses', all: 'all', label: `${H}.status` },
];

/** Why the server will refuse to approve a commission now (the catalogue key of the skip), or null. */
const approveSkip = (c: Commission) =>
  c.status !== 'pending' ? `${H}.skip_not_pending` : c.heldUntil ? `${H}.skip_on_hold` : null;
const rejectSkip = (c: Commission) => (c.status !== 'pending' ? `${H}.skip_not_pending` : null);

/**
 * The selection's Approve, and Reject with a reason; each after a confirmation naming the count and how many selected
 * it will skip (on hold, or no longer pending); when it would skip them all it says so and sends nothing.
 */
function BulkDecisions() {
  const name = (c: Commission) => `${c.referrerEmail} · ${shortId(c.orderId)}`;
  return (
    <>
      <BulkActionButton<Commission>
        path="/api/commissions/bulk"
        body={{ action: 'approve' }}
        label={`${H}.approve`}
        confirm={`${H}.confirm_approve`}
        skips={{ why: approveSkip, confirm: `${H}.confirm_approve_some`, none: `${H}.none_approvable` }}
        icon={<CheckIcon />}
        name={name}
      />
      <BulkActionButton<Commission>
        path="/api/commissions/bulk"
        body={{ action: 'reject' }}
        label={`${H}.reject`}
        confirm={`${H}.confirm_reject`}
        skips={{ why: rejectSkip, confirm: `${H}.confirm_reject_some`, none: `${H}.none_rejectable` }}
        icon={<BlockIcon />}
        danger
        name={name}
        reason={`${H}.reason`}
      />
    </>
  );
}

/**
 * A pending commission's Approve, and Reject after a dialog asking why. In the table (`icons`) they are icons with their
 * names in tooltips and as accessible names: the words would push the table past its card at 1440 px.
 */
function RowDecisions({ commission, icons = false }: { commission: Commission; icons?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { money } = useFormat();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  if (commission.status !== 'pending') return null;
  const decide = async (action: 'approve' | 'reject', body?: { reason: string }) => {
    setBusy(true);
    try {
      await apiSend('POST', `/api/referrals/commissions/${encodeURIComponent(commission.id)}/${action}`, body);
      notify(`${H}.${action === 'approve' ? 'approved' : 'rejected'}`, { type: 'success' });
      setAsking(false);
      refresh();
    } catch (e) {
      notify(translate(`${H}.failed`, { error: e instanceof Error ? e.message : String(e) }), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const [approve, reject] = [translate(`${H}.approve`), translate(`${H}.reject`)];
  return (
    <>
      {icons ? (
        <>
          <Tooltip title={approve}>
            <span>
              <IconButton
                size="small"
                color="primary"
                aria-label={approve}
                disabled={busy}
                onClick={() => void decide('approve')}
              >
                <CheckIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={reject}>
            <span>
              <IconButton
                size="small"
                color="error"
                aria-label={reject}
                disabled={busy}
                onClick={() => setAsking(true)}
              >
                <BlockIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </>
      ) : (
        <>
          <Button size="small" disabled={busy} onClick={() => void decide('approve')}>
            {approve}
          </Button>
          <Button size="small" color="error" disabled={busy} onClick={() => setAsking(true)}>
            {reject}
          </Button>
        </>
      )}
      <ReasonDialog
        open={asking}
        busy={busy}
        title={translate(`${H}.confirm_reject_one`, {
          amount: money(commission.amount, commission.currency),
          referrer: commission.referrerEmail,
        })}
        label={`${H}.reason`}
        confirm={`${H}.reject`}
        onConfirm={(reason) => void decide('reject', { reason })}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

/** The filter's count and amount, which the list's answer carries beside its page. */
function Totals() {
  const translate = useTranslate();
  const { money } = useFormat();
  const { meta } = useListContext();
  const totals = meta?.totals as { count: number; amount: number } | undefined;
  return totals ? (
    <Typography color="text.secondary" sx={{ mb: 1 }}>
      {translate(`${H}.totals`, { count: totals.count, amount: money(totals.amount) })}
    </Typography>
  ) : null;
}

/** An email that may break after its @ (only where the table needs the room), never inside a part. */
function BreakableEmail({ email }: { email: string | null | undefined }) {
  if (!email) return null;
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

const STATUS_COLOR = { pending: 'warning', approved: 'success', paid: 'success' } as const;

function StatusChip({ commission: c }: { commission: Commission }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      label={translate(`app.referral_dashboard.status.${c.status}`)}
      color={c.status in STATUS_COLOR ? STATUS_COLOR[c.status as keyof typeof STATUS_COLOR] : 'default'}
    />
  );
}

/** Every commission, newest first, by status (in the address); finance and admins approve or reject one or a selection. */
export default function HistoryTab({ canWrite }: { canWrite: boolean }) {
  const translate = useTranslate();
  const { money, date, dateTime } = useFormat();
  const line = useLine();
  const heldUntil = (c: Commission) => c.heldUntil && translate(`${H}.held_until`, { date: date(c.heldUntil) });
  const rejectedBecause = (c: Commission) =>
    c.rejectReason && translate(`${H}.rejected_because`, { reason: c.rejectReason });
  return (
    // Nine columns and the row decisions: cells with half the usual side padding keep the table inside its card at
    // 1440 px whatever the emails and amounts (clipping.test.ts).
    <Box sx={{ '& .MuiTableCell-root': { px: 1 } }}>
      <ListShell<Commission>
        resource="commissions"
        texts={H}
        title={false}
        perPage={50}
        search
        searchWidth={320}
        selects={SELECTS}
        rowClick={false}
        header={<Totals />}
        loadError={<ListLoadError message="app.referrals.load_failed" />}
        bulkActionButtons={canWrite && <BulkDecisions />}
        mobile={{
          primary: (c) => money(c.amount, c.currency),
          secondary: (c) =>
            line(
              translate(`${H}.phone_parties`, { referrer: c.referrerEmail, customer: c.customerEmail }),
              translate(`${H}.phone_level`, { level: c.level }),
              dateTime(c.createdAt),
              heldUntil(c),
              <RecordLink resource="orders" id={c.orderId} mono title={c.orderId}>
                {shortId(c.orderId)}
              </RecordLink>,
              rejectedBecause(c),
            ),
          status: (c) => <StatusChip commission={c} />,
          actions: canWrite ? (c) => <RowDecisions commission={c} /> : undefined,
        }}
      >
        <DataTable.Col<Commission>
          source="referrerEmail"
          label={`${H}.referrer`}
          disableSort
          render={(c) => (
            <RecordLink resource="users" id={c.referrerId}>
              <BreakableEmail email={c.referrerEmail} />
            </RecordLink>
          )}
        />
        <DataTable.Col<Commission>
          source="orderId"
          label={`${H}.order`}
          disableSort
          cellSx={() => ({ whiteSpace: 'nowrap' })}
          render={(c) => (
            <RecordLink resource="orders" id={c.orderId} mono title={c.orderId}>
              {shortId(c.orderId)}
            </RecordLink>
          )}
        />
        <DataTable.Col<Commission>
          source="customerEmail"
          label={`${H}.customer`}
          disableSort
          render={(c) => <BreakableEmail email={c.customerEmail} />}
        />
        <DataTable.Col<Commission> source="level" label={`${H}.level`} disableSort />
        <DataTable.Col<Commission> source="amount" label={`${H}.amount`} render={(c) => money(c.amount, c.currency)} />
        <DataTable.Col<Commission>
          source="status"
          label={`${H}.status`}
          render={(c) => (
            <>
              <StatusChip commission={c} />
              {c.rejectReason && (
                <Typography
                  variant="caption"
                  color="text.secondary"
                  data-testid="reject-reason"
                  sx={{ display: 'block', mt: 0.5, maxWidth: 240, overflowWrap: 'anywhere' }}
                >
                  {rejectedBecause(c)}
                </Typography>
              )}
            </>
          )}
        />
        <DataTable.Col<Commission> source="createdAt" label={`${H}.date`} render={(c) => dateTime(c.createdAt)} />
        <DataTable.Col<Commission>
          source="heldUntil"
          label={`${H}.on_hold_until`}
          disableSort
          render={(c) => (c.heldUntil ? <span data-testid="held-until">{date(c.heldUntil)}</span> : null)}
        />
        {canWrite && (
          <DataTable.Col<Commission>
            label=""
            disableSort
            cellSx={() => ({ whiteSpace: 'nowrap' })}
            render={(c) => <RowDecisions commission={c} icons />}
          />
        )}
      </ListShell>
    </Box>
  );
}
