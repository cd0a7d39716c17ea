import { useListContext, useTranslate } from 'react-admin';
import type { UserStats } from '../../../common/users';
import StatCard from '../../components/StatCard';
import StatCardRow from '../../components/StatCardRow';
import { useFormat } from '../../hooks/useFormat';

/** Total, active and verified users, from the `stats` of the list answer. */
export default function UserStatsCards() {
  const translate = useTranslate();
  const { number } = useFormat();
  const { meta, isPending } = useListContext();
  const stats = (meta as { stats?: UserStats } | undefined)?.stats;
  const card = (key: keyof UserStats, color?: string) => (
    <StatCard
      key={key}
      loading={isPending}
      label={translate(`resources.users.stats.${key}`)}
      value={stats ? number(stats[key]) : ''}
      color={color}
    />
  );
  return (
    <StatCardRow>
      {card('total')}
      {card('active', 'success.main')}
      {card('verified', 'info.main')}
    </StatCardRow>
  );
}
