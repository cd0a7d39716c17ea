/**
 * npm run reconcile: checks that the referral network's money adds up on the configured database (DATABASE_URL, or
 * the PGlite under DATA_DIR). Prints each check with its figure; exits 1 when one does not hold.
 */
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { reconcile } from './service.js';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const result = await reconcile(database.db);
    for (const c of result.checks) {
      console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.figure}`);
      for (const line of c.detail) console.log(`       ${line}`);
    }
    console.log(result.ok ? 'reconcile: everything adds up.' : 'reconcile: mismatches found.');
    if (!result.ok) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(`reconcile: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
