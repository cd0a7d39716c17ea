/**
 * PostgreSQL: every statement with parameters is prepared by name on its connection the first time it runs there, so
 * its later runs skip parsing and, once PostgreSQL settles on a generic plan, planning: a third of PostgreSQL's CPU per
 * checkout (measured with perf, bench/checkout.ts). A connection names at most `limit` statements (later ones run
 * unnamed, as every statement did before) and the pool replaces a connection after RECYCLE_AFTER uses, so what a
 * connection keeps prepared is bounded and follows what the app runs now.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

export const NAMED_PER_CONNECTION = 300;
export const RECYCLE_AFTER = 50_000;

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown[] };

/** The same text always gets the same name (sha1: no two of the app's statements share one). */
const nameOf = (text: string) => `s_${createHash('sha1').update(text).digest('base64url')}`;

const hasParameters = (config: QueryConfig, values: unknown) =>
  (Array.isArray(values) && values.length > 0) || (Array.isArray(config.values) && config.values.length > 0);

/** For the pool's 'connect' event: this connection prepares its parameterised statements by name (see above). */
export function prepareByName(client: pg.PoolClient, limit = NAMED_PER_CONNECTION) {
  const named = new Set<string>();
  // The class's query, looked up at each call (a test may wrap it to count statements).
  const query = (...args: unknown[]) =>
    (Object.getPrototypeOf(client) as { query: (...a: unknown[]) => unknown }).query.apply(client, args);
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const config = args[0] as QueryConfig | string;
    if (
      config &&
      typeof config === 'object' &&
      typeof config.text === 'string' &&
      config.name === undefined &&
      hasParameters(config, args[1])
    ) {
      const name = nameOf(config.text);
      if (named.has(name) || named.size < limit) {
        named.add(name);
        args[0] = { ...config, name };
      }
    }
    return query(...args);
  };
}
