import { Alert, Box, Card, CardContent, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useCanAccess, useTranslate } from 'react-admin';
import { apiGet } from '../../../lib/api';
import StatCard from '../../components/StatCard';
import StatCardRow from '../../components/StatCardRow';
import { useFormat } from '../../hooks/useFormat';
import CommissionSettings, { levelsQuery } from './CommissionSettings';
import HistoryTab from './HistoryTab';
import NetworkTab from './NetworkTab';
import { usePathTab } from '../../hooks/usePathTab';

const TABS = ['network', 'history'] as const;

type Summary = { totalReferrals: number; activeReferrals: number; totalEarnings: number };

/** Referral management: summary cards with the real rates, the commission settings, the network and the commission history. */
export default function ReferralsPage() {
  const translate = useTranslate();
  const { money, number, percent } = useFormat();
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'referrals', action: 'edit' });
  const [tab, setTab] = usePathTab('/referrals', TABS);
  const summary = useQuery({
    queryKey: ['referrals', 'summary'],
    queryFn: async () => (await apiGet<{ summary: Summary }>('/api/referrals/summary')).summary,
  });
  const levels = useQuery(levelsQuery);
  const t = (key: string) => translate(`app.referrals.${key}`);
  const rates = (levels.data ?? []).map((l) => percent(l.commissionrate, 2)).join(' / ');
  return (
    <Box sx={{ py: 2 }}>
      <Title title="app.referrals.title" />
      <Typography variant="h5">{t('title')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('subtitle')}
      </Typography>
      {summary.error && (
        <Alert severity="error" sx={{ mb: 2 }}>{`${t('load_failed')}: ${summary.error.message}`}</Alert>
      )}
      <StatCardRow>
        <StatCard
          loading={summary.isPending}
          label={t('cards.total')}
          value={summary.data ? number(summary.data.totalReferrals) : ''}
        />
        <StatCard
          loading={summary.isPending}
          label={t('cards.active')}
          value={summary.data ? number(summary.data.activeReferrals) : ''}
        />
        <StatCard
          loading={summary.isPending}
          label={t('cards.earnings')}
          value={summary.data ? money(summary.data.totalEarnings) : ''}
        />
        <StatCard loading={levels.isPending} label={t('cards.rates')} value={rates} />
      </StatCardRow>
      <CommissionSettings canWrite={canWrite} />
      <Card variant="outlined">
        <CardContent>
          <Tabs value={tab} onChange={(_, next: (typeof TABS)[number]) => setTab(next)} sx={{ mb: 2 }}>
            <Tab value="network" label={t('tabs.network')} />
            <Tab value="history" label={t('tabs.history')} />
          </Tabs>
          {tab === 'network' ? <NetworkTab /> : <HistoryTab canWrite={canWrite} />}
        </CardContent>
      </Card>
    </Box>
  );
}
