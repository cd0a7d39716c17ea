/**
 * The worker thread's side of PGliteThread (pglite-thread.ts): the embedded database itself, so that its WASM
 * execution and the parsing of its answers run beside the HTTP work instead of on the same thread.
 * Plain JavaScript: a worker thread does not inherit the TypeScript loader the server runs under.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const keep = (value) => value;
/** What drizzle's PGlite driver asks for: dates, intervals and their arrays as the text PostgreSQL sends. */
const rawDates = {
  [types.TIMESTAMP]: keep, [types.TIMESTAMPTZ]: keep, [types.INTERVAL]: keep, [types.DATE]: keep,
  1231: keep, 1115: keep, 1185: keep, 1187: keep, 1182: keep,
};

const port = parentPort;
// A directory, or (tests) the bytes of a dumped data directory to start from.
// The extensions the migrations use, as client.ts openPglite loads them (pg_trgm: the users search's trigram index).
const extensions = { pg_trgm };
const db = workerData.dump
  ? await PGlite.create({ loadDataDir: new Blob([workerData.dump]), extensions })
  : await PGlite.create(workerData.dir, { extensions });

/** PostgreSQL's fields of an error (code, constraint, detail…): the plain values only, as the query options hold functions. */
function errorFields(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { ...fields, name: err.name, message: err.message };
}

port.on('message', (m) => {
  const run = async () => {
    // A transaction's first statement opens it (pglite-thread.ts): when `begin` fails, the statement is not run.
    if (m.begin) await db.exec('begin');
    if (m.op === 'query') return db.query(m.sql, m.params, { rowMode: m.rowMode, parsers: m.rawDates ? rawDates : undefined });
    if (m.op === 'exec') return db.exec(m.sql);
    await db.close();
    return null;
  };
  const answer = (message) => {
    try {
      port.postMessage(message);
    } catch (err) {
      // Something in the answer cannot cross threads: say so rather than leave the caller waiting.
      port.postMessage({ id: m.id, error: { message: `The PGlite thread could not send its answer: ${err.message}` } });
    }
  };
  run().then((result) => answer({ id: m.id, result }), (err) => answer({ id: m.id, error: errorFields(err) }));
});
port.postMessage({ ready: true });
