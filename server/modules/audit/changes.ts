import type { AuditChange } from '../../../src/common/audit.js';

/** Fields every write moves, which say nothing about the edit. */
const BOOKKEEPING = ['updatedAt'] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What an edit changed, for its audit entry: `{field: {from, to}}` for each field of `after` whose value differs
 * from `before`'s. Pass both sides in the same shape (the API's), so the entry reads as the screens show the record.
 * Typed by `after`'s fields (less those skipped), so audit() sees which fields the entry may carry.
 */
export function changes<T extends object, S extends string = (typeof BOOKKEEPING)[number]>(
  before: object,
  after: T,
  skip: readonly S[] = BOOKKEEPING as readonly string[] as readonly S[],
): { [K in Exclude<keyof T & string, S>]?: AuditChange } {
  const was = before as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(after)
      .filter(([field, value]) => !(skip as readonly string[]).includes(field) && !same(was[field], value))
      .map(([field, value]) => [field, { from: was[field] ?? null, to: value ?? null }]),
  ) as { [K in Exclude<keyof T & string, S>]?: AuditChange };
}
