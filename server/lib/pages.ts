import { and, asc, desc, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * How a list is ordered and paged, shared by its JSON page (limit + offset) and its CSV export (keyset: the rows
 * after the last one sent), so that both read the one query a list has.
 */

export type Direction = 'asc' | 'desc';

/** A list's order: its sort columns, then the id that breaks ties, all in one direction. */
export type ListOrder = { keys: AnyPgColumn[]; id: AnyPgColumn; dir: Direction };

/** A page: `offset` rows skipped (the JSON list), or the rows after the row whose id is `after` (an export). */
export type Page = { limit: number; offset?: number; after?: string | number };

export const listOrder = (keys: AnyPgColumn[], id: AnyPgColumn, dir: Direction): ListOrder => ({ keys, id, dir });

/** `ORDER BY` of the list: each key then the id, in the list's direction (PostgreSQL's nulls: last ascending, first descending). */
export const orderBy = (o: ListOrder): SQL[] => [...o.keys, o.id].map((c) => (o.dir === 'asc' ? asc(c) : desc(c)));

/**
 * The rows that come after the row `id` in the order `o`, compared with that row's own values, which the same
 * statement reads by its id (so no value goes through JavaScript and loses precision: timestamps have microseconds).
 * Keys that cannot be null make one row comparison `(k…, id) < (…)`, which an index on (k…, id) serves; a list sorted
 * by a column that may be null gets the expanded comparison, nulls placed as `orderBy` places them.
 */
export function after(o: ListOrder, id: string | number | undefined): SQL | undefined {
  if (id === undefined) return undefined;
  const table = o.id.table;
  const of = (k: AnyPgColumn) => sql`(select ${k} from ${table} where ${o.id} = ${id})`;
  const cmp = o.dir === 'asc' ? sql`>` : sql`<`;
  if (o.keys.every((k) => k.notNull)) {
    return sql`(${sql.join([...o.keys, o.id], sql`, `)}) ${cmp} (${sql.join([...o.keys.map(of), sql`${id}`], sql`, `)})`;
  }
  // Lexicographic: equal on the keys before, and beyond on this one (or on the id when all keys are equal).
  const beyond = (k: AnyPgColumn, v: SQL): SQL => {
    if (k.notNull) return sql`${k} ${cmp} ${v}`;
    // Ascending, nulls come last: past a value are the greater values and the nulls. Descending, nulls come first:
    // past a null are all values; past a value, the smaller ones.
    return o.dir === 'asc'
      ? or(sql`${k} > ${v}`, and(isNull(k), sql`${v} is not null`))!
      : or(sql`${k} < ${v}`, and(isNotNull(k), sql`${v} is null`))!;
  };
  const keys = [...o.keys, o.id];
  const values = [...o.keys.map(of), sql`${id}`];
  return or(
    ...keys.map((k, i) =>
      and(...keys.slice(0, i).map((e, j) => sql`${e} is not distinct from ${values[j]}`), beyond(k, values[i]!)),
    ),
  );
}

/**
 * Every row of a list, a batch at a time, each batch read after the last row of the one before (keyset): constant
 * memory and the same cost per batch however far in, unlike an offset. `fetch` is the list's own page query. The next
 * batch is asked for before this one is handed on, so the database reads it (on PostgreSQL, or PGlite in its worker
 * thread) while this one is written out: at most two batches are held at once.
 */
export async function* keysetPages<R extends { id: string | number }>(
  fetch: (page: Page) => Promise<R[]>,
  batch = 5_000,
): AsyncGenerator<R[]> {
  let next: Promise<R[]> | undefined = fetch({ limit: batch });
  try {
    while (next) {
      const rows: R[] = await next;
      next = rows.length === batch ? fetch({ limit: batch, after: rows[rows.length - 1]!.id }) : undefined;
      if (rows.length) yield rows;
    }
  } finally {
    // A reader that stops early (the client went away) leaves the batch asked for: its failure is nobody's to handle.
    next?.catch(() => {});
  }
}
