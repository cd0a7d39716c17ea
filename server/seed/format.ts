import { createHash } from 'node:crypto';

/** Pure helpers for reading json-server style seed files: money, dates and ids. No database here. */

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Writes a number or numeric string as plain decimal text, expanding exponent notation (1.5e-7 → "0.00000015"). */
export function plainDecimal(value: unknown): string | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  } else {
    return null;
  }
  const exp = /^([+-]?)(\d*)(?:\.(\d*))?[eE]([+-]?\d+)$/.exec(text);
  if (exp) {
    const [, sign, int = '', frac = '', power] = exp;
    if (!int && !frac) return null;
    const digits = int + frac;
    const point = int.length + Number(power);
    const padded =
      point <= 0
        ? '0'.repeat(1 - point) + digits
        : point >= digits.length
          ? digits + '0'.repeat(point - digits.length)
          : digits;
    const at = Math.max(point, 1);
    text = `${sign}${padded.slice(0, at)}${padded.length > at ? `.${padded.slice(at)}` : ''}`;
  }
  const m = DECIMAL.exec(text);
  if (!m || (!m[2] && !m[3])) return null;
  const int = (m[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const negative = m[1] === '-' && /[1-9]/.test(int + frac);
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/**
 * A fiat amount (12.5, "12.50", "$1,234.5") to integer cents, computed on the decimal text so that
 * binary floating point never rounds it; more than two decimals round half away from zero.
 */
export function decimalToCents(value: unknown): number | null {
  const text = plainDecimal(value);
  if (text === null) return null;
  const negative = text.startsWith('-');
  const [int = '0', frac = ''] = text.replace('-', '').split('.');
  let cents = BigInt(int) * 100n + BigInt((frac.slice(0, 2) || '0').padEnd(2, '0'));
  if ((frac[2] ?? '0') >= '5') cents += 1n;
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(negative ? -cents : cents);
}

/** Accepts an ISO string, a date string Date can read, or epoch milliseconds. */
export function parseDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (typeof value === 'string' && !value.trim()) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** How far to move every date of a file so that its newest one lands on `now` (0 when it has none). */
export const dateShiftMs = (newest: Date | null, now: Date) => (newest ? now.getTime() - newest.getTime() : 0);

export const shiftDate = (d: Date, ms: number) => new Date(d.getTime() + ms);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

// A fixed namespace so that the same file always yields the same ids (stable links across re-seeds).
const NAMESPACE = Buffer.from('6f1c2a7e9b3d4c5e8f0a1b2c3d4e5f60', 'hex');

/** RFC 4122 version-5 (SHA-1, name-based) UUID. */
export function nameUuid(name: string): string {
  const h = createHash('sha1').update(NAMESPACE).update(name).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * json-server ids are often 1, "1" or "a1b2". Ids that are UUIDs are kept; any other id becomes a
 * name-based UUID of (collection, id), so a reference from another collection maps to the same value.
 */
export class IdMap {
  private aliases = new Map<string, string>();

  key(collection: string, raw: unknown): string | null {
    if (typeof raw === 'number' && Number.isFinite(raw)) return `${collection}:${raw}`;
    if (typeof raw === 'string' && raw.trim()) return `${collection}:${raw.trim()}`;
    return null;
  }

  /** The UUID for an id of a collection, or null when the id is missing. */
  get(collection: string, raw: unknown): string | null {
    const key = this.key(collection, raw);
    if (!key) return null;
    const alias = this.aliases.get(key);
    if (alias) return alias;
    return isUuid(raw) ? raw.toLowerCase() : nameUuid(key);
  }

  /** Makes references to `raw` resolve to another record's id (e.g. a duplicate user merged into the first). */
  alias(collection: string, raw: unknown, target: string) {
    const key = this.key(collection, raw);
    if (key) this.aliases.set(key, target);
  }
}

/** Where in the file a problem is: the collection, the record's index in it (null: the collection itself) and its id. */
export type At = { collection: string; index: number | null; id?: unknown };

/** Something wrong with a record: refused unless the load is lenient, which applies `repair` instead. */
export type Problem = At & { field: string | null; message: string; repair: string };

/** "products[3] (id 7).sku: missing" */
export function describeProblem(p: Problem): string {
  const where = p.index === null ? p.collection : `${p.collection}[${p.index}]`;
  const id = p.id === undefined || p.id === null || p.index === null ? '' : ` (id ${JSON.stringify(p.id)})`;
  return `${where}${id}${p.field ? `.${p.field}` : ''}: ${p.message}`;
}

/**
 * What reading a file found: problems (each refused, or repaired when lenient) and notes that change nothing
 * (a collection this app has no table for); repeated notes print once with a count.
 */
export class Notes {
  private counts = new Map<string, number>();
  readonly problems: Problem[] = [];
  add(message: string) {
    this.counts.set(message, (this.counts.get(message) ?? 0) + 1);
  }
  problem(at: At, field: string | null, message: string, repair: string) {
    this.problems.push({ ...at, field, message, repair });
  }
  list(): string[] {
    return [...this.counts].map(([message, n]) => (n > 1 ? `${message} (×${n})` : message));
  }
}
