import { ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { orders, searchOf, users } from '../db/schema.js';

/**
 * What a list's search box means (orders, payments, commissions, users): the term, trimmed, found in ANY part of the
 * searched text (ids as their text, emails, names, references), in any case; `%`, `_` and `\` are taken literally.
 * The searched texts are the expressions of trigram (pg_trgm GIN) indexes, `searchOf` in server/db/schema.ts.
 *
 * A trigram index helps only a term of at least 3 characters (it looks up the term's trigrams). A shorter term means
 * the same, but is not looked up: it is a filter on the rows read in the list's order, which stops once a page is
 * full. One or two characters match most rows (two hex digits are in one id out of nine), so a page fills at once;
 * a short term that matches almost nothing reads the whole table (bench/search.ts measures both).
 */
export const TRIGRAM_MIN = 3;

/** "Ann_B" → "%Ann\_B%": an ILIKE pattern matching any part, its wildcards taken literally. */
export const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A related table searched too: the list's column naming its row, and that row's id and searched text. */
export type SearchLink = { column: AnyPgColumn; table: PgTable; id: AnyPgColumn; text: SQL };

/** The order named by `column`, found by its id or its customer's email. */
export const byOrder = (column: AnyPgColumn): SearchLink => ({
  column,
  table: orders,
  id: orders.id,
  text: searchOf.orders(orders),
});

/** The user named by `column`, found by their id, email or names. */
export const byUser = (column: AnyPgColumn): SearchLink => ({
  column,
  table: users,
  id: users.id,
  text: searchOf.users(users),
});

/**
 * The filter of a search: the row's own searched text, or a related row's (a payment's order, a commission's referrer)
 * holds the term. With 3 characters or more, each related table's matches are read once from its trigram index into
 * an array, `column = any(array(…))`, which the list's table answers from the index on that column; with its own
 * trigram index the planner joins the two in a BitmapOr, so a rare term reads only its rows. A shorter term asks each
 * row read (`exists`, by primary key) instead.
 */
export function searchFilter(raw: string, own: SQL, links: SearchLink[] = []): SQL {
  const term = raw.trim();
  const pattern = containing(term);
  const indexed = term.length >= TRIGRAM_MIN;
  const related = links.map(({ column, table, id, text }) =>
    indexed
      ? sql`${column} = any(array(select ${id} from ${table} where ${ilike(text, pattern)}))`
      : sql`exists (select 1 from ${table} where ${id} = ${column} and ${ilike(text, pattern)})`,
  );
  return related.length ? or(ilike(own, pattern), ...related)! : ilike(own, pattern);
}
