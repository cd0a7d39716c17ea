/**
 * What drizzle's PGlite driver asks of every statement: dates, intervals and their arrays (numeric[] too) as the text
 * PostgreSQL sends. Set once as a PGlite's own parsers (client.ts in process, pglite-thread-worker.mjs in the thread):
 * a statement that brings its own has PGlite merge them into a copy of its 318 (120 µs, a fifth of a short select).
 * Plain JavaScript, as the thread's code is.
 */
import { types } from '@electric-sql/pglite';

const keep = (value) => value;

export const RAW_DATES = {
  [types.TIMESTAMP]: keep,
  [types.TIMESTAMPTZ]: keep,
  [types.INTERVAL]: keep,
  [types.DATE]: keep,
  1231: keep,
  1115: keep,
  1185: keep,
  1187: keep,
  1182: keep,
};
