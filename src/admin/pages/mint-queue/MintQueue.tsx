import AutorenewIcon from '@mui/icons-material/Autorenew';
import PauseIcon from '@mui/icons-material/PauseCircleOutline';
import { Box, Button, Card, Stack, Typography } from '@mui/material';
import { DataTable, InfiniteList, RefreshButton, SelectInput, Title, TopToolbar, useStore, useTranslate } from 'react-admin';
import ListLoadError from '../../components/ListLoadError';
import Mono from '../../components/Mono';
import useCan from '../../components/useCan';
import { useFormat } from '../../hooks/useFormat';
import LoadMoreButton from '../../components/LoadMoreButton';
import { shortId } from '../../resources/orders/constants';
import {
  AUTO_REFRESH_KEY,
  AUTO_REFRESH_MS,
  MINT_JOBS_PER_PAGE,
  MINT_STATUSES,
  mintStatusOf,
  shortAddress,
  type MintJob,
} from './constants';
import MintStatsCards from './MintStatsCards';
import MintStatusChip from './MintStatusChip';
import MintTokenDialog from './MintTokenDialog';
import OrderRef from './OrderRef';
import QueueStatusBar from './QueueStatusBar';
import RetryButton from './RetryButton';
import TxLink from './TxLink';
import { useMintFormat } from './useMintFormat';

const noWrap = () => ({ whiteSpace: 'nowrap' });

const mintFilters = [
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    label="resources.mint-jobs.fields.status"
    emptyText="app.mint_queue.filters.all_statuses"
    choices={MINT_STATUSES.map((id) => ({ id, name: `app.mint_queue.status.${id}` }))}
  />,
];

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
      {translate(on ? 'app.mint_queue.auto_refresh_on' : 'app.mint_queue.auto_refresh_off')}
    </Button>
  );
}

function MintQueueActions({ autoRefresh, setAutoRefresh, canWrite }: { autoRefresh: boolean; setAutoRefresh: (on: boolean) => void; canWrite: boolean }) {
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      <AutoRefreshToggle on={autoRefresh} onChange={setAutoRefresh} />
      <RefreshButton />
      {canWrite && <MintTokenDialog />}
    </TopToolbar>
  );
}

function NoJobs() {
  const translate = useTranslate();
  return <Typography sx={{ p: 2 }}>{translate('app.mint_queue.empty')}</Typography>;
}

/** The status chip; a job that is not done shows its last error beneath it (full text on hover). */
function StatusCell({ job }: { job: MintJob }) {
  const status = mintStatusOf(job.status);
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <MintStatusChip status={status} />
      {status !== 'succeeded' && job.lastError && (
        <Typography
          variant="caption"
          color={status === 'failed' ? 'error' : 'text.secondary'}
          title={job.lastError}
          data-testid="mint-last-error"
          sx={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' }}
        >
          {job.lastError}
        </Typography>
      )}
    </Stack>
  );
}

/** Mint Queue: counts per status, the worker's state, and the jobs newest first, reloading every 5 s while auto refresh is on. */
export default function MintQueue() {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const { attempts, count } = useMintFormat();
  const canWrite = useCan('catalog.write');
  const [autoRefresh, setAutoRefresh] = useStore<boolean>(AUTO_REFRESH_KEY, true);
  return (
    <Box sx={{ py: 2 }}>
      <Title title="app.mint_queue.title" />
      <Typography variant="h5">{translate('app.mint_queue.title')}</Typography>
      <Typography variant="body1" color="text.secondary">
        {translate('app.mint_queue.subtitle')}
      </Typography>
      <InfiniteList<MintJob>
        resource="mint-jobs"
        title={false}
        perPage={MINT_JOBS_PER_PAGE}
        sort={{ field: 'createdAt', order: 'DESC' }}
        filters={mintFilters}
        actions={<MintQueueActions autoRefresh={autoRefresh} setAutoRefresh={setAutoRefresh} canWrite={canWrite} />}
        queryOptions={{ refetchInterval: autoRefresh ? AUTO_REFRESH_MS : false }}
        pagination={<LoadMoreButton />}
        empty={false}
        component={Box}
        error={<ListLoadError message="app.mint_queue.load_failed" />}
      >
        <MintStatsCards />
        <QueueStatusBar />
        <Card variant="outlined" sx={{ overflowX: 'auto' }}>
          <DataTable<MintJob> rowClick={false} bulkActionButtons={false} empty={<NoJobs />}>
            <DataTable.Col<MintJob> source="id" disableSort cellSx={noWrap} render={(j) => <Mono title={j.id}>{shortId(j.id)}</Mono>} />
            <DataTable.Col<MintJob> source="orderId" disableSort cellSx={noWrap} render={(j) => <OrderRef orderId={j.orderId} />} />
            <DataTable.Col<MintJob>
              source="walletAddress"
              disableSort
              cellSx={noWrap}
              render={(j) => <Mono title={j.walletAddress}>{shortAddress(j.walletAddress)}</Mono>}
            />
            <DataTable.Col<MintJob> source="tokenId" disableSort align="right" render={(j) => <Box component="span" title={j.tokenId}>{j.tokenId}</Box>} />
            <DataTable.Col<MintJob> source="amount" disableSort align="right" render={(j) => count(j.amount)} />
            <DataTable.Col<MintJob> source="status" render={(j) => <StatusCell job={j} />} />
            <DataTable.Col<MintJob>
              source="attempts"
              align="right"
              render={attempts}
            />
            <DataTable.Col<MintJob> source="txHash" disableSort cellSx={noWrap} render={(j) => <TxLink hash={j.txHash} url={j.explorerUrl} />} />
            <DataTable.Col<MintJob> source="createdAt" cellSx={noWrap} render={(j) => dateTime(j.createdAt)} />
            {canWrite && (
              <DataTable.Col<MintJob>
                label="app.mint_queue.actions"
                disableSort
                render={(j) => (mintStatusOf(j.status) === 'failed' ? <RetryButton job={j} /> : null)}
              />
            )}
          </DataTable>
        </Card>
      </InfiniteList>
    </Box>
  );
}
