/**
 * PostgreSQL: a statement with parameters is prepared once per connection and its later runs reuse it
 * (server/db/prepared.ts); a connection names no more than its limit, and what runs past the limit still runs.
 * PGlite in process: the same, once per database (server/db/pglite-prepared.mjs; the thread's in pglite-thread.test.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPglite, openPglite, queryRows, type Database } from '../../server/db/client.js';
import { prepareByName } from '../../server/db/prepared.js';
import { products } from '../../server/db/schema.js';
import { engine } from './engine.js';
import { notRecorded } from './sql-coverage.js';
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

describe.runIf(engine() === 'pglite')('statements prepared by name in process (PGlite)', () => {
  let database: Database;
  beforeAll(async () => {
    database = fromPglite(await openPglite());
    await notRecorded(() => database.db.execute(sql`create table probe (id int primary key, note text)`));
  });
  afterAll(async () => {
    await database?.close();
  });
  /** A test of PGlite itself on a table of its own: its statements are not the app's (tests/api/sql-coverage.ts). */
  const probe = (name: string, fn: () => Promise<void>) => it(name, () => notRecorded(fn));
  const preparedLike = async (start: string) =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pg_prepared_statements where statement like ${`${start}%`}`,
      )
    )[0]!.n;

  probe(
    'prepares a statement once and runs it again by name, in and out of transactions, each run with its own values',
    async () => {
      const insert = (id: number, note: string | null) =>
        sql`insert into probe values (${id}, ${note}) returning id, note`;
      const rows = await queryRows(database.db, insert(1, 'one'));
      await database.db.transaction(async (tx) => {
        rows.push(...(await queryRows(tx, insert(2, null))), ...(await queryRows(tx, insert(3, 'three'))));
      });
      rows.push(...(await queryRows(database.db, insert(4, 'four'))));
      expect(rows).toEqual([
        { id: 1, note: 'one' },
        { id: 2, note: null },
        { id: 3, note: 'three' },
        { id: 4, note: 'four' },
      ]);
      expect(await preparedLike('insert into probe')).toBe(1);
    },
  );

  probe("keeps PostgreSQL's error and rolls a failed transaction back; the next statements run", async () => {
    const insert = (id: number) => sql`insert into probe values (${id}, ${'dup'})`;
    const dup = await database.db.execute(insert(1)).catch((e: { cause?: { constraint?: string } }) => e);
    expect((dup as { cause?: { constraint?: string } }).cause?.constraint).toBe('probe_pkey');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(insert(50));
        await tx.execute(insert(1));
      }),
    ).rejects.toThrow();
    const left = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from probe where id = ${50}`,
    );
    expect(left[0]!.n).toBe(0);
  });

  probe('runs statements sent together, beside a transaction, each with its own answer', async () => {
    const read = (id: number) =>
      queryRows<{ id: number }>(database.db, sql`select id from probe where id = ${id}`).then((r) => r[0]?.id);
    const [a, b, c, inTx] = await Promise.all([
      read(1),
      read(3),
      read(99),
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (${60}, ${'tx'})`);
        return queryRows<{ id: number }>(tx, sql`select id from probe where id = ${60}`);
      }),
    ]);
    expect([a, b, c, inTx]).toEqual([1, 3, undefined, [{ id: 60 }]]);
  });

  probe('prepares a statement again once its table changed shape (a restore, a migration)', async () => {
    const read = async () => (await queryRows(database.db, sql`select * from probe where id = ${1}`))[0];
    expect(await read()).toEqual({ id: 1, note: 'one' });
    await database.db.execute(sql`alter table probe add column extra int default 7`);
    expect(await read()).toEqual({ id: 1, note: 'one', extra: 7 });
    expect(await read()).toEqual({ id: 1, note: 'one', extra: 7 });
  });
});
