/**
 * GET /api/health (the process answers) and GET /api/ready (serving, the database answers and is migrated, the chain
 * answers when connected), both never cached; and draining (plugins/lifecycle.ts): ready turns 503, requests under way
 * finish within the grace, new ones are refused with 503 and Retry-After.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.js';
import { products } from '../../server/db/schema.js';
import type { ChainRuntime } from '../../server/modules/mint/runtime.js';
import { drain } from '../../server/plugins/lifecycle.js';
import { engine } from './engine.js';
import { buildProduct } from './factories.js';
import { createTestApp, type HttpResponse, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const expect503 = (res: HttpResponse, messageCode: string) => {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toMatchObject({ ok: false, code: messageCode, messageCode, error: expect.any(String) });
  expect(res.headers['retry-after']).toBe('2');
  expect(res.headers['cache-control']).toBe('no-store');
};

describe('GET /api/health and GET /api/ready', () => {
  it('answer JSON that no browser or proxy keeps', async () => {
    const health = await t.call('GET', '/api/health', { as: null });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-type']).toMatch(/^application\/json/);
    expect(health.headers['cache-control']).toBe('no-store');
    expect(health.json()).toEqual({ ok: true, db: engine() });

    const ready = await t.call('GET', '/api/ready', { as: null });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.headers['content-type']).toMatch(/^application\/json/);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({
      ok: true,
      db: engine(),
      checks: { database: 'ok', migrations: 'ok', chain: 'off' },
    });
  });

  it('ready is 503 while the process starts and while it drains; health answers all along', async () => {
    for (const [state, code] of [
      ['starting', 'not_ready_starting'],
      ['draining', 'not_ready_draining'],
    ] as const) {
      t.app.ctx.lifecycle.state = state;
      try {
        expect503(await t.call('GET', '/api/ready', { as: null }), code);
        expect((await t.call('GET', '/api/health', { as: null })).statusCode).toBe(200);
      } finally {
        t.app.ctx.lifecycle.state = 'serving';
      }
    }
  });

  it('ready is 503 while a migration of this build is not applied, naming how many', async () => {
    const [last] = await queryRows<{ id: number; hash: string; created_at: string }>(
      t.db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const res = await t.call('GET', '/api/ready', { as: null });
      expect503(res, 'not_ready_migrations');
      expect(res.json().params).toEqual({ pending: 1 });
      expect(res.json().error).toBe('The database is not up to date: 1 migrations have not been applied.');
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await t.call('GET', '/api/ready', { as: null })).statusCode).toBe(200);
  });

  it('ready asks the chain when one is connected: 200 while it answers, 503 when it does not', async () => {
    let answers = true;
    const chain = {
      publicClient: {
        getBlockNumber: async () => {
          if (!answers) throw new Error('fetch failed');
          return 7n;
        },
      },
    };
    t.app.ctx.chain = { chain, worker: null, error: null, close: async () => {} } as unknown as ChainRuntime;
    try {
      const ok = await t.call('GET', '/api/ready', { as: null });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().checks.chain).toBe('ok');
      answers = false;
      expect503(await t.call('GET', '/api/ready', { as: null }), 'not_ready_chain');
    } finally {
      t.app.ctx.chain = null;
    }
  });
});

describe('draining', () => {
  it('refuses a new request with 503 server_stopping and Retry-After, not the probes', async () => {
    t.app.ctx.lifecycle.state = 'draining';
    try {
      const res = await t.call('GET', '/api/products');
      expect503(res, 'server_stopping');
      expect(res.json().error).toBe('The server is stopping. Send the request again.');
    } finally {
      t.app.ctx.lifecycle.state = 'serving';
    }
  });

  /** A PUT of a product that waits until `release` is called: a transaction elsewhere holds the product's row. */
  async function slowRequest(app: TestApp) {
    const product = await buildProduct(app, { stock: 3 });
    const token = await app.tokenFor('admin');
    let release!: () => void;
    let locked!: () => void;
    const held = new Promise<void>((r) => (locked = r));
    const holding = app.db.transaction(async (tx) => {
      await tx.select().from(products).where(eq(products.id, product.id)).for('update');
      locked();
      await new Promise<void>((r) => (release = r));
    });
    await held;
    const request = app.call('PUT', `/api/products/${product.id}`, { token, body: { stock: 4 } });
    // It has reached the server and waits on the row (PGlite runs one transaction at a time: it waits on that).
    await new Promise((r) => setTimeout(r, 200));
    return { request, release: () => (release(), holding) };
  }

  it('lets a request under way finish, then closes', async () => {
    const other = await createTestApp();
    const slow = await slowRequest(other);
    const drained = drain(other.app, 60_000); // a connection kept alive must not hold it that long
    let closed = false;
    void drained.then(() => (closed = true));
    expect(other.app.ctx.lifecycle.state).toBe('draining');
    await new Promise((r) => setTimeout(r, 100));
    expect(closed).toBe(false); // waits for the request
    await slow.release();
    const res = await slow.request;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product.stock).toBe(4);
    await drained;
    await other.database.close();
  });

  it('cuts a request that outlasts the grace, and closes', async () => {
    const other = await createTestApp();
    const slow = await slowRequest(other);
    const outcome = slow.request.then(
      (res) => `answered ${res.statusCode}`,
      (err: Error) => `cut: ${String((err.cause as Error | undefined)?.message ?? err.message)}`,
    );
    const started = Date.now();
    await drain(other.app, 300);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await outcome).toBe('cut: other side closed');
    await slow.release();
    await other.database.close();
  });
});
