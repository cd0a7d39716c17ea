import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { usePayoutDecider } from './usePayoutDecider';
import { apiSend } from '../../../lib/api';

/** The second member of staff's approval of a pending payout (dual control); hidden from its creator and its recipient. */
export default function ApprovePayout() {
  const { payout, canWrite, party } = usePayoutDecider();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (
    !payout ||
    !canWrite ||
    payout.status !== 'pending' ||
    payout.approvedBy ||
    !party.known ||
    party.recipient ||
    party.creator
  )
    return null;

  const approve = async () => {
    setBusy(true);
    try {
      await apiSend('POST', `/api/payouts/${payout.id}/approve`, {});
      notify(translate('resources.payouts.approve.done'), { type: 'success' });
      refresh();
    } catch (e) {
      notify(translate('resources.payouts.settle.failed', { error: e instanceof Error ? e.message : String(e) }), {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button size="small" variant="contained" disabled={busy} onClick={approve}>
      {translate('resources.payouts.approve.button')}
    </Button>
  );
}
