import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent, localeFor } from '../../src/lib/format';

describe('formatMoney', () => {
  it('uses en-US unless the language is zh', () => {
    expect(formatMoney(1234.5, 'USD', 'en')).toBe('$1,234.50');
    expect(formatMoney('1234.5', 'EUR', 'en')).toBe('€1,234.50');
    expect(formatMoney(1234.5, 'USD', 'zh')).toBe('US$1,234.50');
    expect(formatMoney(1234.5, 'CNY', 'zh')).toBe('¥1,234.50');
    expect(localeFor('zh')).toBe('zh-CN');
    expect(localeFor('fr')).toBe('en-US');
  });

  it('falls back to "<amount> <CUR>" when Intl cannot format', () => {
    expect(formatMoney(12, 'NOT-A-CURRENCY', 'en')).toBe('12 NOT-A-CURRENCY');
    expect(formatMoney('abc', 'USD', 'en')).toBe('abc USD');
  });

  it('can show more decimals for crypto amounts', () => {
    expect(formatMoney('0.12345678', 'ETH', 'en', { maximumFractionDigits: 8 })).toMatch(/^ETH\s0\.12345678$/);
    expect(formatMoney('123456789012.12345678', 'ETH', 'en', { maximumFractionDigits: 8 })).toMatch(
      /^ETH\s123,456,789,012\.12345678$/,
    );
    expect(formatMoney(null, 'USD')).toBe('');
  });
});

describe('dates', () => {
  const iso = '2025-01-05T14:30:00Z';
  it('shows short month, day, year, hour and minute in the configured timezone', () => {
    expect(formatDateTime(iso, 'UTC', 'en')).toBe('Jan 5, 2025, 02:30 PM');
    expect(formatDateTime(iso, 'Asia/Shanghai', 'en')).toBe('Jan 5, 2025, 10:30 PM');
    expect(formatDateTime(iso, 'America/New_York', 'en')).toBe('Jan 5, 2025, 09:30 AM');
    expect(formatDateTime(iso, 'Asia/Shanghai', 'zh')).toBe('2025年1月5日 22:30');
  });

  it('formats a date alone, and is forgiving with bad input', () => {
    expect(formatDate(iso, 'UTC', 'en')).toBe('Jan 5, 2025');
    expect(formatDate(Date.parse(iso), 'Asia/Shanghai', 'zh')).toBe('2025年1月5日');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDateTime(iso, 'Mars/Base', 'en')).toBe('Jan 5, 2025, 02:30 PM');
  });
});

describe('numbers and percentages', () => {
  it('groups digits per locale', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber('1234.5', 'zh')).toBe('1,234.5');
    expect(formatNumber(undefined)).toBe('');
  });

  it('shows fractions as percentages', () => {
    expect(formatPercent(0.05)).toBe('5%');
    expect(formatPercent(0.005)).toBe('0.5%');
    expect(formatPercent(0.12345, 'en', 1)).toBe('12.3%');
  });
});
