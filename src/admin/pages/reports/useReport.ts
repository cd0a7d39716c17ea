import { useQuery } from '@tanstack/react-query';
import { apiGet, toQuery } from '../../../lib/api';
import type { Report, ReportKind, ReportRange, ReportType } from '../../../common/reports';

/** GET /api/reports/{kind}: one report over the range, refetched when the range or the type changes. */
export function useReport(kind: ReportKind, dateRange: ReportRange, reportType: ReportType, enabled = true) {
  return useQuery({
    queryKey: ['reports', kind, dateRange, reportType],
    enabled,
    retry: 1,
    queryFn: async () =>
      (await apiGet<{ data: Report }>(`/api/reports/${kind}${toQuery({ dateRange, reportType })}`)).data,
  });
}
