/**
 * `npm run backup` and `npm run restore` (cli.ts): one file holding a consistent copy of the configured database
 * (DATABASE_URL: PostgreSQL through pg_dump, while the server runs; otherwise PGlite's folder under DATA_DIR, with
 * the server stopped) and the uploaded files (DATA_DIR/uploads, the private KYC documents included), and its load
 * into an empty database. Everything is checked before anything is written: a refusal changes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import { fromPostgres } from '../../db/client.js';
import { buildMigrationLevel, migrationLevel, type MigrationLevel } from '../../db/migration-state.js';
import { extractArchive, folderSize, readMember, writeArchive } from './archive.js';
import {
  appVersion,
  BackupRefusal,
  ENGINE_NAME,
  FORMAT,
  FORMAT_VERSION,
  manifestSchema,
  MEMBERS,
  type Engine,
  type Manifest,
} from './manifest.js';
import { checkPgliteEmpty, dumpPglite, loadPglite } from './pglite.js';
import { contentsOf, databaseName, dumpPostgres, restorePostgres, serverVersion } from './postgres.js';

type Where = Pick<Config, 'databaseUrl' | 'dataDir' | 'uploadsDir'>;

const engineOf = (config: Where): Engine => (config.databaseUrl ? 'postgres' : 'pglite');

/** The configured database, named for a sentence. */
const describe = (config: Where) =>
  config.databaseUrl
    ? `the PostgreSQL database ${databaseName(config.databaseUrl)} (DATABASE_URL)`
    : `the PGlite database in ${path.join(config.dataDir, 'pglite')} (DATA_DIR; DATABASE_URL is not set)`;

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

async function postgresLevel(url: string): Promise<MigrationLevel> {
  const database = fromPostgres(url, 1);
  try {
    return await migrationLevel(database.db);
  } finally {
    await database.close();
  }
}

/** Writes the backup to `out` (refused when it exists); answers its manifest. */
export async function backup(config: Where, out: string): Promise<Manifest> {
  const target = path.resolve(out);
  if (fs.existsSync(target)) throw new BackupRefusal(`${target} already exists: name a new file with --out.`);
  if (!fs.existsSync(path.dirname(target)))
    throw new BackupRefusal(`The folder ${path.dirname(target)} does not exist: create it, or name a file elsewhere.`);
  // Staged beside the file it becomes (the same disk, which must hold the copy anyway).
  const staging = fs.mkdtempSync(path.join(path.dirname(target), '.rwa-backup-'));
  const partial = `${target}.partial-${process.pid}`;
  try {
    fs.mkdirSync(path.join(staging, 'database'));
    const engine = engineOf(config);
    let level: MigrationLevel;
    let engineVersion: string;
    if (config.databaseUrl) {
      engineVersion = await serverVersion(config.databaseUrl);
      level = await postgresLevel(config.databaseUrl);
      await dumpPostgres(config.databaseUrl, path.join(staging, MEMBERS.postgres));
    } else {
      const dumped = await dumpPglite(config.dataDir);
      level = dumped.level;
      engineVersion = dumped.version;
      fs.writeFileSync(path.join(staging, MEMBERS.pglite), new Uint8Array(await dumped.dump.arrayBuffer()));
    }
    if (level.applied === 0)
      throw new BackupRefusal(`${sentence(describe(config))} has never been migrated: there is nothing to back up.`);
    // The uploads are read after the database: a file uploaded meanwhile is in the copy though its row may not be (harmless), never the other way round.
    const uploads = folderSize(config.uploadsDir);
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      engine,
      createdAt: new Date().toISOString(),
      appVersion: appVersion(),
      engineVersion,
      migrations: level,
      database: engine === 'postgres' ? MEMBERS.postgres : MEMBERS.pglite,
      uploads,
    };
    fs.writeFileSync(path.join(staging, MEMBERS.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
    const parts: [string, string][] = [
      [staging, MEMBERS.manifest],
      [staging, 'database'],
    ];
    if (fs.existsSync(config.uploadsDir))
      parts.push([path.dirname(config.uploadsDir), path.basename(config.uploadsDir)]);
    await writeArchive(partial, parts);
    fs.renameSync(partial, target);
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
}

/** The backup's manifest, or a sentence saying why `file` is not a backup this build can read. */
export async function readManifest(file: string): Promise<Manifest> {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new BackupRefusal(`${source} does not exist.`);
  if (!fs.statSync(source).isFile()) throw new BackupRefusal(`${source} is not a file.`);
  const notBackup = `${source} is not a backup made by npm run backup (a .tar.gz with a manifest.json).`;
  const bytes = await readMember(source, MEMBERS.manifest);
  if (!bytes) throw new BackupRefusal(notBackup);
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupRefusal(notBackup);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const version = (json as { formatVersion?: unknown } | null)?.formatVersion;
    if ((json as { format?: unknown } | null)?.format === FORMAT && version !== FORMAT_VERSION)
      throw new BackupRefusal(
        `${source} is a backup of format ${String(version)}; this build reads format ${FORMAT_VERSION}.`,
      );
    throw new BackupRefusal(notBackup);
  }
  return parsed.data;
}

export type Restored = { manifest: Manifest; into: string };

/** Loads `file` into the configured database, which must be empty, and its uploads into DATA_DIR/uploads. */
export async function restore(config: Where, file: string): Promise<Restored> {
  const source = path.resolve(file);
  const manifest = await readManifest(source);
  const engine = engineOf(config);
  if (manifest.engine !== engine)
    throw new BackupRefusal(
      `This backup holds a ${ENGINE_NAME[manifest.engine]} database, and the configured database is ${describe(config)}: restore it with ${
        manifest.engine === 'postgres'
          ? 'DATABASE_URL set to an empty PostgreSQL database'
          : 'DATABASE_URL unset and DATA_DIR an empty folder'
      }.`,
    );
  const build = buildMigrationLevel();
  if (manifest.migrations.last !== null && build.last !== null && manifest.migrations.last > build.last)
    throw new BackupRefusal(
      `This backup comes from a newer build (${manifest.migrations.applied} migrations; this build knows ${build.applied}): restore it with that build or a later one.`,
    );
  // The target must be empty: the database first, then the uploads folder.
  let replacePglite = false;
  if (config.databaseUrl) {
    const held = await contentsOf(config.databaseUrl);
    if (held.relations > 0 || held.schemas > 0)
      throw new BackupRefusal(
        `${sentence(describe(config))} is not empty (${held.relations} tables and sequences): a restore only loads into an empty database. Create one (createdb) and point DATABASE_URL at it.`,
      );
  } else {
    replacePglite = (await checkPgliteEmpty(config.dataDir)).replace;
  }
  if (folderSize(config.uploadsDir).files > 0)
    throw new BackupRefusal(
      `${config.uploadsDir} already holds files: a restore brings the backup's uploads into an empty folder. Move it away, then restore.`,
    );
  // Unpacked beside DATA_DIR's uploads, so that they move into place by a rename.
  fs.mkdirSync(config.dataDir, { recursive: true });
  const unpacked = fs.mkdtempSync(path.join(config.dataDir, '.restore-'));
  try {
    try {
      await extractArchive(source, unpacked);
    } catch {
      throw new BackupRefusal(`${source} could not be unpacked whole: it is damaged or cut short.`);
    }
    const dump = path.join(unpacked, manifest.database);
    if (!fs.existsSync(dump))
      throw new BackupRefusal(`${source} lacks its database (${manifest.database}): it is damaged.`);
    if (config.databaseUrl) await restorePostgres(config.databaseUrl, dump);
    else await loadPglite(config.dataDir, fs.readFileSync(dump), { replace: replacePglite });
    const uploads = path.join(unpacked, MEMBERS.uploads);
    if (fs.existsSync(uploads)) {
      fs.rmSync(config.uploadsDir, { recursive: true, force: true });
      fs.mkdirSync(path.dirname(config.uploadsDir), { recursive: true });
      fs.renameSync(uploads, config.uploadsDir);
    }
    return { manifest, into: describe(config) };
  } finally {
    fs.rmSync(unpacked, { recursive: true, force: true });
  }
}
