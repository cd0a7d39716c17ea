import { Box, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import DashboardStatCards from './DashboardStatCards';
import QuickActions from './QuickActions';
import RecentOrders from './RecentOrders';
import RevenueChart from './RevenueChart';
import SystemAlerts, { type ScreenAlert } from './SystemAlerts';
import { UnexpectedDashboardAnswer, useDashboardStats, useRecentOrders } from './useDashboardData';

/** The back office's landing page: figures, revenue, newest orders, alerts and shortcuts. */
export default function Dashboard() {
  const translate = useTranslate();
  const stats = useDashboardStats();
  const recent = useRecentOrders();

  const failures: ScreenAlert[] = [];
  if (stats.error) {
    failures.push(
      stats.error instanceof UnexpectedDashboardAnswer
        ? { level: 'error', message: translate('app.dashboard.alerts.data_failed') }
        : { level: 'error', message: translate('app.dashboard.alerts.stats_failed'), detail: stats.error.message },
    );
  }
  if (recent.error) {
    failures.push({
      level: 'warning',
      message: translate('app.dashboard.alerts.recent_orders_failed'),
      detail: recent.error.message,
    });
  }

  return (
    <Box sx={{ py: 2 }}>
      <Title title="app.dashboard.title" />
      <Typography variant="h5">{translate('app.dashboard.title')}</Typography>
      <Typography variant="body1" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.dashboard.subtitle')}
      </Typography>
      <Stack spacing={2}>
        <DashboardStatCards stats={stats.data?.stats} loading={stats.isPending && !stats.error} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
          <Stack spacing={2}>
            {!stats.error && <RevenueChart data={stats.data?.stats.revenueByMonth} loading={stats.isPending} />}
            <RecentOrders orders={recent.data} loading={recent.isPending && !recent.error} failed={!!recent.error} />
          </Stack>
          <Stack spacing={2}>
            <SystemAlerts
              failures={failures}
              alerts={stats.data?.alerts ?? []}
              loading={stats.isPending || recent.isPending}
            />
            <QuickActions />
          </Stack>
        </Box>
      </Stack>
    </Box>
  );
}
