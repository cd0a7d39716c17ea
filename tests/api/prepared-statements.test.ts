/**
 * PostgreSQL: a statement with parameters is prepared once per connection and its later runs reuse it
 * (server/db/prepared.ts); a connection names no more than its limit, and what runs past the limit still runs.
 */
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.js';
import { prepareByName } from '../../server/db/prepared.js';
import { products } from '../../server/db/schema.js';
import { engine } from './engine.js';
import { buildProduct } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

type Prepared = { name: string; statement: string };
const preparedOn = (client: pg.PoolClient) =>
  client
    .query<Prepared>('select name, statement from pg_prepared_statements order by prepare_time')
    .then((r) => r.rows);

describe.runIf(engine() === 'postgres')('statements prepared by name', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('prepares a statement once on its connection and runs it again by name, with each run’s own values', async () => {
    const [a, b] = [await buildProduct(t, { stock: 3 }), await buildProduct(t, { stock: 7 })];
    const stocks = await t.db.transaction(async (tx) => {
      const read = async (id: string) =>
        (await tx.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
      const seen = [await read(a.id), await read(b.id), await read(a.id)];
      const prepared = await queryRows<Prepared>(tx, sql`select name, statement from pg_prepared_statements`);
      return { seen, prepared };
    });
    expect(stocks.seen).toEqual([3, 7, 3]);
    const mine = stocks.prepared.filter(
      (p) => p.statement.includes('"stock"') && p.statement.includes('"products"."id" = $1'),
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]!.name).toMatch(/^s_[\w-]{27}$/);
  });

  it('names at most its limit on a connection; later statements run unnamed and still answer', async () => {
    const pool = new pg.Pool({ connectionString: t.databaseUrl, max: 1 });
    pool.on('connect', (client) => prepareByName(client, 2));
    try {
      const db = drizzle(pool);
      const answers = [];
      for (const n of [1, 2, 3, 4, 1])
        answers.push(
          (await db.execute(sql`select ${n}::int + ${n * 10}::int as v`.append(sql.raw(` -- shape ${n}`)))).rows[0],
        );
      expect(answers).toEqual([{ v: 11 }, { v: 22 }, { v: 33 }, { v: 44 }, { v: 11 }]);
      const client = await pool.connect();
      try {
        const names = (await preparedOn(client)).map((p) => p.statement.match(/shape \d/)?.[0]);
        // The first two shapes were named; the third and fourth ran unnamed; the first's second run reused its name.
        expect(names).toEqual(['shape 1', 'shape 2']);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });

  it('leaves a statement without parameters unnamed (nothing to reuse a plan for)', async () => {
    const pool = new pg.Pool({ connectionString: t.databaseUrl, max: 1 });
    pool.on('connect', (client) => prepareByName(client));
    try {
      await drizzle(pool).execute(sql`select 1 as plain`);
      const client = await pool.connect();
      try {
        expect(await preparedOn(client)).toEqual([]);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });
});
