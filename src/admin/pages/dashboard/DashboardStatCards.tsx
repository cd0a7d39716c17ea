import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useTranslate } from 'react-admin';
import { useFormat } from '../../hooks/useFormat';
import RevenueValue from '../../components/RevenueValue';
import StatCard from '../../components/StatCard';
import StatCardRow from '../../components/StatCardRow';
import type { DashboardStats } from '../../../common/dashboard';

/** The four headline figures, and a row of secondary ones (each one scrolling row on a phone); the dashboard says a failure in its alerts. */
export default function DashboardStatCards({ stats, loading }: { stats?: DashboardStats; loading: boolean }) {
  const translate = useTranslate();
  const { number } = useFormat();
  const show = (value: number | undefined) => (value === undefined ? '—' : number(value));
  const t = (key: string) => translate(`app.dashboard.stats.${key}`);
  return (
    <div>
      <StatCardRow>
        <StatCard
          loading={loading}
          icon={<ReceiptLongIcon />}
          label={t('total_orders')}
          value={show(stats?.totalOrders)}
          color="primary.main"
        />
        <StatCard
          loading={loading}
          icon={<AttachMoneyIcon />}
          label={t('total_revenue')}
          value={
            stats ? (
              <RevenueValue net={stats.totalRevenue} gross={stats.grossRevenue} refunds={stats.totalRefunds} />
            ) : (
              '—'
            )
          }
          color="success.main"
        />
        <StatCard
          loading={loading}
          icon={<PeopleIcon />}
          label={t('total_users')}
          value={show(stats?.totalUsers)}
          color="info.main"
        />
        <StatCard
          loading={loading}
          icon={<Inventory2Icon />}
          label={t('total_products')}
          value={show(stats?.totalProducts)}
          color="secondary.main"
        />
      </StatCardRow>
      <StatCardRow sx={{ mb: 0 }}>
        <StatCard loading={loading} label={t('pending_orders')} value={show(stats?.pendingOrders)} />
        <StatCard loading={loading} label={t('completed_orders')} value={show(stats?.completedOrders)} />
        <StatCard loading={loading} label={t('active_users')} value={show(stats?.activeUsers)} />
        <StatCard loading={loading} label={t('system_uptime')} value={stats?.systemUptime ?? '—'} />
      </StatCardRow>
    </div>
  );
}
