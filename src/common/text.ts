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

/**
 * JSON whose strings (keys and values, at any depth) are all safe text: jsonb refuses what text columns refuse. Walks
 * with a stack of its own, not by recursion, so no depth overflows it (bodies deeper than MAX_JSON_DEPTH are refused
 * before any schema sees them anyway).
 */
export function isSafeJson(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (!isSafeText(v)) return false;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (!isSafeText(key)) return false;
        stack.push(item);
      }
    }
  }
  return true;
}

/** How deeply a request's JSON body may nest arrays and objects (server/plugins/json-body.ts): deeper is a 400. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `json` nests arrays and objects deeper than `limit`, read from the text (strings skipped), stopping there.
 * Nothing is built and nothing recurses, so a body of a million brackets costs one pass.
 */
export function jsonDepthOver(json: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
