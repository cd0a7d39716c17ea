/**
 * The worker thread's side of PGliteThread (pglite-thread.ts): the embedded database itself, so that its WASM
 * execution and the parsing of its answers run beside the HTTP work instead of on the same thread.
 * Plain JavaScript: a worker thread does not inherit the TypeScript loader the server runs under.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { preparedStatements } from './pglite-prepared.mjs';
import { RAW_DATES } from './raw-dates.mjs';

const port = parentPort;
// A directory, or (tests) the bytes of a dumped data directory to start from.
// The extensions the migrations use, as client.ts openPglite loads them (pg_trgm: the users search's trigram index).
const extensions = { pg_trgm };
const db = workerData.dump
  ? await PGlite.create({ loadDataDir: new Blob([workerData.dump]), extensions })
  : await PGlite.create(workerData.dir, { extensions });
// Dates as text, as drizzle asks of every statement (raw-dates.mjs): nothing else reads dates from this thread.
Object.assign(db.parsers, RAW_DATES);

/** PostgreSQL's fields of an error (code, constraint, detail…): the plain values only, as the query options hold functions. */
function errorFields(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { ...fields, name: err.name, message: err.message };
}

/** Statements with parameters prepared by name, once (pglite-prepared.mjs); others through PGlite's query(). */
const tryPrepared = preparedStatements(db);
const query = async (text, params = [], options) =>
  (await tryPrepared(text, params, options)) ?? db.query(text, params, options);

/** One message at a time: statements from outside a transaction may arrive together, and the protocol calls must not interleave. */
let queue = Promise.resolve();

port.on('message', (m) => {
  const run = async () => {
    // A transaction's first statement opens it (pglite-thread.ts): when `begin` fails, the statement is not run.
    if (m.begin) await db.exec('begin');
    if (m.op === 'query') return query(m.sql, m.params, { rowMode: m.rowMode });
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
  queue = queue.then(run).then(
    (result) => answer({ id: m.id, result }),
    (err) => answer({ id: m.id, error: errorFields(err) }),
  );
});
port.postMessage({ ready: true });
