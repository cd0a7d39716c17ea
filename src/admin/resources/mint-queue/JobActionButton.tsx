import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import ReplayIcon from '@mui/icons-material/Replay';
import { Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { useGetIdentity, useNotify, useRefresh, useTranslate } from 'react-admin';
import { apiSend } from '../../../lib/api';
import type { MintJob } from '../../../common/mint';

const ICONS = { approve: CheckIcon, retry: ReplayIcon };

/**
 * A job's one-click action, `POST /api/mint-jobs/{id}/{action}`: approve a manual mint awaiting approval (hidden from
 * the one who asked for it), or queue a failed job again. The server's sentence is shown when it refuses.
 */
export default function JobActionButton({ job, action }: { job: MintJob; action: keyof typeof ICONS }) {
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (action === 'approve' && (!identity || identity.id === job.createdBy)) return null;
  const Icon = ICONS[action];

  const send = async () => {
    setBusy(true);
    try {
      await apiSend('POST', `/api/mint-jobs/${encodeURIComponent(job.id)}/${action}`, {});
      notify(`resources.mint-queue.${action}_success`, { type: 'success' });
      refresh();
    } catch (e) {
      const error = e instanceof Error && e.message ? e.message : translate('resources.mint-queue.unknown_error');
      notify(`resources.mint-queue.${action}_failed`, { type: 'error', messageArgs: { error } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button size="small" onClick={send} disabled={busy} startIcon={busy ? <CircularProgress size={14} /> : <Icon />}>
      {translate(`resources.mint-queue.${action}`)}
    </Button>
  );
}
