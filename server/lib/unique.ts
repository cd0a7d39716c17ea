import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.js';
import { isUniqueViolation, type AppError } from './errors.js';

/**
 * A text column unique whatever its case (a unique index on lower(column)): the check a write makes first, with
 * its sentence, and the index's refusal when two writes race past that check together.
 */
export function uniqueText(opts: {
  table: PgTable;
  id: PgColumn;
  column: PgColumn;
  index: string;
  taken: (value: string) => AppError;
}) {
  return {
    taken: opts.taken,
    async assertFree(db: Queryable, value: string, exceptId?: string) {
      const [clash] = await db
        .select({ id: opts.id })
        .from(opts.table)
        .where(sql`lower(${opts.column}) = lower(${value})`)
        .limit(1);
      if (clash && clash.id !== exceptId) throw opts.taken(value);
    },
    /** Rethrows a racing write's unique violation as the sentence; anything else as it was. */
    rethrow(err: unknown, value: string | undefined): never {
      throw value !== undefined && isUniqueViolation(err, opts.index) ? opts.taken(value) : err;
    },
  };
}
