/**
 * Statements with parameters prepared by name, once per PGlite: PGlite's own query() parses, describes and plans a
 * statement on every run, in six calls into the database. A run of a prepared one is a single call (bind, describe,
 * execute, sync) and PostgreSQL reuses its plan. At most PREPARED_LIMIT texts are kept; later ones run through query().
 * Used in the PGlite thread (pglite-thread-worker.mjs) and in process (client.ts). Plain JavaScript: a worker thread
 * does not inherit the TypeScript loader the server runs under.
 */
import { parse, protocol } from '@electric-sql/pglite';

export const PREPARED_LIMIT = 300;
const { serialize } = protocol;

const joined = (parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/**
 * PostgreSQL refuses a prepared statement whose tables changed shape since (a restore, a migration): it is prepared
 * again under a new name (the old one stays, unused). Outside a transaction the statement is run again at once.
 */
const isStale = (err) => err?.code === '0A000' && /cached plan must not change result type/.test(err.message ?? '');

/**
 * `db`'s prepared statements: `(text, params, options) => results or null`. The caller runs one statement at a time on
 * `db` (the thread's queue, or PGlite's own locks in process).
 */
export function preparedStatements(db) {
  const prepared = new Map();
  let count = 0;

  async function statementFor(text) {
    const known = prepared.get(text);
    if (known || prepared.size >= PREPARED_LIMIT) return known ?? null;
    const name = `s${++count}`;
    const { messages } = await db.execProtocol(
      joined([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    prepared.set(text, statement);
    return statement;
  }

  async function run(statement, params, options) {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = db.serializers[statement.paramTypes[i]];
      return serializer ? serializer(value) : value.toString();
    });
    const { messages } = await db.execProtocol(
      joined([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    if (!db.isInTransaction()) await db.syncToFs();
    return parse.parseResults(messages, db.parsers, options)[0];
  }

  /**
   * Runs `text` prepared, or answers null when it should run the usual way: it has no parameters, or options only
   * PGlite's query() reads, or the limit is reached, or its statement went stale outside a transaction.
   */
  return async function tryPrepared(text, params, options) {
    if (!params?.length || options?.blob || options?.paramTypes || options?.serializers) return null;
    const statement = await statementFor(text);
    if (!statement) return null;
    try {
      return await run(statement, params, options);
    } catch (err) {
      if (!isStale(err)) throw err;
      prepared.delete(text);
      if (db.isInTransaction()) throw err;
      return null;
    }
  };
}
