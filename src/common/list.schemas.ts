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
