import { z } from 'zod';
import { REPORT_KINDS, REPORT_RANGES, REPORT_TYPES, type Report, type ReportTotal } from './reports.js';
import { answerText, instant, okWith } from './answers.schemas.js';
import { checkDayRange, dayRange } from './list.schemas.js';

/** GET /api/reports/{kind} and /api/reports/export/{kind}: the range (30d unless given) and the screen's type. */
export const reportQuery = z
  .object({
    dateRange: z.enum(REPORT_RANGES, { error: `dateRange must be one of ${REPORT_RANGES.join(', ')}.` }).default('30d'),
    reportType: z
      .enum(REPORT_TYPES, { error: `reportType must be one of ${REPORT_TYPES.join(', ')}.` })
      .default('overview'),
  })
  .extend(dayRange.shape)
  .superRefine((v, ctx) => {
    if (v.dateRange === 'custom' && (!v.from || !v.to))
      ctx.addIssue({ code: 'custom', path: [v.from ? 'to' : 'from'], message: 'A custom range needs from and to.' });
    checkDayRange(v, ctx);
  });
export type ReportQuery = z.infer<typeof reportQuery>;

export const reportKindParams = z.object({
  type: z.enum(REPORT_KINDS, { error: `The report must be one of ${REPORT_KINDS.join(', ')}.` }),
});

/** A figure's total over the period (`ReportTotal`); money in currency units. */
const reportTotalAnswer = z.object({
  value: z.number(),
  previous: z.number().describe('The same figure over the previous period of the same length'),
  growthPercent: z.number().nullable().describe('The change in percent; null when the previous period had nothing'),
}) satisfies z.ZodType<ReportTotal>;

/** GET /api/reports/{kind}: the kind's figures (REPORT_METRICS) as totals and as a series by day or month (`Report`). */
export const reportAnswer = okWith({
  data: z.object({
    kind: z.enum(REPORT_KINDS),
    range: z.enum(REPORT_RANGES),
    bucket: z.enum(['day', 'month']),
    timezone: answerText.describe('The settings’ timezone, in which days and months are cut'),
    currency: answerText,
    from: instant,
    to: instant.describe('The instant after the period’s last; ISO 8601, in UTC'),
    previousFrom: instant.describe('The previous period’s first instant; ISO 8601, in UTC'),
    firstDay: answerText.describe('The period’s first day in the site’s timezone (YYYY-MM-DD)'),
    lastDay: answerText.describe('The period’s last day in the site’s timezone (YYYY-MM-DD), included'),
    totals: z.record(answerText, reportTotalAnswer).describe('Each figure of the kind, by name'),
    series: z.array(
      z
        .object({ period: answerText.describe('YYYY-MM-DD or YYYY-MM') })
        .catchall(z.number())
        .describe('The period and each figure of the kind'),
    ),
  }) satisfies z.ZodType<Report>,
});
