import type { AuditChange } from '../../../src/common/audit.js';

/** Fields every write moves, which say nothing about the edit. */
const BOOKKEEPING = ['updatedAt'];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What an edit changed, for its audit entry: `{field: {from, to}}` for each field of `after` whose value differs
 * from `before`'s. Pass both sides in the same shape (the API's), so the entry reads as the screens show the record.
 */
export function changes(
  before: object,
  after: object,
  skip: readonly string[] = BOOKKEEPING,
): Record<string, AuditChange> {
  const was = before as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(after)
      .filter(([field, value]) => !skip.includes(field) && !same(was[field], value))
      .map(([field, value]) => [field, { from: was[field] ?? null, to: value ?? null }]),
  );
}
