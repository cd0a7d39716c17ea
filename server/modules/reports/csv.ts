/** A report's breakdown as CSV: one line per day or month, money as decimal text, the period first. */
import { MONEY_METRICS, REPORT_METRICS, type Report } from '../../../src/common/reports.js';
import { centsText } from '../../../src/common/money.js';

/** Column headings: the metric's name with its first letter raised (revenue → Revenue, avgOrderValue → AvgOrderValue). */
const heading = (metric: string) => metric.charAt(0).toUpperCase() + metric.slice(1);

/** Every cell is a period label (digits and '-') or a number: nothing to quote. */
export function* reportCsvLines(report: Report): Generator<string> {
  const metrics: readonly string[] = REPORT_METRICS[report.kind];
  yield `${report.bucket === 'month' ? 'Month' : 'Day'},${metrics.map(heading).join(',')}\r\n`;
  for (const point of report.series) {
    const cells = metrics.map((m) => {
      const value = Number(point[m] ?? 0);
      return MONEY_METRICS.has(m) ? centsText(Math.round(value * 100)) : String(value);
    });
    yield `${point.period},${cells.join(',')}\r\n`;
  }
}

export const reportFileName = (report: Report, now: Date) =>
  `report-${report.kind}-${report.range}-${now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.csv`;
