import { z } from 'zod';
import { REPORT_KINDS, REPORT_RANGES, REPORT_TYPES } from './reports.js';

/** GET /api/reports/{kind} and /api/reports/export/{kind}: the range (30d unless given) and the screen's type. */
export const reportQuery = z.object({
  dateRange: z.enum(REPORT_RANGES, { error: `dateRange must be one of ${REPORT_RANGES.join(', ')}.` }).default('30d'),
  reportType: z.enum(REPORT_TYPES, { error: `reportType must be one of ${REPORT_TYPES.join(', ')}.` }).default('overview'),
});
export type ReportQuery = z.infer<typeof reportQuery>;

export const reportKindParams = z.object({
  type: z.enum(REPORT_KINDS, { error: `The report must be one of ${REPORT_KINDS.join(', ')}.` }),
});
