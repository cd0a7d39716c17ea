import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Button, Typography } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import {
  Confirm,
  required,
  TextInput,
  useCanAccess,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { KycSession } from '../../../common/kyc';
import { apiSend } from '../../../lib/api';
import DialogShell from '../../components/DialogShell';

const decide = (id: string, body: { status: 'verified' | 'rejected'; reason?: string }) =>
  apiSend('PUT', `/api/kyc/${encodeURIComponent(id)}/status`, body);

/**
 * A reviewer's buttons for a pending session: Approve (after a confirmation; the user becomes verified) and Reject
 * (a dialog asking the reason the user will read). The server's sentence shows on failure (e.g. already decided).
 */
export default function KycDecision() {
  const session = useRecordContext<KycSession>();
  const { canAccess: canReview = false } = useCanAccess({ resource: 'kyc', action: 'edit' });
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!session || !canReview || session.status !== 'pending') return null;

  const approve = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      await decide(session.id, { status: 'verified' });
      notify('resources.kyc.approved', { type: 'success' });
    } catch (e) {
      notify(translate('resources.kyc.decision_failed', { error: e instanceof Error ? e.message : String(e) }), {
        type: 'error',
      });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  // Buttons and dialogs inside a clickable row must not open the record.
  const stop = (e: MouseEvent) => e.stopPropagation();

  return (
    <span onClick={stop} style={{ display: 'inline-flex', gap: 4, whiteSpace: 'nowrap' }}>
      <Button
        size="small"
        color="success"
        variant="contained"
        startIcon={<CheckIcon />}
        disabled={busy}
        onClick={() => setConfirming(true)}
      >
        {translate('resources.kyc.approve')}
      </Button>
      <DialogShell<{ reason: string }, 'reject'>
        openLabel="resources.kyc.reject"
        openIcon={<CloseIcon />}
        title="resources.kyc.reject_title"
        defaultValues={{ reason: '' }}
        submits={[{ mode: 'reject', label: 'resources.kyc.reject_send', busyLabel: 'resources.kyc.rejecting' }]}
        cancel="resources.kyc.cancel"
        send={(values) => decide(session.id, { status: 'rejected', reason: values.reason })}
        success={() => 'resources.kyc.rejected'}
        unknownError="resources.kyc.unknown_error"
        errorTestId="kyc-reject-error"
      >
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('resources.kyc.reject_help')}
        </Typography>
        <TextInput
          source="reason"
          label="resources.kyc.fields.reason"
          multiline
          minRows={3}
          fullWidth
          autoFocus
          validate={required('resources.kyc.reason_required')}
        />
      </DialogShell>
      <Confirm
        isOpen={confirming}
        title="resources.kyc.approve_title"
        content={translate('resources.kyc.approve_confirm', { name: session.legalName, email: session.userEmail })}
        confirm="resources.kyc.approve"
        onConfirm={approve}
        onClose={() => setConfirming(false)}
      />
    </span>
  );
}
