import { useListContext, useTranslate } from 'react-admin';
import { PAYOUT_STATUSES, type PayoutStatus } from '../../../common/referrals';
import StatCard from '../../components/StatCard';
import StatCardRow from '../../components/StatCardRow';
import { useFormat } from '../../hooks/useFormat';

/** A card per status and the total amount, from the list answer (they follow its search and filters). */
export default function PayoutStatsCards() {
  const translate = useTranslate();
  const { number, money } = useFormat();
  const { meta, isPending } = useListContext();
  const m = meta as { counts?: Record<PayoutStatus, number>; totalAmount?: number } | undefined;
  return (
    <StatCardRow>
      {PAYOUT_STATUSES.map((s) => (
        <StatCard
          key={s}
          loading={isPending}
          label={translate(`resources.payouts.status.${s}`)}
          value={m?.counts ? number(m.counts[s]) : ''}
        />
      ))}
      <StatCard
        loading={isPending}
        label={translate('resources.payouts.stats.total_amount')}
        value={m?.totalAmount !== undefined ? money(m.totalAmount) : ''}
      />
    </StatCardRow>
  );
}
