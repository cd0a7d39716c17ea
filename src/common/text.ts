import { z } from 'zod';

/**
 * The one text type: every string a request carries goes through it before it can reach the database.
 * PostgreSQL refuses a NUL character, and a UTF-16 surrogate that is not half of a pair cannot be encoded
 * as UTF-8 (JSON allows both, as "\u0000" and "\ud800"): both are refused here with a sentence naming the field.
 */
// eslint-disable-next-line no-control-regex -- matching the NUL character is the point
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isSafeText = (value: string) => !UNSAFE.test(value);

export const unsafeTextSentence = (label: string) =>
  `${label} cannot contain a NUL character or an unpaired surrogate.`;

type TextOptions = {
  /** Most characters allowed (after trimming). */
  max: number;
  /** Fewest characters; 1 (the default) makes the field required. */
  min?: number;
  /** Trim surrounding white space before checking the length (default true). */
  trim?: boolean;
  /** The sentence when the value is too long (default "<Label> can be at most N characters."). */
  tooLong?: string;
};

/** Text of `min` to `max` characters; with min ≥ 1 (the default) a missing value reads "<Label> is required.". */
export function text(label: string, { max, min = 1, trim = true, tooLong }: TextOptions) {
  const base = z
    .string({ error: min > 0 ? `${label} is required.` : `${label} must be text.` })
    .refine(isSafeText, { message: unsafeTextSentence(label), abort: true });
  const trimmed = trim ? base.trim() : base;
  const bounded =
    min > 0
      ? trimmed.min(min, min === 1 ? `${label} is required.` : `${label} must be at least ${min} characters.`)
      : trimmed;
  return bounded.max(max, tooLong ?? `${label} can be at most ${max} characters.`);
}

/** Optional text: absent, null and blank all read as null. */
export const optionalText = (label: string, max: number, tooLong?: string) =>
  text(label, { max, min: 0, tooLong })
    .nullish()
    .transform((v) => v || null);

/** A list's free-text search (`q`). */
export const searchText = text('Search text', { max: 200, min: 0 }).optional();

/** JSON whose strings (keys and values, at any depth) are all safe text: jsonb refuses what text columns refuse. */
export function isSafeJson(value: unknown): boolean {
  if (typeof value === 'string') return isSafeText(value);
  if (Array.isArray(value)) return value.every(isSafeJson);
  if (value && typeof value === 'object') {
    return Object.entries(value).every(([key, v]) => isSafeText(key) && isSafeJson(v));
  }
  return true;
}
