import { useTranslate } from 'react-admin';
import StatCard from '../../components/StatCard';
import StatCardRow from '../../components/StatCardRow';
import useStats from '../../components/useStats';
import { useFormat } from '../../hooks/useFormat';
import { ORDER_STATUSES, type OrderStats } from '../../../common/orders';
import { ORDER_STATUS_COLORS } from './OrderStatusChip';

/** Order counts: all, and one card per status ("≈" when past the exact-count limit). */
export default function OrderStatsCards() {
  const translate = useTranslate();
  const { number } = useFormat();
  const { data, isPending, error } = useStats<OrderStats>('orders');
  const value = (n: number | undefined) => (n === undefined ? '' : (data?.totalIsEstimate ? '≈ ' : '') + number(n));
  return (
    <StatCardRow error={error} failedMessage="resources.orders.stats_failed">
      <StatCard loading={isPending} label={translate('resources.orders.stats.total')} value={value(data?.total)} />
      {ORDER_STATUSES.map((status) => (
        <StatCard
          key={status}
          loading={isPending}
          label={translate(`resources.orders.status.${status}`)}
          value={value(data?.[status])}
          color={`${ORDER_STATUS_COLORS[status]}.main`}
        />
      ))}
    </StatCardRow>
  );
}
