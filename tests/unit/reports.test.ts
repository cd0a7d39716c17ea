import { describe, expect, it } from 'vitest';
import { averageCents, growthPercent, periodShape } from '../../server/modules/reports/policy.js';
import { reportCsvColumns } from '../../server/modules/reports/present.js';
import { csvCell } from '../../server/lib/csv.js';
import type { Report } from '../../src/common/reports.js';

describe('report rules', () => {
  it.each([
    [150, 100, 50],
    [50, 100, -50],
    [100, 100, 0],
    [1, 3, -66.7],
    [2, 3, -33.3],
    [3030, 1200, 152.5],
    [5, 0, null],
    [0, 0, null],
  ])('growth from %d after %d is %s %%', (value, previous, expected) => {
    expect(growthPercent(value, previous)).toBe(expected);
  });

  it('ranges: days for 7, 30 and 90 days, months for a whole year back', () => {
    expect(periodShape('7d')).toEqual({ unit: 'day', span: '7 days', custom: false });
    expect(periodShape('30d')).toEqual({ unit: 'day', span: '30 days', custom: false });
    expect(periodShape('90d')).toEqual({ unit: 'day', span: '90 days', custom: false });
    expect(periodShape('1y')).toEqual({ unit: 'month', span: '1 year', custom: false });
  });

  it('custom ranges: both days included, by day up to 92 days, by month beyond', () => {
    expect(periodShape('custom', { from: '2026-03-01', to: '2026-03-01' })).toEqual({
      unit: 'day',
      span: '1 days',
      custom: true,
    });
    expect(periodShape('custom', { from: '2026-01-01', to: '2026-04-02' })).toMatchObject({
      unit: 'day',
      span: '92 days',
    });
    expect(periodShape('custom', { from: '2026-01-01', to: '2026-04-03' })).toMatchObject({
      unit: 'month',
      span: '93 days',
    });
    // A day lost to a change of clocks is still a whole day.
    expect(periodShape('custom', { from: '2026-03-28', to: '2026-03-30' })).toMatchObject({ span: '3 days' });
  });

  it('average order value rounds to the cent and is 0 without orders', () => {
    expect(averageCents(1000, 3)).toBe(333);
    expect(averageCents(2000, 3)).toBe(667);
    expect(averageCents(0, 0)).toBe(0);
  });

  it('the CSV columns: the period, then each figure, money as decimal text', () => {
    const report = {
      kind: 'financial',
      bucket: 'month',
      series: [{ period: '2026-10', gross: 1234.5, refunds: 0.1, net: 1234.4, commissions: 0, payouts: 61.73 }],
    } as unknown as Report;
    const columns = reportCsvColumns(report);
    expect(columns.map((c) => c.header)).toEqual(['Month', 'Gross', 'Refunds', 'Net', 'Commissions', 'Payouts']);
    expect(columns.map((c) => csvCell(c.kind, c.value(report.series[0]!)))).toEqual([
      '2026-10',
      '1234.50',
      '0.10',
      '1234.40',
      '0.00',
      '61.73',
    ]);
  });
});
