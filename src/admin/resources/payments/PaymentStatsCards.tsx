import { useListContext, useTranslate } from 'react-admin';
import { PAYMENT_STATUSES } from '../../../common/orders';
import type { PaymentStats } from '../../../common/payments';
import RevenueValue from '../../components/RevenueValue';
import StatCard from '../../components/StatCard';
import StatCardRow from '../../components/StatCardRow';
import { useFormat } from '../../hooks/useFormat';
import { PAYMENT_STATUS_COLORS } from './PaymentStatusChip';

/** One card per status and the net revenue with its parts, from the list answer's `stats` (they follow its filters). */
export default function PaymentStatsCards() {
  const translate = useTranslate();
  const { number } = useFormat();
  const { meta, isPending } = useListContext();
  const stats = (meta as { stats?: PaymentStats } | undefined)?.stats;
  const count = (n: number | undefined) => (n === undefined ? '' : (stats?.countsAreEstimates ? '≈ ' : '') + number(n));
  return (
    <StatCardRow>
      {PAYMENT_STATUSES.map((status) => (
        <StatCard
          key={status}
          loading={isPending}
          label={translate(`resources.payments.status.${status}`)}
          value={count(stats?.counts[status])}
          color={`${PAYMENT_STATUS_COLORS[status]}.main`}
        />
      ))}
      <StatCard
        loading={isPending}
        label={translate('resources.payments.stats.net')}
        value={stats ? <RevenueValue net={stats.net} gross={stats.gross} refunds={stats.refunds} /> : ''}
      />
    </StatCardRow>
  );
}
