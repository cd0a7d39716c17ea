/**
 * Statements whose SQL is built once. Drizzle builds a statement's text from its query builder on every run; on the
 * checkout's path that building cost the server more CPU than sending the statements did (bench/checkout.ts with a CPU
 * profile). A statement made with `builtOnce` takes every value that changes from run to run as a placeholder
 * (`p.name`, typed): its first run builds the text, later runs bind their values to it, on whatever database or
 * transaction they are given. `build` sees no values, only the placeholders and the statement's `shape` (a number of
 * lines, say), so nothing of one run can be kept in another's text; a placeholder left without a value is an error.
 * Keep side effects out of `build`: it runs once per shape.
 */
import { sql, type Placeholder } from 'drizzle-orm';
import type { Queryable } from './client.js';

export type Slots<V> = { readonly [K in keyof V]-?: Placeholder<K & string, V[K]> };

/** What drizzle hands its session to make a runnable statement (its text and parameters, the result's fields). */
type Prepared = { execute(values: Record<string, unknown>): Promise<unknown>; joinsNotNullableMap?: unknown };
type Session = { prepareQuery(...args: unknown[]): Prepared };
type Recorded = { args: unknown[]; joins: unknown };

const slots = new Proxy({}, { get: (_target, name) => (typeof name === 'string' ? sql.placeholder(name) : undefined) });

const sessionOf = (q: Queryable) => (q as unknown as { session: Session }).session;

/** Builds `builder`'s statement once, keeping what its session was asked to prepare, so it can be asked again. */
function record(builder: { session?: Session; _prepare?: () => Prepared }): { prepared: Prepared; recorded: Recorded } {
  const session = builder.session;
  if (!session || typeof builder._prepare !== 'function')
    throw new Error('builtOnce: build must return a select, insert, update or delete');
  let args: unknown[] | null = null;
  builder.session = {
    prepareQuery: (...a: unknown[]) => {
      args = a;
      return session.prepareQuery(...a);
    },
  };
  try {
    const prepared = builder._prepare();
    if (!args) throw new Error('builtOnce: the statement was not prepared through its session');
    return { prepared, recorded: { args, joins: prepared.joinsNotNullableMap } };
  } finally {
    builder.session = session;
  }
}

export function builtOnce<
  V extends Record<string, unknown>,
  B extends { execute: () => Promise<unknown> },
  S extends string | number = '',
>(build: (q: Queryable, p: Slots<V>, shape: S) => B) {
  const shapes = new Map<S, Recorded>();
  return async (q: Queryable, values: V, shape = '' as S): Promise<Awaited<ReturnType<B['execute']>>> => {
    const known = shapes.get(shape);
    let prepared: Prepared;
    if (known) {
      prepared = sessionOf(q).prepareQuery(...known.args);
      if (known.joins !== undefined) prepared.joinsNotNullableMap = known.joins;
    } else {
      const made = record(build(q, slots as Slots<V>, shape) as unknown as Parameters<typeof record>[0]);
      shapes.set(shape, made.recorded);
      prepared = made.prepared;
    }
    return prepared.execute(values) as Promise<Awaited<ReturnType<B['execute']>>>;
  };
}

/** Placeholders for a row's columns, named `${prefix}.${column}` (rowRun names a row's values the same way). */
export const rowSlots = <K extends string>(prefix: string, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, sql.placeholder(`${prefix}.${k}`)])) as Record<K, Placeholder>;

/** A row's values under rowSlots' names. */
export const rowRun = (prefix: string, row: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [`${prefix}.${k}`, v]));
