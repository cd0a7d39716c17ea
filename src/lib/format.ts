/**
 * The one formatting module: money, dates, numbers and percentages.
 * `lang` is the app language ('en' | 'zh'); zh formats with the zh-CN locale, anything else with en-US.
 */

export type Lang = string;
export type DateInput = Date | string | number | null | undefined;

export const localeFor = (lang: Lang | undefined): string =>
  lang === 'zh' || lang?.startsWith('zh-') ? 'zh-CN' : 'en-US';

function toNumber(value: number | string): number {
  return typeof value === 'number' ? value : Number(value);
}

/** Decimal strings are formatted as written (no float rounding of 18-digit crypto amounts). */
const exact = (value: number | string) =>
  typeof value === 'string' ? (value.trim() as Intl.StringNumericLiteral) : value;

/** "$1,234.50" / "US$1,234.50"; "<amount> <CUR>" when Intl cannot format (e.g. an unknown currency code). */
export function formatMoney(
  amount: number | string | null | undefined,
  currency = 'USD',
  lang: Lang = 'en',
  options: { maximumFractionDigits?: number } = {},
): string {
  if (amount === null || amount === undefined || amount === '') return '';
  try {
    if (!Number.isFinite(toNumber(amount))) throw new RangeError('not a number');
    const max = options.maximumFractionDigits;
    return new Intl.NumberFormat(localeFor(lang), {
      style: 'currency',
      currency,
      ...(max === undefined ? {} : { maximumFractionDigits: max, minimumFractionDigits: Math.min(2, max) }),
    }).format(exact(amount));
  } catch {
    return `${amount} ${currency}`;
  }
}

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

function formatWith(
  value: DateInput,
  lang: Lang,
  timeZone: string | undefined,
  options: Intl.DateTimeFormatOptions,
): string {
  const d = toDate(value);
  if (!d) return value === null || value === undefined ? '' : String(value);
  try {
    return new Intl.DateTimeFormat(localeFor(lang), { ...options, timeZone: timeZone || 'UTC' }).format(d);
  } catch {
    // an unknown time zone name: show UTC rather than nothing
    return new Intl.DateTimeFormat(localeFor(lang), { ...options, timeZone: 'UTC' }).format(d);
  }
}

const DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: '2-digit', minute: '2-digit' };

/** "Jan 5, 2025" in the given time zone (default UTC). */
export const formatDate = (value: DateInput, timeZone = 'UTC', lang: Lang = 'en') =>
  formatWith(value, lang, timeZone, DATE);

/** "Jan 5, 2025, 02:30 PM" in the given time zone (default UTC). */
export const formatDateTime = (value: DateInput, timeZone = 'UTC', lang: Lang = 'en') =>
  formatWith(value, lang, timeZone, DATE_TIME);

export function formatNumber(
  value: number | string | null | undefined,
  lang: Lang = 'en',
  options: Intl.NumberFormatOptions = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  const n = toNumber(value);
  if (!Number.isFinite(n)) return String(value);
  return new Intl.NumberFormat(localeFor(lang), options).format(n);
}

/** A fraction as a percentage: 0.05 → "5%", 0.005 → "0.5%". */
export function formatPercent(
  fraction: number | string | null | undefined,
  lang: Lang = 'en',
  maximumFractionDigits = 2,
): string {
  if (fraction === null || fraction === undefined || fraction === '') return '';
  const n = toNumber(fraction);
  if (!Number.isFinite(n)) return String(fraction);
  return new Intl.NumberFormat(localeFor(lang), { style: 'percent', maximumFractionDigits }).format(n);
}
