import { useQuery } from '@tanstack/react-query';
import { apiGet, toQuery } from '../../../lib/api';
import type { Report, ReportKind, ReportRange, ReportType } from '../../../common/reports';

/** The report's query: a preset range, or a custom one with its days (YYYY-MM-DD, both included). */
export type ReportPeriod = { dateRange: ReportRange; from?: string; to?: string };

/** The query string of a report and of its CSV export. */
export const reportQueryOf = ({ dateRange, from, to }: ReportPeriod, reportType: ReportType) =>
  toQuery(dateRange === 'custom' ? { dateRange, reportType, from, to } : { dateRange, reportType });

/** GET /api/reports/{kind}: one report over the period, refetched when the period or the type changes. */
export function useReport(kind: ReportKind, period: ReportPeriod, reportType: ReportType, enabled = true) {
  const ready = period.dateRange !== 'custom' || (!!period.from && !!period.to && period.from <= period.to);
  return useQuery({
    queryKey: ['reports', kind, period.dateRange, period.from, period.to, reportType],
    enabled: enabled && ready,
    retry: 1,
    queryFn: async () =>
      (await apiGet<{ data: Report }>(`/api/reports/${kind}${reportQueryOf(period, reportType)}`)).data,
  });
}
