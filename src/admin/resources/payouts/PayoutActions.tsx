import { Button, TextField } from '@mui/material';
import { useState } from 'react';
import { Confirm, useRefresh, useTranslate } from 'react-admin';
import { apiSend } from '../../../lib/api';
import { useFormat } from '../../hooks/useFormat';
import { useLastingNotify } from '../../hooks/useLastingNotify';
import { usePayoutDecider } from './usePayoutDecider';

const HASH = /^0x[0-9a-fA-F]{64}$/;
type Settle = 'completed' | 'failed' | 'cancelled';

const CONFIRMS: Record<Settle, { title: string; content: string }> = {
  completed: { title: 'resources.payouts.settle.complete', content: 'resources.payouts.settle.confirm_complete' },
  failed: { title: 'resources.payouts.settle.fail', content: 'resources.payouts.settle.confirm_fail' },
  cancelled: { title: 'resources.payouts.settle.cancel', content: 'resources.payouts.settle.confirm_cancel' },
};

/**
 * Settle a pending payout, each after a confirmation naming its amount: completed with its bank reference or
 * transaction hash (once approved, when it needs an approval), failed, or cancelled. Not shown to its recipient, who
 * may not settle it. The outcome stays on screen until it is closed.
 */
export default function PayoutActions() {
  const { payout, canWrite, party, detail, approvalRequired } = usePayoutDecider();
  const translate = useTranslate();
  const notify = useLastingNotify();
  const refresh = useRefresh();
  const { money } = useFormat();
  const [proof, setProof] = useState('');
  const [proofMissing, setProofMissing] = useState(false);
  const [confirming, setConfirming] = useState<Settle | null>(null);
  const [busy, setBusy] = useState(false);
  // A transfer that may still be mined is finished by Pay on chain, never settled by hand (the server refuses it too).
  const inFlight = payout?.transferState === 'signed' || payout?.transferState === 'sent';
  if (!payout || !detail || !canWrite || payout.status !== 'pending' || inFlight || party.recipient) return null;
  const said = { amount: money(payout.amount, payout.currency), recipient: payout.recipient };

  const settle = async (status: Settle) => {
    setConfirming(null);
    setBusy(true);
    const given = proof.trim();
    const body = {
      status,
      ...(status === 'completed' ? (HASH.test(given) ? { txHash: given } : { reference: given || null }) : {}),
    };
    try {
      await apiSend('PUT', `/api/payouts/${payout.id}/status`, body);
      const done = translate(`resources.payouts.status.${status}`);
      notify(translate('resources.payouts.settle.done', { ...said, status: done }), 'success');
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
    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
      {/* Completing waits for the approval it needs (PayoutNextStep says whose). */}
      {!approvalRequired && (
        <>
          <TextField
            size="small"
            label={translate('resources.payouts.settle.reference')}
            value={proof}
            onChange={(e) => {
              setProof(e.target.value);
              setProofMissing(false);
            }}
            error={proofMissing}
            helperText={proofMissing ? translate('resources.payouts.settle.proof_first') : undefined}
            sx={{ minWidth: 280 }}
          />
          <Button
            size="small"
            variant="contained"
            color="success"
            disabled={busy}
            onClick={() => (proof.trim() ? setConfirming('completed') : setProofMissing(true))}
          >
            {translate('resources.payouts.settle.complete')}
          </Button>
        </>
      )}
      <Button size="small" color="error" disabled={busy} onClick={() => setConfirming('failed')}>
        {translate('resources.payouts.settle.fail')}
      </Button>
      <Button size="small" disabled={busy} onClick={() => setConfirming('cancelled')}>
        {translate('resources.payouts.settle.cancel')}
      </Button>
      <Confirm
        isOpen={confirming !== null}
        title={CONFIRMS[confirming ?? 'completed'].title}
        content={CONFIRMS[confirming ?? 'completed'].content}
        translateOptions={{ ...said, proof: proof.trim() }}
        onConfirm={() => confirming && settle(confirming)}
        onClose={() => setConfirming(null)}
      />
    </span>
  );
}
