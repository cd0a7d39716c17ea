import { Alert, Stack, Typography } from '@mui/material';
import { ListButton, ReferenceField, TopToolbar, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import { mintStatusOf, type MintJob } from '../../../common/mint';
import DetailField from '../../components/DetailField';
import Section from '../../components/DetailSection';
import MintStatusChip from '../../components/MintStatusChip';
import Mono from '../../components/Mono';
import RecordHistory from '../../components/RecordHistory';
import TxLink from '../../components/TxLink';
import { useMintFormat } from '../../components/useMintFormat';
import { useFormat } from '../../hooks/useFormat';
import { AUTO_REFRESH_MS } from './constants';
import JobActions from './JobActions';
import { lastErrorText } from './lastError';
import OrderRef from './OrderRef';
import { RecordShow } from '../../components/RecordPage';

const f = (name: string) => `resources.mint-queue.fields.${name}`;
/** A job the worker has not finished with changes on its own: its page reloads it as the list does. */
const DONE = new Set(['succeeded', 'rejected']);

function JobDetail() {
  const job = useRecordContext<MintJob>();
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const { attempts, count } = useMintFormat();
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'mint-queue', action: 'create' });
  if (!job) return null;
  const status = mintStatusOf(job.status);
  const when = (at: string | null) => (at ? dateTime(at) : null);
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h6">
          {translate('resources.mint-queue.phone_tokens', { amount: count(job.amount), tokenId: job.tokenId })}
        </Typography>
        <MintStatusChip status={status} />
        {canWrite && <JobActions job={job} />}
      </Stack>
      {status === 'rejected' && job.rejectReason && <Alert severity="info">{job.rejectReason}</Alert>}
      {status !== 'succeeded' && job.lastError && (
        <Alert severity={status === 'failed' ? 'error' : 'warning'} data-testid="mint-last-error">
          {lastErrorText(translate, job)}
        </Alert>
      )}
      <Section title="resources.mint-queue.detail.job">
        <DetailField label={f('id')}>
          <Mono>{job.id}</Mono>
        </DetailField>
        <DetailField label={f('orderId')}>
          <OrderRef job={job} />
        </DetailField>
        <DetailField label={f('productId')}>
          {job.productId && <ReferenceField source="productId" reference="products" link="show" />}
        </DetailField>
        <DetailField label={f('tokenId')}>{job.tokenId}</DetailField>
        <DetailField label={f('amount')}>{count(job.amount)}</DetailField>
        <DetailField label={f('walletAddress')}>
          <Mono>{job.walletAddress}</Mono>
        </DetailField>
        <DetailField label={f('attempts')}>{attempts(job)}</DetailField>
        <DetailField label={f('note')}>{job.note}</DetailField>
      </Section>
      <Section title="resources.mint-queue.detail.chain">
        <DetailField label={f('txHash')}>
          <TxLink hash={job.txHash} url={job.explorerUrl} />
        </DetailField>
        <DetailField label={f('chainId')}>{job.chainId}</DetailField>
        <DetailField label={f('contract')}>{job.contract && <Mono>{job.contract}</Mono>}</DetailField>
        <DetailField label={f('nonce')}>{job.nonce}</DetailField>
        <DetailField label={f('blockNumber')}>{count(job.blockNumber)}</DetailField>
      </Section>
      <Section title="resources.mint-queue.detail.times">
        <DetailField label={f('createdAt')}>{dateTime(job.createdAt)}</DetailField>
        <DetailField label={f('updatedAt')}>{dateTime(job.updatedAt)}</DetailField>
        <DetailField label={f('nextAttemptAt')}>{DONE.has(status) ? null : when(job.nextAttemptAt)}</DetailField>
        <DetailField label={f('approvedAt')}>{when(job.approvedAt)}</DetailField>
        <DetailField label={f('rejectedAt')}>{when(job.rejectedAt)}</DetailField>
        <DetailField label={f('completedAt')}>{when(job.completedAt)}</DetailField>
      </Section>
      <RecordHistory entity="mint_job" />
    </Stack>
  );
}

/** One mint job: its order, product, tokens, wallet, attempts, last error and transaction; Retry (or Approve and Reject) for those who may. */
export default function MintJobShow() {
  return (
    <RecordShow
      actions={
        <TopToolbar>
          <ListButton />
        </TopToolbar>
      }
      queryOptions={{
        refetchInterval: (query) =>
          DONE.has(mintStatusOf((query.state.data as MintJob | undefined)?.status)) ? false : AUTO_REFRESH_MS,
      }}
    >
      <JobDetail />
    </RecordShow>
  );
}
