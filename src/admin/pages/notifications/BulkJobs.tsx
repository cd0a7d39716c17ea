import { Box, Chip, LinearProgress, Typography } from '@mui/material';
import { useEffect } from 'react';
import { DataTable, useListContext, useTranslate } from 'react-admin';
import type { BulkJob } from '../../../common/notifications';
import ListShell from '../../components/ListShell';
import { useLine } from '../../components/PhoneList';
import { useFormat } from '../../hooks/useFormat';

const STATUS_COLOR = { queued: 'default', running: 'info', completed: 'success' } as const;
const B = 'app.notifications.bulk';

/** Reloads the page every second while one of its sends is still going (the list itself reloads every 15 seconds). */
function FollowRunning() {
  const { data, refetch } = useListContext<BulkJob>();
  const running = (data ?? []).some((j) => j.status !== 'completed');
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => void refetch(), 1000);
    return () => clearInterval(timer);
  }, [running, refetch]);
  return null;
}

function Progress({ job }: { job: BulkJob }) {
  const translate = useTranslate();
  const { number } = useFormat();
  const done = job.sent + job.failed + job.skipped;
  const pct = job.total > 0 ? Math.min(100, (done / job.total) * 100) : 100;
  return (
    <Box sx={{ minWidth: 160 }} data-bulk-id={job.id} data-status={job.status}>
      <LinearProgress variant="determinate" value={pct} aria-label={translate(`${B}.columns.progress`)} />
      <Typography variant="caption">
        {translate(`${B}.progress`, { sent: number(job.sent), total: number(job.total) })}
      </Typography>
    </Box>
  );
}

function Status({ job }: { job: BulkJob }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOR[job.status]} label={translate(`${B}.statuses.${job.status}`)} />;
}

/** Bulk sends, newest first, with their progress; refreshed every second while one is still going. */
export default function BulkJobs() {
  const translate = useTranslate();
  const { dateTime, number } = useFormat();
  const line = useLine();
  const audience = (j: BulkJob) => translate(`app.notifications.send.audiences.${j.audience}`);
  const channels = (j: BulkJob) => j.channels.map((c) => translate(`app.notifications.channels.${c}`)).join(', ');
  return (
    <ListShell<BulkJob>
      resource="notification-bulks"
      texts={B}
      title={false}
      perPage={10}
      rowClick={false}
      refetchInterval={15_000}
      header={<FollowRunning />}
      mobile={{
        primary: (j) => j.title,
        secondary: (j) =>
          line(
            audience(j),
            channels(j),
            translate(`${B}.progress`, { sent: number(j.sent), total: number(j.total) }),
            j.failed + j.skipped > 0 && translate(`${B}.phone_failed`, { count: number(j.failed + j.skipped) }),
            dateTime(j.createdAt),
          ),
        status: (j) => <Status job={j} />,
      }}
    >
      <DataTable.Col<BulkJob>
        source="createdAt"
        label={`${B}.columns.created`}
        cellSx={() => ({ whiteSpace: 'nowrap' })}
        render={(j) => dateTime(j.createdAt)}
      />
      <DataTable.Col<BulkJob> source="title" label={`${B}.columns.title`} disableSort />
      <DataTable.Col<BulkJob> source="audience" label={`${B}.columns.audience`} render={audience} />
      <DataTable.Col<BulkJob> source="channels" label={`${B}.columns.channels`} disableSort render={channels} />
      <DataTable.Col<BulkJob> source="status" label={`${B}.columns.status`} render={(j) => <Status job={j} />} />
      <DataTable.Col<BulkJob>
        source="sent"
        label={`${B}.columns.progress`}
        disableSort
        render={(j) => <Progress job={j} />}
      />
      <DataTable.Col<BulkJob>
        source="failed"
        label={`${B}.columns.failed`}
        disableSort
        render={(j) => number(j.failed + j.skipped)}
      />
    </ListShell>
  );
}
