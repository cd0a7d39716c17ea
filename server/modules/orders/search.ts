/**
 * What the orders search box means. Tables show ids cut to 12 characters, so a leading piece of an id
 * (at least its first 8 hex digits, dashes where they belong) finds that order; it may also be the start
 * of an email, so both match. A whole id matches only that order; anything else is an email prefix.
 */
export type OrderSearch =
  | { kind: 'id'; id: string }
  | { kind: 'idPrefix'; from: string; to: string; pattern: string }
  | { kind: 'email'; pattern: string };

const UUID_TEMPLATE = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';
const MIN_ID_PREFIX = 8;

/** "Ann_B" → "Ann\_B%": a prefix for LIKE, its wildcards taken literally. */
export const likePrefix = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** "Ann_B" → "ann\_b%": a customer-email prefix for LIKE (emails are stored in lower case). */
export const emailPrefix = (q: string) => likePrefix(q.toLowerCase());

function isIdPrefix(q: string): boolean {
  if (q.length < MIN_ID_PREFIX || q.length > UUID_TEMPLATE.length) return false;
  for (let i = 0; i < q.length; i++) {
    const ok = UUID_TEMPLATE[i] === '-' ? q[i] === '-' : /[0-9a-f]/.test(q[i]!);
    if (!ok) return false;
  }
  return true;
}

export function parseOrderSearch(raw: string): OrderSearch {
  const q = raw.trim().toLowerCase();
  if (!isIdPrefix(q)) return { kind: 'email', pattern: emailPrefix(q) };
  if (q.length === UUID_TEMPLATE.length) return { kind: 'id', id: q };
  const rest = UUID_TEMPLATE.slice(q.length);
  return {
    kind: 'idPrefix',
    from: q + rest.replace(/x/g, '0'),
    to: q + rest.replace(/x/g, 'f'),
    pattern: emailPrefix(q),
  };
}
