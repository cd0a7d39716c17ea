import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link as MuiLink,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Title, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { ApiError, apiGet } from '../../../lib/api';
import DetailField from '../../components/DetailField';
import Mono, { MONO } from '../../components/Mono';
import type { ChainTx } from '../../../common/mint';
import { isInAppLink, shortId } from '../../components/ids';
import MintStatusChip from '../../components/MintStatusChip';
import { useMintFormat } from '../../components/useMintFormat';
import { useFormat } from '../../hooks/useFormat';
import { AUTO_REFRESH_MS, txStateOf, type TxState } from './constants';
import OrderRef from './OrderRef';

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
const STATE_COLORS: Record<TxState, 'success' | 'error' | 'warning'> = {
  success: 'success',
  reverted: 'error',
  pending: 'warning',
};

/** Unknown hashes (404) and malformed ones (400) are both "not found". */
const isNotFound = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 400);

/** GET /api/chain/tx/{hash}; polled every 5 s while the transaction has no receipt yet. */
function useChainTx(hash: string) {
  return useQuery({
    queryKey: ['chain', 'tx', hash],
    enabled: TX_HASH.test(hash),
    retry: (failures, error) => !isNotFound(error) && failures < 1,
    queryFn: ({ signal }) => apiGet<ChainTx>(`/api/chain/tx/${encodeURIComponent(hash)}`, { signal }),
    refetchInterval: (query) => (query.state.data && !query.state.data.receipt ? AUTO_REFRESH_MS : false),
  });
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 1 }}>
          <Typography variant="subtitle1" component="h2">
            {translate(title)}
          </Typography>
          {action}
        </Box>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3 }}>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}

function TxStateChip({ state }: { state: TxState }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={STATE_COLORS[state]}
      label={translate(`resources.mint-queue.tx.state.${state}`)}
      data-testid="tx-status"
    />
  );
}

function TxDetails({ tx }: { tx: ChainTx }) {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const { attempts, count } = useMintFormat();
  const t = (name: string) => `resources.mint-queue.tx.${name}`;
  const f = (name: string) => `resources.mint-queue.fields.${name}`;
  const { transaction, receipt, job } = tx;
  const external = tx.explorerUrl && !isInAppLink(tx.explorerUrl) ? tx.explorerUrl : null;
  return (
    <Stack spacing={2}>
      <Section
        title={t('details')}
        action={
          external && (
            <MuiLink href={external} target="_blank" rel="noopener noreferrer" variant="body2">
              {translate(t('explorer'))} <OpenInNewIcon sx={{ fontSize: 14, verticalAlign: 'middle' }} />
            </MuiLink>
          )
        }
      >
        <Box sx={{ flexBasis: '100%' }}>
          <DetailField label={t('hash')} testId="tx-hash">
            <Mono>{tx.hash}</Mono>
          </DetailField>
        </Box>
        <DetailField label={t('status')}>
          <TxStateChip state={txStateOf(tx)} />
        </DetailField>
        <DetailField label={t('chain_id')}>{tx.chainId}</DetailField>
        <DetailField label={t('block')}>{count(receipt?.blockNumber ?? transaction?.blockNumber)}</DetailField>
        <DetailField label={t('nonce')}>{count(transaction?.nonce)}</DetailField>
        <DetailField label={t('gas_used')}>{count(receipt?.gasUsed)}</DetailField>
        <DetailField label={t('logs')}>{count(receipt?.logs)}</DetailField>
        <DetailField label={t('from')}>{transaction ? <Mono>{transaction.from}</Mono> : null}</DetailField>
        <DetailField label={t('to')}>{transaction?.to ? <Mono>{transaction.to}</Mono> : null}</DetailField>
      </Section>
      <Section title={t('job')}>
        {job ? (
          <>
            <DetailField label={f('id')}>
              <Mono title={job.id}>{shortId(job.id)}</Mono>
            </DetailField>
            <DetailField label={f('orderId')}>
              <OrderRef job={job} />
            </DetailField>
            <DetailField label={f('status')}>
              <MintStatusChip status={job.status} />
            </DetailField>
            <DetailField label={f('walletAddress')}>
              <Mono>{job.walletAddress}</Mono>
            </DetailField>
            <DetailField label={f('tokenId')}>{job.tokenId}</DetailField>
            <DetailField label={f('amount')}>{count(job.amount)}</DetailField>
            <DetailField label={f('attempts')}>{attempts(job)}</DetailField>
            <DetailField label={f('createdAt')}>{dateTime(job.createdAt)}</DetailField>
            <DetailField label={f('completedAt')}>{job.completedAt ? dateTime(job.completedAt) : null}</DetailField>
            {job.lastError && <DetailField label={f('lastError')}>{job.lastError}</DetailField>}
          </>
        ) : (
          <Typography variant="body2">{translate(t('no_job'))}</Typography>
        )}
      </Section>
    </Stack>
  );
}

/** /tx/:hash: one transaction of the chain the platform mints on, its receipt and the mint job that sent it. */
export default function TransactionPage() {
  const translate = useTranslate();
  const hash = useParams<{ hash: string }>().hash ?? '';
  const { data, error, isPending } = useChainTx(hash);
  const notFound = !TX_HASH.test(hash) || isNotFound(error);
  return (
    <Box sx={{ py: 2 }}>
      <Title title="resources.mint-queue.tx.title" />
      <Box
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2, flexWrap: 'wrap' }}
      >
        <Typography variant="h5">{translate('resources.mint-queue.tx.title')}</Typography>
        <Button component={Link} to="/mint-queue" size="small" startIcon={<ArrowBackIcon />}>
          {translate('resources.mint-queue.tx.back')}
        </Button>
      </Box>
      {notFound ? (
        <Alert severity="warning" data-testid="tx-not-found">
          <AlertTitle>{translate('resources.mint-queue.tx.not_found')}</AlertTitle>
          <Box component="span" sx={{ ...MONO, wordBreak: 'break-all' }}>
            {translate('resources.mint-queue.tx.not_found_detail', { hash })}
          </Box>
        </Alert>
      ) : error ? (
        <Alert severity="error">
          {translate('resources.mint-queue.tx.load_failed')}: {error.message}
        </Alert>
      ) : isPending || !data ? (
        <Stack spacing={1}>
          <Skeleton height={48} />
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Stack>
      ) : (
        <TxDetails tx={data} />
      )}
    </Box>
  );
}
