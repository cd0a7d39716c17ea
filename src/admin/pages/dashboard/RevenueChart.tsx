import { Skeleton, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import Panel from '../../components/Panel';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useFormat } from '../../hooks/useFormat';
import type { DashboardStats } from '../../../common/dashboard';

/** Paid and fulfilled revenue per month over the last year. */
export default function RevenueChart({ data, loading }: { data?: DashboardStats['revenueByMonth']; loading: boolean }) {
  const translate = useTranslate();
  const { money } = useFormat();
  const theme = useTheme();
  return (
    <Panel title="app.dashboard.revenue_by_month">
      {loading ? (
        <Skeleton variant="rectangular" height={220} />
      ) : !data?.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.dashboard.no_revenue')}
        </Typography>
      ) : (
        <ResponsiveContainer width="100%" height={220}>
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={theme.palette.divider} />
            <XAxis
              dataKey="month"
              tick={{ fontSize: 12, fill: theme.palette.text.secondary }}
              stroke={theme.palette.divider}
            />
            <YAxis
              tick={{ fontSize: 12, fill: theme.palette.text.secondary }}
              stroke={theme.palette.divider}
              width={80}
              tickFormatter={(v: number) => money(v, undefined, 0)}
            />
            <Tooltip
              contentStyle={{
                background: theme.palette.background.paper,
                borderColor: theme.palette.divider,
                color: theme.palette.text.primary,
              }}
              cursor={{ fill: theme.palette.action.hover }}
              formatter={(v) => [money(Number(v)), translate('app.dashboard.revenue')]}
            />
            <Bar dataKey="revenue" fill={theme.palette.primary.main} radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </Panel>
  );
}
