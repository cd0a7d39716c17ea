/** Reports: staff read them (the reports capability); the pure rules of periods and growth. */
import type { ReportRange } from '../../../src/common/reports.js';
import { resourceAccess } from '../../lib/access.js';

export const reportsAccess = resourceAccess('reports');

/** A range's buckets: the last 7, 30 or 90 days by day, or the last 12 months by month (today or this month included). */
export function periodShape(range: ReportRange): { unit: 'day' | 'month'; count: number } {
  switch (range) {
    case '7d':
      return { unit: 'day', count: 7 };
    case '30d':
      return { unit: 'day', count: 30 };
    case '90d':
      return { unit: 'day', count: 90 };
    case '1y':
      return { unit: 'month', count: 12 };
  }
}

/** The change from the previous period in percent, one decimal; null when the previous period had nothing ("—"). */
export function growthPercent(value: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((value - previous) * 1000) / Math.abs(previous)) / 10;
}

/** Average order value in cents, rounded to the nearest cent; 0 without orders. */
export const averageCents = (totalCents: number, count: number) => (count > 0 ? Math.round(totalCents / count) : 0);
