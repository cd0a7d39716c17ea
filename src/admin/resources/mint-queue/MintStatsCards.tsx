import { useListContext, useTranslate } from 'react-admin';
import StatCard from '../../components/StatCard';
import StatCardRow from '../../components/StatCardRow';
import { useFormat } from '../../hooks/useFormat';
import { MINT_STATUSES, type MintListMeta } from '../../../common/mint';
import { MINT_STATUS_COLORS } from '../../components/MintStatusChip';

/** One card per job status, from the `counts` of the list answer (refreshed with it). */
export default function MintStatsCards() {
  const translate = useTranslate();
  const { number } = useFormat();
  const { meta, isPending } = useListContext();
  const counts = (meta as MintListMeta | undefined)?.counts;
  return (
    <StatCardRow>
      {MINT_STATUSES.map((status) => (
        <StatCard
          key={status}
          loading={isPending}
          label={translate(`resources.mint-queue.status.${status}`)}
          value={counts ? number(counts[status] ?? 0) : ''}
          color={MINT_STATUS_COLORS[status] === 'default' ? 'text.secondary' : `${MINT_STATUS_COLORS[status]}.main`}
        />
      ))}
    </StatCardRow>
  );
}
