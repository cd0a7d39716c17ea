/** The query every list takes, and the id of every record route: zod schemas, for the server and forms. */
import { z } from 'zod';
import { MAX_PAGE_SIZE } from './list.js';
import { searchText, text } from './text.js';

/** The query every list takes: paging, free-text search and a direction; each list adds its filters and sorts. */
export const listQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be at least 1.')
    .max(MAX_PAGE_SIZE, `limit can be at most ${MAX_PAGE_SIZE}.`)
    .default(50),
  offset: z.coerce.number().int().min(0, 'offset cannot be negative.').default(0),
  q: searchText,
  order: z
    .enum(['asc', 'desc', 'ASC', 'DESC'])
    .transform((v) => v.toLowerCase() as 'asc' | 'desc')
    .default('desc'),
});

/** `/:id` of every record route. */
export const idParams = z.object({
  id: text('The id', { max: 36, tooLong: 'The id must be a UUID.' }).uuid('The id must be a UUID.'),
});

type Words = readonly [string, ...string[]];

/** The column a list is sorted by, among `sorts` (default `defaultSort`: a caller who names none gets the list's usual order). */
export const sortOf = <O extends Words>(sorts: O, defaultSort: O[number]) =>
  z.enum(sorts, { error: `sort must be one of ${sorts.join(', ')}.` }).default(defaultSort as never);

/** A list's query: paging and search, a status filter from `statuses`, and a sort among `sorts` (default `defaultSort`). */
export function listQueryOf<S extends Words, O extends Words>(statuses: S, sorts: O, defaultSort: O[number]) {
  return listQuery.extend({
    status: z.enum(statuses, { error: `status must be one of ${statuses.join(', ')}.` }).optional(),
    sort: sortOf(sorts, defaultSort),
  });
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
const day = (label: string) =>
  text(label, { max: 10, min: 0, tooLong: `${label} must be a date as YYYY-MM-DD.` })
    .refine((v) => v === '' || DAY.test(v), { message: `${label} must be a date as YYYY-MM-DD.`, abort: true })
    .refine(
      (v) => v === '' || new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      `${label} must be a date that exists.`,
    )
    .optional()
    .transform((v) => v || undefined);

/** The longest range a list or report takes, in days (ten years). */
export const MAX_RANGE_DAYS = 3660;

/**
 * A range of whole days in the site's timezone, both included: `from` (its start) to `to` (its end); either may be
 * left open. Lists filter by it and their CSV exports take the same query.
 */
export const dayRange = z.object({ from: day('from'), to: day('to') });

/** Refuses a range that ends before it starts or spans more than MAX_RANGE_DAYS. */
export const checkDayRange = (v: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (!v.from || !v.to) return;
  const days = (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 + 1;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to cannot be before from.' });
  else if (days > MAX_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `A range can span at most ${MAX_RANGE_DAYS} days.` });
};
