import { useTranslate } from 'react-admin';
import StatCard from '../../components/StatCard';
import StatCardRow from '../../components/StatCardRow';
import useStats from '../../components/useStats';
import { useFormat } from '../../hooks/useFormat';
import type { ProductStats } from '../../../common/products';

/** Counts by status and the catalogue's total value (Σ price × stock). */
export default function ProductStatsCards() {
  const translate = useTranslate();
  const { money, number } = useFormat();
  const { data, isPending, error } = useStats<ProductStats>('products');
  const count = (n: number | undefined) => (n === undefined ? '' : number(n));
  const card = (key: 'total' | 'active' | 'inactive' | 'draft', color?: string) => (
    <StatCard
      loading={isPending}
      label={translate(`resources.products.stats.${key}`)}
      value={count(data?.[key])}
      color={color}
    />
  );
  return (
    <StatCardRow error={error} failedMessage="resources.products.stats_failed">
      {card('total')}
      {card('active', 'success.main')}
      {card('inactive')}
      {card('draft', 'warning.main')}
      <StatCard
        loading={isPending}
        label={translate('resources.products.stats.total_value')}
        value={data ? money(data.totalValue) : ''}
        color="primary.main"
      />
    </StatCardRow>
  );
}
