import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import { Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { useGetIdentity, useNotify, useRefresh, useTranslate } from 'react-admin';
import { apiSend } from '../../../lib/api';
import type { MintJob } from '../../../common/mint';

/** Approves a manual mint awaiting approval (POST /api/mint-jobs/{id}/approve); hidden from the one who asked for it. */
export default function ApproveMintButton({ job }: { job: MintJob }) {
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!identity || identity.id === job.createdBy) return null;

  const approve = async () => {
    setBusy(true);
    try {
      await apiSend('POST', `/api/mint-jobs/${encodeURIComponent(job.id)}/approve`, {});
      notify('resources.mint-queue.approve_success', { type: 'success' });
      refresh();
    } catch (e) {
      const error = e instanceof Error && e.message ? e.message : translate('resources.mint-queue.unknown_error');
      notify('resources.mint-queue.approve_failed', { type: 'error', messageArgs: { error } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size="small"
      onClick={approve}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={14} /> : <CheckIcon />}
    >
      {translate('resources.mint-queue.approve')}
    </Button>
  );
}
