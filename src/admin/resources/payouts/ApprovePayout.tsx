import { Button } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useGetIdentity, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { Payout } from '../../../common/referrals';
import { apiSend } from '../../../lib/api';

/** Whether the signed-in member of staff is this payout's recipient or creator, who may not approve it (the server refuses too). */
export function useIsParty(payout: Payout | undefined): { known: boolean; recipient: boolean; creator: boolean } {
  const { identity } = useGetIdentity();
  if (!payout || !identity) return { known: false, recipient: false, creator: false };
  return { known: true, recipient: identity.id === payout.recipientId, creator: identity.id === payout.createdBy };
}

/** The second member of staff's approval of a pending payout (dual control); hidden from its creator and its recipient. */
export default function ApprovePayout() {
  const payout = useRecordContext<Payout>();
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'payouts', action: 'edit' });
  const party = useIsParty(payout);
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!payout || !canWrite || payout.status !== 'pending' || payout.approvedBy || !party.known || party.recipient || party.creator) return null;

  const approve = async () => {
    setBusy(true);
    try {
      await apiSend('POST', `/api/payouts/${payout.id}/approve`, {});
      notify(translate('resources.payouts.approve.done'), { type: 'success' });
      refresh();
    } catch (e) {
      notify(translate('resources.payouts.settle.failed', { error: e instanceof Error ? e.message : String(e) }), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return <Button size="small" variant="contained" disabled={busy} onClick={approve}>{translate('resources.payouts.approve.button')}</Button>;
}
