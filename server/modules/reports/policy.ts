/** Reports: staff read them (the reports capability); the pure rules of periods and growth. */
import type { DayRange, ReportRange } from '../../../src/common/reports.js';
import { resourceAccess } from '../../lib/access.js';

export const reportsAccess = resourceAccess('reports');

/** Custom ranges up to this many days are shown by day, longer ones by month. */
export const MAX_DAILY_DAYS = 92;

/**
 * A range's buckets and length: the last 7, 30 or 90 days by day, the last year by month (today included), or the
 * chosen days (`custom`) by day up to MAX_DAILY_DAYS, else by month.
 */
export function periodShape(
  range: ReportRange,
  days?: DayRange,
): { unit: 'day' | 'month'; span: string; custom: boolean } {
  switch (range) {
    case '7d':
      return { unit: 'day', span: '7 days', custom: false };
    case '30d':
      return { unit: 'day', span: '30 days', custom: false };
    case '90d':
      return { unit: 'day', span: '90 days', custom: false };
    case '1y':
      return { unit: 'month', span: '1 year', custom: false };
    case 'custom': {
      const length = (Date.parse(days!.to) - Date.parse(days!.from)) / 86_400_000 + 1;
      return { unit: length > MAX_DAILY_DAYS ? 'month' : 'day', span: `${length} days`, custom: true };
    }
  }
}

/** The change from the previous period in percent, one decimal; null when the previous period had nothing ("—"). */
export function growthPercent(value: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((value - previous) * 1000) / Math.abs(previous)) / 10;
}

/** Average order value in cents, rounded to the nearest cent; 0 without orders. */
export const averageCents = (totalCents: number, count: number) => (count > 0 ? Math.round(totalCents / count) : 0);
