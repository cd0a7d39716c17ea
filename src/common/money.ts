/** Decimal text ↔ integer minor units, with no floating-point arithmetic on amounts. */

const FIAT = /^\d{1,13}(\.\d{1,2})?$/;
const CRYPTO = /^\d{1,18}(\.\d{1,8})?$/;

const asText = (value: number | string) => (typeof value === 'number' ? numberText(value) : value.trim());

/** A JS number's shortest decimal text, without exponent notation. */
function numberText(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const s = String(n);
  return /e/i.test(s) ? n.toFixed(20).replace(/\.?0+$/, '') : s;
}

export const isFiatAmount = (value: number | string) => FIAT.test(asText(value));
export const isCryptoAmount = (value: number | string) => CRYPTO.test(asText(value));

/** "12.3" → 1230. Throws on anything but a non-negative amount with at most 2 decimals. */
export function toCents(value: number | string): number {
  const text = asText(value);
  if (!FIAT.test(text)) throw new RangeError(`not a fiat amount: ${text}`);
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** 1230 → 12.3 (a number with at most 2 decimals, for the API). */
export const fromCents = (cents: number) => Number((cents / 100).toFixed(2));

/** "0.5" → "0.50000000": crypto amounts stay decimal strings with 8 decimals. */
export function cryptoText(value: number | string): string {
  const text = asText(value);
  if (!/^\d+(\.\d+)?$/.test(text)) throw new RangeError(`not a crypto amount: ${text}`);
  const [whole, frac = ''] = text.split('.');
  return `${BigInt(whole!).toString()}.${frac.slice(0, 8).padEnd(8, '0')}`;
}

/** 1230 → "12.30": cents as the decimal text a numeric column takes, without floating point. */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
