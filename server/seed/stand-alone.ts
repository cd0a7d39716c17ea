/**
 * The collections of stand-alone resources (what `npm run new:resource` adds: a table no other collection refers to,
 * its records written by a section of scripts/demo-data/resources/): a collection named as a resource's list in
 * src/common/resources.ts with a table of that name in the schema is loaded as it is, field by field onto the table's
 * columns, its dates moved with the file's (parse.ts). A resource that relates to others gets a reader of its own in parse.ts.
 */
import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { RESOURCES } from '../../src/common/resources.js';
import * as schema from '../db/schema.js';
import type { Db } from '../db/client.js';

/** The stand-alone resources' tables by their collection's name, less those the seed reads itself. */
export function standAloneTables(known: readonly string[]): Map<string, PgTable> {
  const tables = new Map<string, PgTable>();
  for (const resource of Object.values(RESOURCES)) {
    const list = 'api' in resource ? resource.api.list : undefined;
    const table = list ? (schema as Record<string, unknown>)[list] : undefined;
    if (list && !known.includes(list) && is(table, PgTable)) tables.set(list, table);
  }
  return tables;
}

/** Empties the tables and inserts each collection's records (the fields that are columns). */
export async function loadStandAlone(
  tx: Pick<Db, 'insert' | 'execute'>,
  tables: Map<string, PgTable>,
  collections: Record<string, Record<string, unknown>[]>,
) {
  for (const [name, table] of tables) {
    await tx.execute(sql.raw(`TRUNCATE ${getTableName(table)}`));
    const columns = Object.keys(getTableColumns(table));
    const rows = (collections[name] ?? []).map((record) =>
      Object.fromEntries(columns.filter((key) => key in record).map((key) => [key, record[key]])),
    );
    if (rows.length) await tx.insert(table).values(rows);
  }
}
