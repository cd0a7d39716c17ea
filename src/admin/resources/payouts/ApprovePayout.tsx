import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useRefresh, useTranslate } from 'react-admin';
import { apiSend } from '../../../lib/api';
import { useFormat } from '../../hooks/useFormat';
import { useLastingNotify } from '../../hooks/useLastingNotify';
import { usePayoutDecider } from './usePayoutDecider';

/**
 * The second member of staff's approval of a pending payout that needs one (dual control), after a confirmation naming
 * its amount; hidden from its creator and its recipient. Its outcome stays on screen until it is closed.
 */
export default function ApprovePayout() {
  const { payout, canWrite, party, approvalRequired } = usePayoutDecider();
  const translate = useTranslate();
  const notify = useLastingNotify();
  const refresh = useRefresh();
  const { money } = useFormat();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!payout || !canWrite || !approvalRequired || !party.known || party.recipient || party.creator) return null;
  const said = { amount: money(payout.amount, payout.currency), recipient: payout.recipient };

  const approve = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      await apiSend('POST', `/api/payouts/${payout.id}/approve`, {});
      notify(translate('resources.payouts.approve.done', said), 'success');
      refresh();
    } catch (e) {
      notify(
        translate('resources.payouts.settle.failed', { error: e instanceof Error ? e.message : String(e) }),
        'error',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="small" variant="contained" disabled={busy} onClick={() => setConfirming(true)}>
        {translate('resources.payouts.approve.button')}
      </Button>
      <Confirm
        isOpen={confirming}
        title="resources.payouts.approve.button"
        content="resources.payouts.approve.confirm"
        translateOptions={said}
        confirm="resources.payouts.approve.button"
        onConfirm={approve}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
