/**
 * PGlite's part: its data folder (DATA_DIR/pglite) as PGlite's own dump (`dumpDataDir`, a tar.gz of the folder) and
 * loaded back with `loadDataDir`. PGlite belongs to one process and does not lock its folder against a second one, so
 * both refuse while `postmaster.pid` says a process has it open: stop the server first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { fromPglite, openPglite, queryRows } from '../../db/client.js';
import { migrationLevel, type MigrationLevel } from '../../db/migration-state.js';
import { BackupRefusal } from './manifest.js';

export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

const hasDatabase = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));

function refuseWhileOpen(dir: string, doing: string) {
  if (fs.existsSync(path.join(dir, 'postmaster.pid')))
    throw new BackupRefusal(
      `The PGlite database in ${dir} is open in another process (its postmaster.pid is there): stop the server (and any command using it) before ${doing}. If nothing has it open (a server that was killed), start the server once and stop it, then try again.`,
    );
}

/** The database's own dump and its migration level; refused when there is none or it is open elsewhere. */
export async function dumpPglite(dataDir: string): Promise<{ dump: Blob; level: MigrationLevel; version: string }> {
  const dir = pgliteDir(dataDir);
  if (!hasDatabase(dir))
    throw new BackupRefusal(
      `There is no PGlite database in ${dir} to back up (is DATA_DIR right, or is DATABASE_URL missing?).`,
    );
  refuseWhileOpen(dir, 'taking a backup');
  const client = await openPglite(dir);
  try {
    const level = await migrationLevel(fromPglite(client).db);
    const version = (await client.query<{ server_version: string }>('show server_version')).rows[0]?.server_version;
    await client.exec('checkpoint');
    return { dump: await client.dumpDataDir('gzip'), level, version: `PGlite (PostgreSQL ${version ?? '?'})` };
  } finally {
    await client.close();
  }
}

/**
 * Whether DATA_DIR/pglite may take a restore: missing, an empty folder, or a database without a single table (an
 * initialised, never migrated one, which the restore replaces). Anything else is refused with a sentence.
 */
export async function checkPgliteEmpty(dataDir: string): Promise<{ replace: boolean }> {
  const dir = pgliteDir(dataDir);
  if (!fs.existsSync(dir) || fs.readdirSync(dir).length === 0) return { replace: false };
  if (!hasDatabase(dir))
    throw new BackupRefusal(`${dir} holds files that are not a PGlite database: move them away, then restore.`);
  refuseWhileOpen(dir, 'restoring');
  const client = await openPglite(dir);
  let tables: number;
  try {
    const [row] = await queryRows<{ n: number }>(
      fromPglite(client).db,
      sql`select count(*)::int as n from pg_class r join pg_namespace n on n.oid = r.relnamespace
        where r.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
          and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`,
    );
    tables = row?.n ?? 0;
  } finally {
    await client.close();
  }
  if (tables > 0)
    throw new BackupRefusal(
      `The PGlite database in ${dir} is not empty (${tables} tables and sequences): a restore only loads into an empty database. Point DATA_DIR at a new folder, or move ${dir} away, then restore.`,
    );
  return { replace: true };
}

/** Loads the dump into DATA_DIR/pglite (checked empty first); a failed load removes what it wrote. */
export async function loadPglite(dataDir: string, dump: Buffer, { replace }: { replace: boolean }) {
  const dir = pgliteDir(dataDir);
  if (replace) fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  try {
    const client = await openPglite(dir, { loadDataDir: new Blob([new Uint8Array(dump)]) });
    try {
      await client.query('select 1');
    } finally {
      await client.close();
    }
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}
