import { useState } from 'react';
import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import DownloadIcon from '@mui/icons-material/Download';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RefreshIcon from '@mui/icons-material/Refresh';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { apiDownload } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useFormat } from '../../hooks/useFormat';
import {
  KIND_OF_TYPE,
  MONEY_METRICS,
  REPORT_METRICS,
  REPORT_RANGES,
  REPORT_TYPES,
  type ReportRange,
  type ReportType,
} from '../../../common/reports';
import BreakdownTable from './BreakdownTable';
import StatCardRow from '../../components/StatCardRow';
import GrowthCard from './GrowthCard';
import ReportCharts from './ReportCharts';
import { reportQueryOf, useReport } from './useReport';

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

/** Reports & Analytics: the overview's cards, charts and breakdown, and the chosen type's own figures; the range and type live in the address. */
export default function ReportsPage() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const range = pick<ReportRange>(params.get('range'), REPORT_RANGES, '30d');
  const type = pick<ReportType>(params.get('type'), REPORT_TYPES, 'overview');
  const kind = KIND_OF_TYPE[type];
  const period = { dateRange: range, from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  const overview = useReport('dashboard', period, type);
  const details = useReport(kind, period, type, kind !== 'dashboard');
  const format = useFormat();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const choose = (key: 'range' | 'type' | 'from' | 'to', value: string) =>
    setParams(
      () => {
        // From the address as it is now: two changes in a row must not build on the same older one.
        const p = new URLSearchParams(window.location.search);
        if (value) p.set(key, value);
        else p.delete(key);
        // A custom range starts from the period shown, so that choosing it changes nothing until a day is changed.
        if (key === 'range' && value === 'custom' && data) {
          if (!p.get('from')) p.set('from', data.firstDay);
          if (!p.get('to')) p.set('to', data.lastDay);
        }
        return p;
      },
      { replace: true },
    );
  const data = overview.data;
  /** A day of the period (YYYY-MM-DD) as the reader writes dates: the day itself, whatever the timezone. */
  const day = (d: string) => formatDate(`${d}T12:00:00Z`, 'UTC', format.lang);
  const exportReport = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await apiDownload(`/api/reports/export/${kind}${reportQueryOf(period, type)}`, `report-${kind}.csv`);
    } catch (e) {
      setExportError(translate('app.reports.export_failed', { error: e instanceof Error ? e.message : String(e) }));
    } finally {
      setExporting(false);
    }
  };

  const loading = overview.isPending;
  const failed = overview.error ?? details.error;
  const t = (key: string) => translate(`app.reports.${key}`);
  return (
    <Box sx={{ py: 2 }}>
      <Title title="app.reports.title" />
      <Typography variant="h5">{t('title')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('subtitle')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('date_range')}
          value={range}
          onChange={(e) => choose('range', e.target.value)}
          fullWidth={false}
          sx={{ width: 200 }}
        >
          {REPORT_RANGES.map((r) => (
            <MenuItem key={r} value={r}>
              {t(`ranges.${r}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('report_type')}
          value={type}
          onChange={(e) => choose('type', e.target.value)}
          fullWidth={false}
          sx={{ width: 200 }}
        >
          {REPORT_TYPES.map((r) => (
            <MenuItem key={r} value={r}>
              {t(`types.${r}`)}
            </MenuItem>
          ))}
        </TextField>
        {range === 'custom' && (
          <>
            <TextField
              type="date"
              size="small"
              label={t('from')}
              value={period.from ?? ''}
              onChange={(e) => choose('from', e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: period.to } }}
              sx={{ width: 170 }}
            />
            <TextField
              type="date"
              size="small"
              label={t('to')}
              value={period.to ?? ''}
              onChange={(e) => choose('to', e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: period.from } }}
              sx={{ width: 170 }}
            />
          </>
        )}
        <Button startIcon={<RefreshIcon />} onClick={() => queryClient.invalidateQueries({ queryKey: ['reports'] })}>
          {t('refresh')}
        </Button>
        <Button variant="contained" startIcon={<DownloadIcon />} onClick={exportReport} disabled={exporting}>
          {exporting ? t('exporting') : t('export')}
        </Button>
      </Stack>
      {range === 'custom' && period.from && period.to && period.from > period.to && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('range_backwards')}
        </Alert>
      )}
      {data && (
        <Typography data-testid="report-period" color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.reports.period', {
            from: day(data.firstDay),
            to: day(data.lastDay),
            timezone: data.timezone,
          })}
        </Typography>
      )}
      {exportError && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setExportError(null)}>
          {exportError}
        </Alert>
      )}
      {failed && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={() => queryClient.invalidateQueries({ queryKey: ['reports'] })}>
              {t('retry')}
            </Button>
          }
        >
          {translate('app.reports.load_failed', { error: failed.message })}
        </Alert>
      )}
      <Stack spacing={2}>
        <StatCardRow sx={{ mb: 0 }}>
          <GrowthCard
            loading={loading}
            money
            icon={<AttachMoneyIcon />}
            color="success.main"
            label={t('cards.total_revenue')}
            caption={
              data &&
              translate('app.reports.cards.revenue_parts', {
                gross: format.money(data.totals.gross?.value ?? 0),
                refunds: format.money(data.totals.refunds?.value ?? 0),
              })
            }
            total={data?.totals.revenue}
          />
          <GrowthCard
            loading={loading}
            icon={<ReceiptLongIcon />}
            color="primary.main"
            label={t('cards.total_orders')}
            total={data?.totals.orders}
          />
          <GrowthCard
            loading={loading}
            icon={<PeopleIcon />}
            color="info.main"
            label={t('cards.new_users')}
            total={data?.totals.users}
          />
          <GrowthCard
            loading={loading}
            money
            icon={<ShoppingCartIcon />}
            color="secondary.main"
            label={t('cards.avg_order_value')}
            caption={t('cards.per_paid_order')}
            total={data?.totals.avgOrderValue}
          />
        </StatCardRow>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
          <ReportCharts series={data?.series ?? []} loading={loading} />
        </Stack>
        {kind !== 'dashboard' && (
          <Stack spacing={2} data-testid="report-details">
            <Typography variant="h6" component="h2">
              {t(`details.${kind}`)}
            </Typography>
            <StatCardRow sx={{ mb: 0 }}>
              {REPORT_METRICS[kind].map((m) => (
                <GrowthCard
                  key={m}
                  loading={details.isPending}
                  money={MONEY_METRICS.has(m)}
                  label={t(`metrics.${m}`)}
                  total={details.data?.totals[m]}
                />
              ))}
            </StatCardRow>
            <BreakdownTable
              title={t(details.data?.bucket === 'month' ? 'breakdown.monthly' : 'breakdown.daily')}
              bucket={details.data?.bucket ?? 'day'}
              metrics={REPORT_METRICS[kind]}
              series={details.data?.series ?? []}
              loading={details.isPending}
            />
          </Stack>
        )}
        {kind === 'dashboard' && (
          <BreakdownTable
            title={t(data?.bucket === 'month' ? 'breakdown.monthly' : 'breakdown.daily')}
            bucket={data?.bucket ?? 'month'}
            metrics={['revenue', 'orders', 'users', 'avgOrderValue']}
            series={data?.series ?? []}
            loading={loading}
          />
        )}
      </Stack>
    </Box>
  );
}
