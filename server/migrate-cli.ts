/**
 * npm run migrate: applies this build's pending migrations to the configured database (DATABASE_URL, or the PGlite
 * under DATA_DIR, with the server stopped: PGlite is one process's) and exits; says how many it applied. The server
 * applies them at start as well; this is the step an upgrade runs once before it restarts the processes
 * (docs/OPERATIONS.md, Upgrades).
 */
import { loadConfig } from './config.js';
import { messageOf } from './lib/errors.js';
import { openDatabase } from './db/client.js';
import { pendingMigrations } from './db/migration-state.js';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const pending = await pendingMigrations(database.db);
    await database.migrate();
    const left = await pendingMigrations(database.db);
    if (left > 0) throw new Error(`${left} migration(s) still pending after migrating.`);
    console.log(
      pending
        ? `migrate: applied ${pending} migration(s); the database is current.`
        : 'migrate: nothing to apply; the database is current.',
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(`migrate: ${messageOf(err)}`);
  process.exitCode = 1;
});
