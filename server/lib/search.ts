import { getTableName, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Queryable } from '../db/client.js';
import { cachesTrusted, caughtUp } from './invalidation.js';
import { countsVersion, dbId } from './list.js';
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
 * A related table's matches are listed (`column = any(ids)`, read once from its trigram index, so that the list's
 * table answers from the index on that column and joins its own trigram index in a BitmapOr: a rare term reads only
 * its rows) up to this many; past it, or for a term too short for trigrams, each row read looks its related row's
 * text up by primary key, which lets the list read in its order and stop once a page is full ("gmail" in a million
 * orders). (A scalar subquery, not `exists`: PostgreSQL would hash an `exists` over every related match first.) Both
 * forms find the same rows; only the plan differs.
 */
export const LISTED_MAX = 1000;

/**
 * A related table's matches of a pattern (null: more than LISTED_MAX), kept a few seconds as the lists' counts are
 * (lib/list.ts): a list asks for its page and each of its counts with the same search. Dropped on any write of
 * counted rows, here or reported by another process (a new order, a changed user), so that a search does not miss a
 * row it should find.
 */
type Kept = { ids: string[] | null; at: number; generation: number };
const kept = new Map<string, Kept>();
const KEEP_MS = 10_000;
const KEEP_MAX = 500;
const fresh = (entry: Kept | undefined): entry is Kept =>
  !!entry && entry.generation === countsVersion() && Date.now() - entry.at < KEEP_MS && cachesTrusted();

async function relatedMatches(db: Queryable, link: SearchLink, pattern: string): Promise<string[] | null> {
  const key = `${dbId(db)}:${getTableName(link.table)}\u0000${pattern}`;
  if (fresh(kept.get(key))) {
    await caughtUp(); // a write committed on another process has dropped the entry by then
    const hit = kept.get(key);
    if (fresh(hit)) return hit.ids;
  }
  const seen = countsVersion();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select ${link.id} as id from ${link.table} where ${ilike(link.text, pattern)} limit ${sql.raw(String(LISTED_MAX + 1))}`,
  );
  const ids = rows.length > LISTED_MAX ? null : rows.map((r) => r.id);
  kept.delete(key);
  if (kept.size >= KEEP_MAX) kept.delete(kept.keys().next().value!);
  kept.set(key, { ids, at: Date.now(), generation: seen });
  return ids;
}

/**
 * The filter of a search: the row's own searched text, or a related row's (a payment's order, a commission's
 * referrer) holds the term; each related table's matches listed or looked up row by row as LISTED_MAX says.
 */
export async function searchFilter(db: Queryable, raw: string, own: SQL, links: SearchLink[] = []): Promise<SQL> {
  const term = raw.trim();
  const pattern = containing(term);
  const related = await Promise.all(
    links.map(async (link) => {
      const { column, table, id, text } = link;
      const ids = term.length >= TRIGRAM_MIN ? await relatedMatches(db, link, pattern) : null;
      // One parameter whatever the count, so the statement's text stays that of the shape.
      return ids
        ? sql`${column} = any(${`{${ids.join(',')}}`}::uuid[])`
        : ilike(sql`(select ${text} from ${table} where ${id} = ${column})`, pattern);
    }),
  );
  return related.length ? or(ilike(own, pattern), ...related)! : ilike(own, pattern);
}

/** The filter of a search in the row's own searched text only (the orders and users lists). */
export const ownSearchFilter = (raw: string, own: SQL): SQL => ilike(own, containing(raw.trim()));
