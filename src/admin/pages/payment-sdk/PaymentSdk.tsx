import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  InputAdornment,
  Link as MuiLink,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Title, useCanAccess, useTranslate } from 'react-admin';
import type { SdkPayment } from '../../../common/payment-sdk';
import type { Payment } from '../../../common/payments';
import StatCard from '../../components/StatCard';
import StatCardRow from '../../components/StatCardRow';
import { useFormat } from '../../hooks/useFormat';
import CreatePaymentDialog from './CreatePaymentDialog';
import ProviderCard from './ProviderCard';
import SdkPaymentCard from './SdkPaymentCard';
import { usePaymentSdkData } from './usePaymentSdkData';

const TABS = ['overview', 'payments', 'providers'] as const;
/** The overview shows the newest few payments. */
const OVERVIEW_SHOWN = 4;

const matches = (p: Payment, q: string) => [p.id, p.orderId ?? '', p.provider].some((v) => v.toLowerCase().includes(q));

function PaymentGrid({ payments }: { payments: Payment[] }) {
  const translate = useTranslate();
  if (payments.length === 0)
    return <Typography color="text.secondary">{translate('app.payment_sdk.empty')}</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
      {payments.map((p) => (
        <SdkPaymentCard key={p.id} payment={p} />
      ))}
    </Box>
  );
}

/** Payment SDK Management: payments across providers, which providers are configured, and making or refunding a payment. */
export default function PaymentSdk() {
  const translate = useTranslate();
  const { currency } = useFormat();
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'payment-sdk', action: 'create' });
  const { payments, providers } = usePaymentSdkData();
  const [tab, setTab] = useState<(typeof TABS)[number]>('overview');
  const [search, setSearch] = useState('');
  const [created, setCreated] = useState<SdkPayment | null>(null);
  const reload = () => Promise.all([payments.refetch(), providers.refetch()]);
  const error = payments.error ?? providers.error;
  const q = search.trim().toLowerCase();
  const shown = (payments.data?.payments ?? []).filter((p) => !q || matches(p, q));
  const counts = payments.data?.stats.counts;

  return (
    <Box sx={{ py: 2 }}>
      <Title title="app.payment_sdk.title" />
      <Typography variant="h5">{translate('app.payment_sdk.title')}</Typography>
      <Typography variant="body1" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.payment_sdk.subtitle')}
      </Typography>
      {error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={reload}>
              {translate('app.payment_sdk.retry')}
            </Button>
          }
        >
          {translate('app.payment_sdk.error', {
            error: `${translate('app.payment_sdk.load_failed')}: ${error.message}`,
          })}
        </Alert>
      )}
      <StatCardRow>
        <StatCard
          label={translate('app.payment_sdk.stats.total')}
          value={payments.data?.total ?? 0}
          loading={payments.isPending && !error}
        />
        <StatCard
          label={translate('app.payment_sdk.stats.completed')}
          value={counts?.completed ?? 0}
          color="success.main"
          loading={payments.isPending && !error}
        />
        <StatCard
          label={translate('app.payment_sdk.stats.pending')}
          value={counts?.pending ?? 0}
          color="warning.main"
          loading={payments.isPending && !error}
        />
        <StatCard
          label={translate('app.payment_sdk.stats.providers')}
          value={providers.data?.length ?? 0}
          loading={providers.isPending && !error}
        />
      </StatCardRow>
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        {canWrite && providers.data && (
          <CreatePaymentDialog providers={providers.data} currency={currency} onCreated={setCreated} />
        )}
        <Button size="small" startIcon={<RefreshIcon />} onClick={reload}>
          {translate('app.payment_sdk.refresh')}
        </Button>
        <TextField
          size="small"
          placeholder={translate('app.payment_sdk.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ minWidth: 300 }}
        />
      </Stack>
      {created && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setCreated(null)}>
          {translate('app.payment_sdk.created')}{' '}
          <MuiLink href={created.redirectUrl}>{translate('app.payment_sdk.open_page')}</MuiLink>
        </Alert>
      )}
      <Tabs value={tab} onChange={(_, v: (typeof TABS)[number]) => setTab(v)} sx={{ mb: 2 }}>
        {TABS.map((t) => (
          <Tab key={t} value={t} label={translate(`app.payment_sdk.tabs.${t}`)} />
        ))}
      </Tabs>
      {tab === 'overview' && <PaymentGrid payments={shown.slice(0, OVERVIEW_SHOWN)} />}
      {tab === 'payments' && <PaymentGrid payments={shown} />}
      {tab === 'providers' && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
          {(providers.data ?? []).map((p) => (
            <ProviderCard key={p.name} provider={p} />
          ))}
        </Box>
      )}
    </Box>
  );
}
