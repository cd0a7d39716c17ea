import AutorenewIcon from '@mui/icons-material/Autorenew';
import PauseIcon from '@mui/icons-material/PauseCircleOutline';
import { Box, Button, Stack, Typography } from '@mui/material';
import { DataTable, Title, useCanAccess, useStore, useTranslate } from 'react-admin';
import { MINT_STATUSES, mintStatusOf, type MintJob } from '../../../common/mint';
import { shortAddress, shortHash, shortId } from '../../components/ids';
import ListShell, { type SelectFilter } from '../../components/ListShell';
import { useLine } from '../../components/PhoneList';
import MintStatusChip from '../../components/MintStatusChip';
import Mono from '../../components/Mono';
import TxLink from '../../components/TxLink';
import { useMintFormat } from '../../components/useMintFormat';
import { useFormat } from '../../hooks/useFormat';
import { AUTO_REFRESH_KEY, AUTO_REFRESH_MS, MINT_JOBS_PER_PAGE } from './constants';
import MintBulkActions from './MintBulkActions';
import MintStatsCards from './MintStatsCards';
import MintTokenDialog from './MintTokenDialog';
import OrderRef from './OrderRef';
import QueueStatusBar from './QueueStatusBar';
import JobActions from './JobActions';
import { lastErrorText } from './lastError';

const noWrap = () => ({ whiteSpace: 'nowrap' });

const SELECTS: SelectFilter[] = [{ source: 'status', choices: MINT_STATUSES, names: 'status', all: 'all_statuses' }];

/** "Auto Refresh ON/OFF": the list reloads every 5 seconds while on (the default, remembered per browser). */
function AutoRefreshToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const translate = useTranslate();
  return (
    <Button
      size="small"
      variant={on ? 'contained' : 'outlined'}
      color={on ? 'success' : 'inherit'}
      aria-pressed={on}
      startIcon={on ? <AutorenewIcon /> : <PauseIcon />}
      onClick={() => onChange(!on)}
    >
      {translate(on ? 'resources.mint-queue.auto_refresh_on' : 'resources.mint-queue.auto_refresh_off')}
    </Button>
  );
}

/** The status chip; a job that is not done shows its last error beneath it (full text on hover). */
function StatusCell({ job }: { job: MintJob }) {
  const status = mintStatusOf(job.status);
  const translate = useTranslate();
  const lastError = lastErrorText(translate, job);
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <MintStatusChip status={status} />
      {status === 'rejected' && job.rejectReason && (
        <Typography
          variant="caption"
          color="text.secondary"
          title={job.rejectReason}
          data-testid="mint-reject-reason"
          sx={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' }}
        >
          {job.rejectReason}
        </Typography>
      )}
      {status !== 'succeeded' && job.lastError && (
        <Typography
          variant="caption"
          color={status === 'failed' ? 'error' : 'text.secondary'}
          title={lastError ?? undefined}
          data-testid="mint-last-error"
          sx={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' }}
        >
          {lastError}
        </Typography>
      )}
    </Stack>
  );
}

/** A manual mint's reason (full text on hover). */
function NoteCell({ job }: { job: MintJob }) {
  if (!job.note) return null;
  return (
    <Typography
      variant="body2"
      title={job.note}
      data-testid="mint-note"
      sx={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {job.note}
    </Typography>
  );
}

/** Mint Queue: counts per status, the worker's state, and the jobs newest first, reloading every 5 s while auto refresh is on. */
export default function MintJobList() {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const { attempts, count } = useMintFormat();
  const line = useLine();
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'mint-queue', action: 'create' });
  const [autoRefresh, setAutoRefresh] = useStore<boolean>(AUTO_REFRESH_KEY, true);
  return (
    <Box sx={{ py: 2 }}>
      <Title title="resources.mint-queue.title" />
      <Typography variant="h5">{translate('resources.mint-queue.title')}</Typography>
      <Typography variant="body1" color="text.secondary">
        {translate('resources.mint-queue.subtitle')}
      </Typography>
      <ListShell<MintJob>
        infinite
        title={false}
        perPage={MINT_JOBS_PER_PAGE}
        selects={SELECTS}
        before={<AutoRefreshToggle on={autoRefresh} onChange={setAutoRefresh} />}
        after={canWrite && <MintTokenDialog />}
        bulkActionButtons={canWrite && <MintBulkActions />}
        toolbarSx={{ alignItems: 'center' }}
        refetchInterval={autoRefresh ? AUTO_REFRESH_MS : false}
        header={
          <>
            <MintStatsCards />
            <QueueStatusBar />
          </>
        }
        mobile={{
          primary: (j) =>
            translate('resources.mint-queue.phone_tokens', { amount: count(j.amount), tokenId: j.tokenId }),
          // The line opens the job's page (with its links and actions): text only, no link inside a link.
          secondary: (j) =>
            line(
              <OrderRef job={j} plain />,
              <Mono title={j.walletAddress}>{shortAddress(j.walletAddress)}</Mono>,
              dateTime(j.createdAt),
              j.txHash && <Mono title={j.txHash}>{shortHash(j.txHash)}</Mono>,
              mintStatusOf(j.status) === 'rejected'
                ? j.rejectReason
                : mintStatusOf(j.status) !== 'succeeded' && lastErrorText(translate, j),
            ),
          status: (j) => <MintStatusChip status={mintStatusOf(j.status)} />,
        }}
      >
        <DataTable.Col<MintJob>
          source="id"
          disableSort
          cellSx={noWrap}
          render={(j) => <Mono title={j.id}>{shortId(j.id)}</Mono>}
        />
        <DataTable.Col<MintJob> source="orderId" disableSort cellSx={noWrap} render={(j) => <OrderRef job={j} />} />
        <DataTable.Col<MintJob>
          source="walletAddress"
          disableSort
          cellSx={noWrap}
          render={(j) => <Mono title={j.walletAddress}>{shortAddress(j.walletAddress)}</Mono>}
        />
        <DataTable.Col<MintJob>
          source="tokenId"
          disableSort
          align="right"
          render={(j) => (
            <Box component="span" title={j.tokenId}>
              {j.tokenId}
            </Box>
          )}
        />
        <DataTable.Col<MintJob>
          source="amount"
          disableSort
          align="right"
          sx={{ whiteSpace: 'nowrap' }}
          render={(j) => count(j.amount)}
        />
        <DataTable.Col<MintJob> source="status" render={(j) => <StatusCell job={j} />} />
        <DataTable.Col<MintJob> source="attempts" align="right" sx={{ whiteSpace: 'nowrap' }} render={attempts} />
        <DataTable.Col<MintJob>
          source="txHash"
          disableSort
          cellSx={noWrap}
          render={(j) => <TxLink hash={j.txHash} url={j.explorerUrl} />}
        />
        <DataTable.Col<MintJob> source="note" disableSort render={(j) => <NoteCell job={j} />} />
        <DataTable.Col<MintJob> source="createdAt" cellSx={noWrap} render={(j) => dateTime(j.createdAt)} />
        {canWrite && (
          <DataTable.Col<MintJob>
            label="resources.mint-queue.actions"
            disableSort
            render={(j) => <JobActions job={j} />}
          />
        )}
      </ListShell>
    </Box>
  );
}
