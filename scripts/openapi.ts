/**
 * Writes the OpenAPI document the server serves at /api/docs/json to a file (default openapi.json in the system's
 * temporary folder; the path is the first argument), without a listening server or a migrated database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { fromPglite, openPglite } from '../server/db/client.js';

const out = process.argv[2] ?? path.join(os.tmpdir(), 'openapi.json');
const database = fromPglite(await openPglite());
const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_ON_EMPTY: 'false' });
const app = await buildApp({
  config,
  database,
  chain: false,
  sweeper: false,
  notifier: false,
  dnsServer: false,
  payoutCompleter: false,
  webhookWorker: false,
});
await app.ready();
fs.writeFileSync(out, JSON.stringify(app.swagger(), null, 2));
await app.close();
await database.close();
console.log(out);
