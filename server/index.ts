/**
 * The server's entry. On the embedded database (one process, its own thread: the defaults), that thread starts opening
 * the data directory before the rest of the server's code loads, so the two overlap; then start.ts runs as before.
 * Only what this file reads from the environment decides it; config.ts checks everything when start.ts loads it.
 */
import cluster from 'node:cluster';
import path from 'node:path';
import { openPgliteEarly } from './db/pglite-thread.js';
import { DEFAULT_DATA_DIR } from './lib/paths.js';

const env = process.env;
const flag = (value: string | undefined, unset: boolean) =>
  value === undefined ? unset : ['true', '1'].includes(value);
if (cluster.isPrimary && !env.DATABASE_URL && flag(env.PGLITE_THREAD, true) && (env.WEB_CONCURRENCY ?? '1') === '1') {
  openPgliteEarly(path.resolve(env.DATA_DIR ?? DEFAULT_DATA_DIR, 'pglite'));
}
await import('./start.js');
