/**
 * Whether the database has every migration this build carries: drizzle's migrator records each applied one in
 * `drizzle.__drizzle_migrations` with its journal time, and applies those whose time is later than the last recorded.
 * GET /api/ready answers 503 while any is pending (a process started on a database not migrated yet).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, queryRows, type Db } from './client.js';

let journalTimes: number[] | null = null;

/** The journal time of each migration of this build (read once). */
function migrationTimes(): number[] {
  journalTimes ??= (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    }
  ).entries.map((e) => e.when);
  return journalTimes;
}

/** How many of this build's migrations the database has not applied. */
export async function pendingMigrations(db: Db): Promise<number> {
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  const [row] = table?.present
    ? await queryRows<{ last: string | number | null }>(
        db,
        sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
      )
    : [];
  const last = row?.last == null ? -Infinity : Number(row.last);
  return migrationTimes().filter((when) => when > last).length;
}

/** How far a database is migrated: how many migrations it recorded and the journal time of its last (null: none). */
export type MigrationLevel = { applied: number; last: number | null };

export async function migrationLevel(db: Db): Promise<MigrationLevel> {
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return { applied: 0, last: null };
  const [row] = await queryRows<{ applied: number; last: string | number | null }>(
    db,
    sql`select count(*)::int as applied, max(created_at) as last from drizzle.__drizzle_migrations`,
  );
  return { applied: Number(row?.applied ?? 0), last: row?.last == null ? null : Number(row.last) };
}

/** This build's level: its migrations' count and the journal time of its last. */
export function buildMigrationLevel(): MigrationLevel {
  const times = migrationTimes();
  return { applied: times.length, last: times.length ? Math.max(...times) : null };
}
