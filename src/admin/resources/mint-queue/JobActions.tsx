import { Stack } from '@mui/material';
import type { MouseEvent, ReactNode } from 'react';
import { mintStatusOf, type MintJob } from '../../../common/mint';
import JobActionButton from './JobActionButton';
import RejectMintButton from './RejectMintButton';

// Buttons inside a clickable row (and the dialogs they open, React children of the row) must not open the record.
const stop = (e: MouseEvent) => e.stopPropagation();

/** What a job offers, in its row and on its page: Retry when it failed, Approve and Reject while a manual mint awaits approval. */
export default function JobActions({ job }: { job: MintJob }) {
  const actions = (
    {
      failed: <JobActionButton job={job} action="retry" />,
      awaiting_approval: (
        <>
          <JobActionButton job={job} action="approve" />
          <RejectMintButton job={job} />
        </>
      ),
    } as Partial<Record<string, ReactNode>>
  )[mintStatusOf(job.status)];
  if (!actions) return null;
  return (
    <Stack component="span" direction="row" spacing={0.5} onClick={stop}>
      {actions}
    </Stack>
  );
}
