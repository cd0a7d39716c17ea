/**
 * PostgreSQL only: the database ends this app's connections (as a restart, a failover or `pg_terminate_backend` does)
 * while the app is idle, while a transaction waits between two statements, and while shoppers check out and pay.
 * The process lives on (an unhandled 'error' event would end this test's process), requests answer 503 with
 * Retry-After or succeed (never 500), everything serves again within seconds, and the data holds: each completed
 * payment has exactly one paid order, and a product's stock is what it was less what the live orders took.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.js';
import { engine, postgresUrl } from './engine.js';
import { buildProduct } from './factories.js';
import { createTestApp, type HttpResponse, type TestApp } from './harness.js';

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Ada Buyer' };

describe.runIf(engine() === 'postgres')('the database ends the connections of a running app', () => {
  let t: TestApp;
  let admin: pg.Client;
  let dbName: string;

  beforeAll(async () => {
    t = await createTestApp();
    dbName = new URL(t.databaseUrl!).pathname.slice(1);
    // From the shared database, never this file's: ending "every connection to this file's database" spares it.
    admin = new pg.Client({ connectionString: postgresUrl() });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  /** Connections of the app's pool handed out and not given back: none once no request runs (a leak would be one for good). */
  const checkedOut = () => {
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    return pool.totalCount - pool.idleCount;
  };

  /** Ends every connection to this file's database (the app's pool and its listening connection); answers how many. */
  async function endConnections(): Promise<number> {
    const { rows } = await admin.query<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid()`,
      [dbName],
    );
    return rows[0]!.n;
  }

  /** Seconds until `GET /api/ready` answers 200, asking every 50 ms (fails after 10 s). */
  async function secondsUntilReady(): Promise<number> {
    const started = Date.now();
    for (;;) {
      const res = await t.call('GET', '/api/ready', { as: null });
      if (res.statusCode === 200) return (Date.now() - started) / 1000;
      expect(res.statusCode).toBe(503);
      if (Date.now() - started > 10_000) throw new Error(`not ready after 10 s: ${res.body}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const expectRefusedOr = (res: HttpResponse, ok: number) => {
    if (res.statusCode === 503) {
      expect(res.json()).toMatchObject({ messageCode: 'service_unavailable' });
      expect(res.headers['retry-after']).toBe('2');
    } else expect(res.statusCode, res.body).toBe(ok);
  };

  it('while idle: the next request is served or answered 503, and ready is back within seconds', async () => {
    await t.call('GET', '/api/products?limit=1'); // the pool has connections to lose
    expect(await endConnections()).toBeGreaterThan(0);
    expectRefusedOr(await t.call('GET', '/api/products?limit=1'), 200);
    const seconds = await secondsUntilReady();
    console.info(`ready again ${seconds.toFixed(2)} s after the idle connections were ended`);
    expect((await t.call('GET', '/api/products?limit=1')).statusCode).toBe(200);
  });

  it('ready is 503 while the database takes no connections, and 200 again within seconds once it does', async () => {
    const product = await buildProduct(t, { priceFiat: '10.00', stock: 10 });
    await admin.query(`alter database ${dbName} allow_connections false`);
    try {
      expect(await endConnections()).toBeGreaterThan(0);
      // A shop product read while the database is away is a 503, never "no such product".
      expectRefusedOr(await t.call('GET', `/api/shop/products/${product.id}`, { as: null }), 503);
      const res = await t.call('GET', '/api/ready', { as: null });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ messageCode: 'not_ready_database' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await t.call('GET', '/api/health', { as: null })).statusCode).toBe(200);
    } finally {
      await admin.query(`alter database ${dbName} allow_connections true`);
    }
    const seconds = await secondsUntilReady();
    console.info(`ready again ${seconds.toFixed(2)} s after the database took connections again`);
  });

  it('a server that takes no writes (a standby after a failover): writes answer 503 with Retry-After, reads are served', async () => {
    const product = await buildProduct(t, { priceFiat: '10.00', stock: 10 });
    const checkout = () =>
      t.call('POST', '/api/checkout/session', {
        as: null,
        body: { items: [{ productId: product.id, qty: 1 }], email: 'buyer@example.com', provider: 'sandbox' },
        headers: { 'idempotency-key': randomUUID() },
      });
    // New connections start read-only, as on a standby: every write fails with 25006 (read_only_sql_transaction).
    await admin.query(`alter database ${dbName} set default_transaction_read_only = on`);
    try {
      await endConnections();
      await secondsUntilReady();
      const refused = await checkout();
      expect(refused.statusCode, refused.body).toBe(503);
      expectRefusedOr(refused, 0);
      expect((await t.call('GET', `/api/products/${product.id}`)).statusCode).toBe(200);
    } finally {
      await admin.query(`alter database ${dbName} reset default_transaction_read_only`);
    }
    await endConnections();
    await secondsUntilReady();
    expect((await checkout()).statusCode).toBe(201);
  });

  it('while a transaction waits between two statements: it fails with a connection error and the process lives on', async () => {
    const outcome = t.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await endConnections(); // FATAL 57P01 arrives while this client is checked out and idle in the transaction
        await new Promise((r) => setTimeout(r, 200));
        await tx.execute(sql`select 2`);
      })
      .then(
        () => 'committed',
        (err: Error) => `failed: ${err.message} ${String((err.cause as Error | undefined)?.message ?? '')}`,
      );
    expect(await outcome).toMatch(/failed: .*(not queryable|terminat)/s);
    await secondsUntilReady();
    expect((await t.call('GET', '/api/products?limit=1')).statusCode).toBe(200);
  });

  it('while 20 shoppers check out and pay: 201/200 or 503, never 500; serving again within seconds; every completed payment has one paid order and stock adds up', async () => {
    const STOCK = 1000;
    const product = await buildProduct(t, { priceFiat: '10.00', stock: STOCK });
    const statuses: number[] = [];
    const shopper = async () => {
      for (let i = 0; i < 4; i++) {
        const session = await t.call('POST', '/api/checkout/session', {
          as: null,
          body: { items: [{ productId: product.id, qty: 1 }], email: 'buyer@example.com', provider: 'sandbox' },
          headers: { 'idempotency-key': randomUUID() },
        });
        statuses.push(session.statusCode);
        expectRefusedOr(session, 201);
        if (session.statusCode !== 201) continue;
        const paid = await t.call('POST', `/api/payments/sandbox/${session.json().paymentId}/confirm`, {
          as: null,
          body: GOOD_CARD,
        });
        statuses.push(paid.statusCode);
        expectRefusedOr(paid, 200);
      }
    };
    const cutting = (async () => {
      let ended = 0;
      for (let i = 0; i < 4; i++) {
        await new Promise((r) => setTimeout(r, 150));
        ended += await endConnections();
      }
      return ended;
    })();
    await Promise.all([...Array.from({ length: 20 }, shopper), cutting]);
    expect(await cutting).toBeGreaterThan(0);
    const count = (s: number) => statuses.filter((x) => x === s).length;
    console.info(
      `under load: ${count(201)} checkouts, ${count(200)} payments, ${count(503)} answered 503, of ${statuses.length}`,
    );
    expect(statuses.filter((s) => ![200, 201, 503].includes(s))).toEqual([]);

    const seconds = await secondsUntilReady();
    console.info(`ready again ${seconds.toFixed(2)} s after the load`);
    // One more checkout and payment go through.
    const session = await t.call('POST', '/api/checkout/session', {
      as: null,
      body: { items: [{ productId: product.id, qty: 1 }], email: 'buyer@example.com', provider: 'sandbox' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(session.statusCode, session.body).toBe(201);
    const paid = await t.call('POST', `/api/payments/sandbox/${session.json().paymentId}/confirm`, {
      as: null,
      body: GOOD_CARD,
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const [wrong] = await queryRows<{ payments: number; unmatched: number }>(
      t.db,
      sql`select count(*)::int as payments,
              count(*) filter (where (select count(*) from orders o where o.id = p.order_id and o.status = 'paid') <> 1)::int
                as unmatched
         from payments p join order_items i on i.order_id = p.order_id
        where p.status = 'completed' and i.product_id = ${product.id}`,
    );
    expect(wrong!.payments).toBeGreaterThan(0);
    expect(wrong!.unmatched).toBe(0);
    const [stock] = await queryRows<{ stock: number; taken: number; paid: number }>(
      t.db,
      sql`select p.stock::int as stock,
              coalesce((select sum(i.qty) from order_items i join orders o on o.id = i.order_id
                         where i.product_id = p.id and o.status <> 'failed'), 0)::int as taken,
              (select count(*) from orders o join order_items i on i.order_id = o.id
                where i.product_id = p.id and o.status = 'paid')::int as paid
         from products p where p.id = ${product.id}`,
    );
    expect(stock!.stock).toBe(STOCK - stock!.taken);
    expect(stock!.paid).toBe(wrong!.payments);
    // No connection stayed checked out: a transaction whose `begin` failed gave its client back.
    expect(checkedOut()).toBe(0);
  });
});
