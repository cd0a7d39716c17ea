import { Card, CardContent, Skeleton, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useFormat } from '../../hooks/useFormat';
import type { ReportPoint } from '../../../common/reports';

function ChartCard({ title, loading, children }: { title: string; loading: boolean; children: React.ReactElement }) {
  return (
    <Card variant="outlined" sx={{ flex: '1 1 420px', minWidth: 0 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {loading ? (
          <Skeleton variant="rectangular" height={240} />
        ) : (
          <ResponsiveContainer width="100%" height={240}>
            {children}
          </ResponsiveContainer>
        )}
      </CardContent>
    </Card>
  );
}

/** Revenue Trend (a line) and Order Volume (bars of all and paid orders) over the report's days or months. */
export default function ReportCharts({ series, loading }: { series: ReportPoint[]; loading: boolean }) {
  const translate = useTranslate();
  const theme = useTheme();
  const { money, number } = useFormat();
  const axis = { tick: { fontSize: 12, fill: theme.palette.text.secondary }, stroke: theme.palette.divider };
  const tooltip = {
    contentStyle: {
      background: theme.palette.background.paper,
      borderColor: theme.palette.divider,
      color: theme.palette.text.primary,
    },
  };
  return (
    <>
      <ChartCard title={translate('app.reports.charts.revenue_trend')} loading={loading}>
        <LineChart data={series} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={theme.palette.divider} />
          <XAxis dataKey="period" {...axis} />
          <YAxis {...axis} width={80} tickFormatter={(v: number) => money(v, undefined, 0)} />
          <Tooltip {...tooltip} formatter={(v) => [money(Number(v)), translate('app.reports.charts.revenue')]} />
          <Line
            type="monotone"
            dataKey="revenue"
            stroke={theme.palette.primary.main}
            strokeWidth={2}
            dot={series.length <= 31}
          />
        </LineChart>
      </ChartCard>
      <ChartCard title={translate('app.reports.charts.order_volume')} loading={loading}>
        <BarChart data={series} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={theme.palette.divider} />
          <XAxis dataKey="period" {...axis} />
          <YAxis {...axis} width={48} allowDecimals={false} tickFormatter={(v: number) => number(v)} />
          <Tooltip
            {...tooltip}
            cursor={{ fill: theme.palette.action.hover }}
            formatter={(v, name) => [number(Number(v)), String(name)]}
          />
          <Legend wrapperStyle={{ color: theme.palette.text.secondary }} />
          <Bar
            dataKey="orders"
            name={translate('app.reports.charts.orders')}
            fill={theme.palette.info.main}
            radius={[3, 3, 0, 0]}
          />
          <Bar
            dataKey="paidOrders"
            name={translate('app.reports.charts.paid_orders')}
            fill={theme.palette.success.main}
            radius={[3, 3, 0, 0]}
          />
        </BarChart>
      </ChartCard>
    </>
  );
}
