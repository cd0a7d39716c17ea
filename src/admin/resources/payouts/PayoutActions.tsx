import { Button, TextField } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useRefresh, useTranslate } from 'react-admin';
import { apiSend } from '../../../lib/api';
import { usePayoutDecider } from './usePayoutDecider';

const HASH = /^0x[0-9a-fA-F]{64}$/;

/**
 * Settle a pending payout: completed with its bank reference or transaction hash (once approved, above the dual control
 * threshold), failed, or cancelled (after a confirmation). Not shown to its recipient, who may not settle it.
 */
export default function PayoutActions() {
  const { payout, canWrite, party } = usePayoutDecider();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [proof, setProof] = useState('');
  const [confirming, setConfirming] = useState<'failed' | 'cancelled' | null>(null);
  const [busy, setBusy] = useState(false);
  // A transfer that may still be mined is finished by Pay on chain, never settled by hand (the server refuses it too).
  const inFlight = payout?.transferState === 'signed' || payout?.transferState === 'sent';
  if (!payout || !canWrite || payout.status !== 'pending' || inFlight || party.recipient) return null;

  const settle = async (status: 'completed' | 'failed' | 'cancelled') => {
    setConfirming(null);
    setBusy(true);
    const given = proof.trim();
    const body = {
      status,
      ...(status === 'completed' ? (HASH.test(given) ? { txHash: given } : { reference: given || null }) : {}),
    };
    try {
      await apiSend('PUT', `/api/payouts/${payout.id}/status`, body);
      notify(translate('resources.payouts.settle.done', { status: translate(`resources.payouts.status.${status}`) }), {
        type: 'success',
      });
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
    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        size="small"
        label={translate('resources.payouts.settle.reference')}
        value={proof}
        onChange={(e) => setProof(e.target.value)}
        sx={{ minWidth: 280 }}
      />
      <Button size="small" variant="contained" color="success" disabled={busy} onClick={() => settle('completed')}>
        {translate('resources.payouts.settle.complete')}
      </Button>
      <Button size="small" color="error" disabled={busy} onClick={() => setConfirming('failed')}>
        {translate('resources.payouts.settle.fail')}
      </Button>
      <Button size="small" disabled={busy} onClick={() => setConfirming('cancelled')}>
        {translate('resources.payouts.settle.cancel')}
      </Button>
      <Confirm
        isOpen={confirming !== null}
        title={confirming === 'failed' ? 'resources.payouts.settle.fail' : 'resources.payouts.settle.cancel'}
        content={
          confirming === 'failed' ? 'resources.payouts.settle.confirm_fail' : 'resources.payouts.settle.confirm_cancel'
        }
        onConfirm={() => confirming && settle(confirming)}
        onClose={() => setConfirming(null)}
      />
    </span>
  );
}
