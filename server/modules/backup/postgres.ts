/**
 * PostgreSQL's part: `pg_dump -Fc` (one consistent snapshot while the server keeps running) and `pg_restore` into an
 * empty database in one transaction, so a failed restore leaves the database as empty as it found it. The password
 * travels in PGPASSWORD, never on the command line (where `ps` would show it).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { BackupRefusal } from './manifest.js';
import { firstLineOf } from './archive.js';

const run = promisify(execFile);

/** The URL without its password, and the environment that carries the password. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** The database's name, for sentences. */
export const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || url;

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (err) {
    throw new BackupRefusal(`The database ${databaseName(url)} cannot be reached: ${firstLineOf(err)}`);
  }
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export const serverVersion = (url: string) =>
  withClient(
    url,
    async (c) =>
      `PostgreSQL ${(await c.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?'}`,
  );

/** What the database already holds: tables, views and sequences outside the system's schemas, and schemas of its own. */
export const contentsOf = (url: string) =>
  withClient(url, async (c) => {
    const { rows } = await c.query<{ relations: number; schemas: number }>(`select
      (select count(*)::int from pg_class r join pg_namespace n on n.oid = r.relnamespace
        where r.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
          and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%') as relations,
      (select count(*)::int from pg_namespace n
        where n.nspname not in ('public', 'pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%') as schemas`);
    return rows[0] ?? { relations: 0, schemas: 0 };
  });

function toolFailed(tool: string, err: unknown): BackupRefusal {
  if ((err as { code?: unknown }).code === 'ENOENT')
    return new BackupRefusal(
      `${tool} was not found: install PostgreSQL's client programs (the same major version as the server, or later).`,
    );
  return new BackupRefusal(`${tool} failed: ${firstLineOf(err)}`);
}

/** `pg_dump -Fc` of the whole database into `file`. */
export async function dumpPostgres(url: string, file: string) {
  const { dbname, env } = connection(url);
  await run('pg_dump', ['--format=custom', '--no-password', `--file=${file}`, `--dbname=${dbname}`], { env }).catch(
    (err: unknown) => {
      throw toolFailed('pg_dump', err);
    },
  );
}

/** Loads a `pg_dump -Fc` file in one transaction, stopping at the first error (which then leaves nothing behind). */
export async function restorePostgres(url: string, file: string) {
  const { dbname, env } = connection(url);
  await run(
    'pg_restore',
    [
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-privileges',
      // COMMENT ON EXTENSION needs the extension's owner, which a restoring user that is not a superuser may not be.
      '--no-comments',
      '--no-password',
      `--dbname=${dbname}`,
      file,
    ],
    { env },
  ).catch((err: unknown) => {
    throw toolFailed('pg_restore', err);
  });
}
