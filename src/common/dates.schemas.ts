/** Dates a request carries, as the API documents them (`format: date-time`). */
import { optionalText } from './text.js';

/** YYYY-MM-DD (midnight UTC) or an ISO 8601 date and time, with seconds, fractions and an offset optional. */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Whether `value` is such a date naming a day and time that exist (2026-02-30 and 25:00 do not). */
export function isIsoDateTime(value: string): boolean {
  const m = ISO.exec(value);
  if (!m) return false;
  const [, year, month, day, hour = '0', minute = '0', second = '0'] = m;
  const d = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return (
    d.getUTCMonth() === Number(month) - 1 &&
    d.getUTCDate() === Number(day) &&
    Number(hour) < 24 &&
    Number(minute) < 60 &&
    Number(second) < 60 &&
    !Number.isNaN(Date.parse(value.replace(' ', 'T')))
  );
}

/** What marks the zod issue of a malformed date, so that the error says "is malformed" (server/lib/validation.ts). */
export const MALFORMED_DATE = { format: 'date-time' } as const;

/** An optional date (absent or blank: null), documented as `format: date-time`; a malformed one is refused as such. */
export const optionalDateTime = (label: string) =>
  optionalText(label, 40)
    .refine((v) => v === null || isIsoDateTime(v), {
      message: `${label} is malformed: write a date as YYYY-MM-DD or an ISO 8601 date and time.`,
      params: MALFORMED_DATE,
    })
    .transform((v) => (v === null ? null : new Date(v.replace(' ', 'T'))))
    .meta({ format: 'date-time', description: 'YYYY-MM-DD (midnight UTC) or an ISO 8601 date and time' });
