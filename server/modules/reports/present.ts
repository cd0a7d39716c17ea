/** A report's breakdown as CSV columns for `streamCsv`: the day or month first, then each figure (money as decimal text). */
import { MONEY_METRICS, REPORT_METRICS, type Report, type ReportPoint } from '../../../src/common/reports.js';
import { csvColumn, type CsvColumn } from '../../lib/csv.js';

/** Column headings: the metric's name with its first letter raised (revenue → Revenue, avgOrderValue → AvgOrderValue). */
const heading = (metric: string) => metric.charAt(0).toUpperCase() + metric.slice(1);

export function reportCsvColumns(report: Report): CsvColumn<ReportPoint>[] {
  const metrics: readonly string[] = REPORT_METRICS[report.kind];
  return [
    csvColumn<ReportPoint>(report.bucket === 'month' ? 'Month' : 'Day', 'text', (p) => p.period),
    ...metrics.map((m) =>
      csvColumn<ReportPoint>(heading(m), MONEY_METRICS.has(m) ? 'money' : 'number', (p) => p[m] ?? 0),
    ),
  ];
}
