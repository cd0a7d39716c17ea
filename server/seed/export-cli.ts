/**
 * npm run export -- --file out.json    write the database as a json-server style file the seed reads back
 * npm run export                       the same, to standard output
 * Streamed in batches (see export.ts): a million orders are never held in memory. Load the file again with
 * `npm run seed -- --file out.json --keep-dates` (without --keep-dates the seed moves the newest date to now).
 * Uses DATABASE_URL when set, PGlite under DATA_DIR otherwise.
 */
import fs from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { exportDatabase } from './export.js';

async function main() {
  const { values } = parseArgs({ options: { file: { type: 'string' } } });
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const file = values.file ? path.resolve(values.file) : null;
  // Written beside the target and renamed at the end, so a failed export never leaves half a file under its name.
  const temp = file ? `${file}.${process.pid}.partial` : null;
  const out = temp ? fs.createWriteStream(temp) : process.stdout;
  const log = (message: string) => (file ? console.log(message) : console.error(message));
  try {
    await database.migrate();
    const t = Date.now();
    const summary = await exportDatabase(database.db, out);
    if (temp && file) {
      out.end();
      await finished(out);
      fs.renameSync(temp, file);
    }
    log(
      `export: ${Object.entries(summary)
        .map(([name, n]) => `${n} ${name}`)
        .join(', ')} to ${file ? path.basename(file) : 'standard output'} in ${Date.now() - t} ms`,
    );
  } catch (err) {
    if (temp) fs.rmSync(temp, { force: true });
    throw err;
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(`export: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
