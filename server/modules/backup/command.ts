/**
 * `npm run backup -- --out FILE` (backup-cli.ts) and `npm run restore -- FILE` (restore-cli.ts), `--help` for either:
 * the commands around service.ts. A refusal (bad input, a non-empty database, a missing tool) is one sentence on
 * standard error and exit code 1.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { messageOf } from '../../lib/errors.js';
import { BackupRefusal, ENGINE_NAME } from './manifest.js';
import { backup, restore } from './service.js';

const HELP = `Backup and restore of RWA Commerce's database and uploaded files.

  npm run backup -- --out FILE    write one file (a .tar.gz): the database and DATA_DIR/uploads
  npm run restore -- FILE         load such a file into an EMPTY database and an empty DATA_DIR/uploads

The database is the server's: PostgreSQL when DATABASE_URL is set (backed up with pg_dump while the server runs,
restored with pg_restore into an empty database you created), otherwise PGlite in DATA_DIR/pglite (stop the server
first: PGlite belongs to one process). A restore refuses a database that holds anything and changes nothing then.
Start the server on the restored database afterwards; it applies newer migrations itself (or run npm run migrate).
See docs/OPERATIONS.md, Backups and restore.`;

export type Command = 'backup' | 'restore';

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(command: Command, argv: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    throw new BackupRefusal(`${messageOf(err).split('. ')[0]!.replace(/\.$/, '')}: see --help.`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(HELP);
    return;
  }
  const config = loadConfig();
  if (command === 'backup') {
    if (positionals.length) throw new BackupRefusal(`backup takes no file of its own: name it with --out FILE.`);
    if (!values.out) throw new BackupRefusal('Name the file to write: npm run backup -- --out FILE (see --help).');
    const manifest = await backup(config, values.out);
    console.log(
      `backup: wrote ${values.out}: the ${ENGINE_NAME[manifest.engine]} database (${manifest.migrations.applied} migrations) and ${manifest.uploads.files} uploaded files (${size(manifest.uploads.bytes)}).`,
    );
    return;
  }
  if (values.out) throw new BackupRefusal('restore reads a file and writes none: npm run restore -- FILE.');
  if (positionals.length !== 1)
    throw new BackupRefusal('Name one backup file to restore: npm run restore -- FILE (see --help).');
  const { manifest, into } = await restore(config, positionals[0]!);
  console.log(
    `restore: loaded the backup taken ${manifest.createdAt} (app ${manifest.appVersion}) into ${into}, with ${manifest.uploads.files} uploaded files. Start the server; it applies newer migrations itself.`,
  );
}

/** Runs one of the two commands with its arguments; sets the exit code (1 on a refusal or a failure). */
export async function runCommand(command: Command, argv: string[]): Promise<void> {
  await main(command, argv).catch((err: unknown) => {
    // A refusal is its sentence; anything else (a bad option, a failure) its message, never a stack trace.
    console.error(`${command}: ${err instanceof BackupRefusal ? err.message : messageOf(err)}`);
    process.exitCode = 1;
  });
}
