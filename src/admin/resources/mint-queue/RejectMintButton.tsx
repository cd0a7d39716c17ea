import BlockIcon from '@mui/icons-material/Block';
import { maxLength, minLength, required, TextInput, useGetIdentity } from 'react-admin';
import type { MintJob } from '../../../common/mint';
import { apiSend } from '../../../lib/api';
import DialogShell, { type DialogSubmit } from '../../components/DialogShell';

type RejectValues = { reason: string };

const SUBMITS: [DialogSubmit<'reject'>] = [
  { mode: 'reject', label: 'resources.mint-queue.reject.submit', busyLabel: 'resources.mint-queue.reject.submitting' },
];

/** Rejects a manual mint awaiting approval, with a reason (POST /api/mint-jobs/{id}/reject); hidden from the one who asked for it. */
export default function RejectMintButton({ job }: { job: MintJob }) {
  const { identity } = useGetIdentity();
  if (!identity || identity.id === job.createdBy) return null;
  return (
    <DialogShell<RejectValues, 'reject'>
      openLabel="resources.mint-queue.reject.open"
      openVariant="text"
      openIcon={<BlockIcon />}
      title="resources.mint-queue.reject.title"
      defaultValues={{ reason: '' }}
      submits={SUBMITS}
      cancel="resources.mint-queue.reject.cancel"
      send={(values) =>
        apiSend('POST', `/api/mint-jobs/${encodeURIComponent(job.id)}/reject`, { reason: values.reason.trim() })
      }
      success={() => 'resources.mint-queue.reject.success'}
      failure={() => 'resources.mint-queue.reject.failed'}
      unknownError="resources.mint-queue.unknown_error"
    >
      <TextInput
        source="reason"
        label="resources.mint-queue.reject.reason"
        helperText="resources.mint-queue.reject.reason_help"
        multiline
        minRows={2}
        validate={[required(), minLength(3), maxLength(500)]}
      />
    </DialogShell>
  );
}
