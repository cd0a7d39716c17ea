/** Paging and enums as both sides see them (the zod list query is in list.schemas.ts). */

/** Lists answer at most this many rows a call (PRODUCT.md, Limits). */
export const MAX_PAGE_SIZE = 200;

/** What a list answers beside its rows: exact up to 10,000, the planner's estimate past that. */
export type ListTotal = { total: number; totalIsEstimate: boolean };

/** Reads a value of an enum the API may grow: an unknown one renders as `fallback`. */
export const enumReader =
  <T extends string>(values: readonly T[], fallback: T) =>
  (value: unknown): T =>
    (values as readonly unknown[]).includes(value) ? (value as T) : fallback;
