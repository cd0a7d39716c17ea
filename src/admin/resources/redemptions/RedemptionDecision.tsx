import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Button } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { Confirm, useCanAccess, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { Redemption } from '../../../common/membership';
import { apiSend } from '../../../lib/api';

type Decision = 'APPROVED' | 'REJECTED';
const R = 'resources.redemptions';

/**
 * Approve (a zero-price order is made and fulfilled like any other, stock taken) or Reject (the points go back) a
 * pending redemption, each after a confirmation; the server's sentence is notified when it refuses.
 */
export default function RedemptionDecision() {
  const redemption = useRecordContext<Redemption>();
  const { canAccess: canDecide = false } = useCanAccess({ resource: 'redemptions', action: 'edit' });
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState<Decision | null>(null);
  const [busy, setBusy] = useState(false);
  if (!redemption || !canDecide || redemption.status !== 'PENDING') return null;

  const decide = async (status: Decision) => {
    setConfirming(null);
    setBusy(true);
    try {
      await apiSend('PUT', `/api/redemptions/${encodeURIComponent(redemption.id)}/status`, { status });
      notify(status === 'APPROVED' ? `${R}.approved` : `${R}.rejected`, { type: 'success' });
    } catch (e) {
      notify(translate(`${R}.decision_failed`, { error: e instanceof Error ? e.message : String(e) }), {
        type: 'error',
      });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  const stop = (e: MouseEvent) => e.stopPropagation();
  const what = {
    email: redemption.email,
    product: redemption.product?.title ?? translate('app.membership.redemptions.unknown_product'),
    quantity: redemption.quantity,
    points: redemption.pointsUsed,
  };

  return (
    <span onClick={stop} style={{ display: 'inline-flex', gap: 4, whiteSpace: 'nowrap' }}>
      <Button
        size="small"
        color="success"
        variant="contained"
        startIcon={<CheckIcon />}
        disabled={busy}
        onClick={() => setConfirming('APPROVED')}
      >
        {translate(`${R}.approve`)}
      </Button>
      <Button
        size="small"
        color="error"
        startIcon={<CloseIcon />}
        disabled={busy}
        onClick={() => setConfirming('REJECTED')}
      >
        {translate(`${R}.reject`)}
      </Button>
      <Confirm
        isOpen={confirming !== null}
        title={confirming === 'REJECTED' ? `${R}.reject_title` : `${R}.approve_title`}
        content={translate(confirming === 'REJECTED' ? `${R}.reject_confirm` : `${R}.approve_confirm`, what)}
        confirm={confirming === 'REJECTED' ? `${R}.reject` : `${R}.approve`}
        cancel={`${R}.cancel`}
        onConfirm={() => confirming && decide(confirming)}
        onClose={() => setConfirming(null)}
      />
    </span>
  );
}
