import { Alert, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import StatCard from '../../pages/dashboard/StatCard';
import { useFormat } from '../../hooks/useFormat';
import { ORDER_STATUSES } from './constants';
import useOrderStats from './useOrderStats';

const COLORS = { pending: 'warning.main', paid: 'info.main', failed: 'error.main', refunded: 'secondary.main', fulfilled: 'success.main' };

/** Order counts: all, and one card per status. */
export default function OrderStatsCards() {
  const translate = useTranslate();
  const { number } = useFormat();
  const { data, isPending, error } = useOrderStats();
  if (error) {
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        {translate('app.orders.stats_failed')}: {error.message}
      </Alert>
    );
  }
  const approx = data?.totalIsEstimate ? '≈ ' : '';
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }}>
      <StatCard loading={isPending} label={translate('app.orders.stats.total')} value={data ? approx + number(data.total) : ''} />
      {ORDER_STATUSES.map((status) => (
        <StatCard
          key={status}
          loading={isPending}
          label={translate(`app.orders.status.${status}`)}
          value={data ? approx + number(data[status]) : ''}
          color={COLORS[status]}
        />
      ))}
    </Stack>
  );
}
