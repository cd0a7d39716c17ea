/**
 * The work one shop checkout costs the database, counted at the driver: every statement and every round trip
 * (a statement, or a transaction's begin and commit) of the benchmark's path (bench/checkout.ts: price → session →
 * sandbox confirm, a guest buying one product). Load on the machine changes the benchmark's figures, not these: a
 * change that adds statements to the hot path fails here. Before the work on its speed a checkout took 20 statements
 * in 24 round trips, four of them alone outside any transaction (a commit each). SHOW_SQL=1 prints each statement.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Counts = { statements: number; roundTrips: number; transactions: number };
const counts: Counts = { statements: 0, roundTrips: 0, transactions: 0 };
const CONTROL = /^\s*(begin|commit|rollback)\b/i;

/** Cache invalidations published to other processes (PostgreSQL only), on their own connection: timed, so counted apart. */
let published = 0;

function countStatement(text: unknown) {
  const sql = typeof text === 'string' ? text : ((text as { text?: string } | null)?.text ?? '');
  if (sql.startsWith('select pg_notify')) {
    published++;
    return;
  }
  counts.roundTrips++;
  if (process.env.SHOW_SQL) process.stdout.write(`SQL ${sql.slice(0, 200)}\n`);
  if (CONTROL.test(sql)) {
    if (/^\s*begin/i.test(sql)) counts.transactions++;
  } else counts.statements++;
}

/** Counts what the app's database client sends (node-postgres: every query() of a pooled client; PGlite: query, exec and a transaction's own). */
function installCounter() {
  if (t.database.kind === 'postgres') {
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      countStatement(args[0]);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    return () => {
      pg.Client.prototype.query = original;
    };
  }
  type Q = { query: (...a: unknown[]) => Promise<unknown>; exec: (...a: unknown[]) => Promise<unknown> };
  const client = (
    t.db as unknown as { $client: Q & { transaction: (fn: (tx: Q) => Promise<unknown>) => Promise<unknown> } }
  ).$client;
  const wrap = (q: Q): Q => ({
    ...q,
    query: (...a) => {
      countStatement(a[0]);
      return q.query(...a);
    },
    exec: (...a) => {
      countStatement(a[0]);
      return q.exec(...a);
    },
  });
  const original = { query: client.query, exec: client.exec, transaction: client.transaction };
  const wrapped = wrap({ query: original.query.bind(client), exec: original.exec.bind(client) });
  client.query = wrapped.query;
  client.exec = wrapped.exec;
  client.transaction = (fn) => {
    countStatement('begin');
    return original.transaction
      .call(client, (tx: Q) => fn({ ...tx, ...wrap(tx) }))
      .finally(() => countStatement('commit'));
  };
  return () => Object.assign(client, original);
}

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Counted Shopper' };

/** The benchmark's three calls, each step's database work measured on its own. */
async function checkout(productId: string, n: number) {
  const items = [{ productId, qty: 1 }];
  const steps: Record<string, Counts> = {};
  const step = async <T>(name: string, run: () => Promise<T>) => {
    const before = { ...counts };
    const result = await run();
    steps[name] = {
      statements: counts.statements - before.statements,
      roundTrips: counts.roundTrips - before.roundTrips,
      transactions: counts.transactions - before.transactions,
    };
    return result;
  };
  const price = await step('price', () => t.call('POST', '/api/cart/price', { as: null, body: { items } }));
  expect(price.statusCode, price.body).toBe(200);
  const session = await step('session', () =>
    t.call('POST', '/api/checkout/session', {
      as: null,
      body: { items, email: `counted${n}@shop.dev`, provider: 'sandbox' },
      headers: { 'idempotency-key': randomUUID() },
    }),
  );
  expect(session.statusCode, session.body).toBe(201);
  const paid = await step('confirm', () =>
    t.call('POST', `/api/payments/sandbox/${session.json().paymentId as string}/confirm`, { as: null, body: CARD }),
  );
  expect(paid.statusCode, paid.body).toBe(200);
  return steps;
}

describe('the database work of one checkout', () => {
  it('stays within its statements and round trips (price → session → confirm, a guest, one line)', async () => {
    const product = await buildProduct(t, { stock: 1000 });
    await checkout(product.id, 0); // caches (settings) warm, as in a running shop
    const uninstall = installCounter();
    const runs = [];
    try {
      for (let n = 1; n <= 5; n++) runs.push(await checkout(product.id, n));
    } finally {
      uninstall();
    }
    const last = runs.at(-1)!;
    const total = Object.values(last).reduce(
      (s, c) => ({
        statements: s.statements + c.statements,
        roundTrips: s.roundTrips + c.roundTrips,
        transactions: s.transactions + c.transactions,
      }),
      { statements: 0, roundTrips: 0, transactions: 0 },
    );
    process.stdout.write(
      `checkout on ${t.database.kind}: ${JSON.stringify({ ...last, total, publishedPerCheckout: published / runs.length })}\n`,
    );
    // Every checkout costs the same: nothing grows with the orders already made.
    for (const run of runs) expect(run, JSON.stringify(runs)).toEqual(last);
    expect(total).toEqual({ statements: 7, roundTrips: 11, transactions: 2 });
    expect(last.confirm).toEqual({ statements: 2, roundTrips: 4, transactions: 1 });
  });
});
