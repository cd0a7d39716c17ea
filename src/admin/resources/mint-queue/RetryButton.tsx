import ReplayIcon from '@mui/icons-material/Replay';
import { Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { apiSend } from '../../../lib/api';
import type { MintJob } from '../../../common/mint';

/** Queues a failed job again (POST /api/mint-jobs/{id}/retry); the server's sentence is shown when it refuses. */
export default function RetryButton({ job }: { job: MintJob }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);

  const retry = async () => {
    setBusy(true);
    try {
      await apiSend('POST', `/api/mint-jobs/${encodeURIComponent(job.id)}/retry`, {});
      notify('resources.mint-queue.retry_success', { type: 'success' });
      refresh();
    } catch (e) {
      const error = e instanceof Error && e.message ? e.message : translate('resources.mint-queue.unknown_error');
      notify('resources.mint-queue.retry_failed', { type: 'error', messageArgs: { error } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size="small"
      onClick={retry}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={14} /> : <ReplayIcon />}
    >
      {translate('resources.mint-queue.retry')}
    </Button>
  );
}
