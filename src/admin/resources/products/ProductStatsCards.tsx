import { Alert, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import StatCard from '../../pages/dashboard/StatCard';
import { useFormat } from '../../hooks/useFormat';
import useProductStats from './useProductStats';

/** Counts by status and the catalogue's total value (Σ price × stock). */
export default function ProductStatsCards() {
  const translate = useTranslate();
  const { money, number } = useFormat();
  const { data, isPending, error } = useProductStats();
  if (error) {
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        {translate('app.products.stats_failed')}: {error.message}
      </Alert>
    );
  }
  const count = (value: number | undefined) => (value === undefined ? '' : number(value));
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }}>
      <StatCard loading={isPending} label={translate('app.products.stats.total')} value={count(data?.total)} />
      <StatCard loading={isPending} label={translate('app.products.stats.active')} value={count(data?.active)} color="success.main" />
      <StatCard loading={isPending} label={translate('app.products.stats.inactive')} value={count(data?.inactive)} />
      <StatCard loading={isPending} label={translate('app.products.stats.draft')} value={count(data?.draft)} color="warning.main" />
      <StatCard
        loading={isPending}
        label={translate('app.products.stats.total_value')}
        value={data ? money(data.totalValue) : ''}
        color="primary.main"
      />
    </Stack>
  );
}
