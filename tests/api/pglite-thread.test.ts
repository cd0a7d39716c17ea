/**
 * PGlite in a worker thread (server/db/pglite-thread.ts), as the server runs it: drizzle's queries and transactions
 * through the bridge, PostgreSQL's errors with their codes, and one transaction at a time (a query sent while one is
 * open runs after it, outside it). The whole API suite also runs through it with TEST_PGLITE_THREAD=true.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { fromPgliteThread, queryRows, queryText, type Database } from '../../server/db/client.js';
import { openPgliteEarly, PGliteThread, THREAD_STOPPED } from '../../server/db/pglite-thread.js';
import { isUnavailable } from '../../server/lib/errors.js';
import { createMetrics } from '../../server/modules/metrics/registry.js';
import { products } from '../../server/db/schema.js';
import { engine } from './engine.js';
import { buildProduct } from './factories.js';
import { createTestApp } from './harness.js';

describe.runIf(engine() === 'pglite')('PGlite in a worker thread', () => {
  let database: Database;
  beforeAll(async () => {
    const tar = fs.readFileSync(inject('pgliteTemplate'));
    database = fromPgliteThread(await PGliteThread.create({ dump: new Uint8Array(tar) }));
  });
  afterAll(async () => {
    await database.close();
  });

  it("answers drizzle's queries, dates as drizzle expects them, and raw text", async () => {
    const p = await buildProduct({ db: database.db }, { stock: 7 });
    const [row] = await database.db.select().from(products).where(eq(products.id, p.id));
    expect(row).toMatchObject({ id: p.id, stock: 7 });
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(await queryText(database.db, 'x', sql`select 'a' || 'b' as t`)).toBe('ab');
  });

  it("commits a transaction, rolls one back on a throw, and keeps PostgreSQL's error code", async () => {
    const p = await buildProduct({ db: database.db }, { stock: 10 });
    await database.db.transaction(async (tx) => {
      await tx.update(products).set({ stock: 11 }).where(eq(products.id, p.id));
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(products).set({ stock: 12 }).where(eq(products.id, p.id));
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    const [after] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, p.id));
    expect(after!.stock).toBe(11);
    await database.db.execute(sql`create table thread_probe (x int primary key)`);
    await database.db.execute(sql`insert into thread_probe values (1)`);
    const dup = await database.db.execute(sql`insert into thread_probe values (1)`).then(
      () => null,
      (err: unknown) => err as { cause?: { code?: string; constraint?: string }; code?: string },
    );
    expect(dup?.cause?.code ?? dup?.code).toBe('23505');
  });

  it('opens a transaction with its first statement: one that fails rolls it back, one that sends nothing leaves none open', async () => {
    const p = await buildProduct({ db: database.db }, { stock: 5 });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select no_such_column from ${products}`);
      }),
    ).rejects.toThrow();
    expect(await database.db.transaction(async () => 'nothing sent')).toBe('nothing sent');
    // Were a transaction left open, this write would vanish with the rollback below.
    await database.db.update(products).set({ stock: 6 }).where(eq(products.id, p.id));
    await database.db.execute(sql`rollback`).catch(() => undefined);
    const [row] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, p.id));
    expect(row!.stock).toBe(6);
  });

  it('runs a query sent during a transaction after it, outside it', async () => {
    const p = await buildProduct({ db: database.db }, { stock: 1 });
    let outside: Promise<{ stock: number }[]> | null = null;
    await database.db.transaction(async (tx) => {
      await tx.update(products).set({ stock: 2 }).where(eq(products.id, p.id));
      outside = queryRows<{ stock: number }>(database.db, sql`select stock from ${products} where id = ${p.id}`);
      await new Promise((r) => setTimeout(r, 50));
      await tx.update(products).set({ stock: 3 }).where(eq(products.id, p.id));
    });
    expect((await outside!)[0]!.stock).toBe(3);
  });

  it('runs a statement with parameters again and again by name, each run with its own values (nulls, arrays, dates, JSON)', async () => {
    await database.db.execute(
      sql`create table prepared_probe (id int primary key, note text, at timestamptz, tags text[], data jsonb)`,
    );
    const when = new Date('2026-03-04T05:06:07.000Z');
    for (let i = 1; i <= 5; i++) {
      await database.db.execute(
        sql`insert into prepared_probe values (${i}, ${i % 2 ? `n${i}` : null}, ${when}, ${sql.param([`t${i}`, 'x'])}, ${JSON.stringify({ i })})`,
      );
    }
    const rows = await queryRows<{ id: number; note: string | null; at: string; tags: string[]; data: { i: number } }>(
      database.db,
      sql`select id, note, at, tags, data from prepared_probe where id = any(${sql.param([2, 5])}) order by id`,
    );
    expect(rows.map((r) => [r.id, r.note, new Date(r.at).toISOString(), r.tags, r.data])).toEqual([
      [2, null, when.toISOString(), ['t2', 'x'], { i: 2 }],
      [5, 'n5', when.toISOString(), ['t5', 'x'], { i: 5 }],
    ]);
    // Five inserts, one prepared statement.
    const kept = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_prepared_statements where statement like 'insert into prepared_probe%'`,
    );
    expect(kept[0]!.n).toBe(1);
    const dup = await database.db
      .execute(sql`insert into prepared_probe values (${1}, ${'again'}, ${when}, ${sql.param(['y'])}, ${'{}'})`)
      .then(
        () => null,
        (err: unknown) => err as { cause?: { code?: string; constraint?: string }; code?: string; constraint?: string },
      );
    expect(dup?.cause?.code ?? dup?.code).toBe('23505');
    expect(dup?.cause?.constraint ?? dup?.constraint).toBe('prepared_probe_pkey');
    // A statement that does not parse is refused, and is not kept: once the table exists, the same text runs.
    const early = sql`select count(*)::int as n from prepared_later where id > ${0}`;
    await expect(database.db.execute(early)).rejects.toThrow(/prepared_later/);
    await database.db.execute(sql`create table prepared_later (id int)`);
    expect((await queryRows<{ n: number }>(database.db, early))[0]!.n).toBe(0);
  });

  it('lets the next transaction start as soon as one has sent its commit, and still tells the first when its commit fails', async () => {
    await database.db.execute(
      sql`create table commit_probe (id int, constraint once unique (id) deferrable initially deferred)`,
    );
    // The duplicate is only checked at commit: that commit fails, while the next transaction, queued behind it, runs.
    const failing = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into commit_probe values (1), (1)`);
    });
    const next = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into commit_probe values (2)`);
      return queryRows<{ ids: number[] }>(tx, sql`select array_agg(id order by id) as ids from commit_probe`);
    });
    const [first, second] = await Promise.allSettled([failing, next]);
    expect(first.status).toBe('rejected');
    const code = (first as PromiseRejectedResult).reason as { cause?: { code?: string }; code?: string };
    expect(code.cause?.code ?? code.code).toBe('23505');
    expect(second.status === 'fulfilled' && second.value[0]!.ids).toEqual([2]);
    const after = await queryRows<{ ids: number[] }>(
      database.db,
      sql`select array_agg(id order by id) as ids from commit_probe`,
    );
    expect(after[0]!.ids).toEqual([2]);
  });

  it("counts PGlite's queue for the metrics: statements waiting behind an open transaction, then none", async () => {
    const { registry } = createMetrics(database);
    const gauge = async (name: string) => (await registry.getSingleMetric(name)!.get()).values[0]?.value;
    expect(await gauge('rwa_db_pglite_waiting')).toBe(0);
    expect(await gauge('rwa_db_pglite_queued_statements')).toBe(0);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let begun!: () => void;
    const started = new Promise<void>((r) => (begun = r));
    const open = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      begun();
      await held;
    });
    await started;
    const queries = [1, 2, 3].map((n) => queryRows<{ n: number }>(database.db, sql`select ${n}::int as n`));
    const next = database.db.transaction(async (tx) => queryRows<{ n: number }>(tx, sql`select 4 as n`));
    await new Promise((r) => setTimeout(r, 20));
    expect(await gauge('rwa_db_pglite_waiting')).toBe(4);
    const slow = database.db.transaction(async () => undefined);
    expect(await gauge('rwa_db_pglite_waiting')).toBe(5);
    release();
    await Promise.all([open, ...queries, next, slow]);
    expect(await gauge('rwa_db_pglite_waiting')).toBe(0);
    // A statement sent and not yet answered: one that takes its time in the thread.
    const sleeping = queryRows(database.db, sql`select count(*) from generate_series(1, 3000000)`);
    await expect.poll(() => gauge('rwa_db_pglite_queued_statements'), { timeout: 5000, interval: 5 }).toBe(1);
    await sleeping;
    expect(await gauge('rwa_db_pglite_queued_statements')).toBe(0);
    expect(await registry.metrics()).toMatch(/^rwa_db_pglite_waiting 0$/m);
  });
});

describe.runIf(engine() === 'pglite')('a PGlite thread opened early (server/index.ts)', () => {
  const workerOf = (thread: PGliteThread) => (thread as unknown as { worker: Worker }).worker;

  it('is the thread the server then creates on the same directory; opened on another one, it is stopped', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-pglite-early-'));
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-pglite-early-'));
    try {
      const early = openPgliteEarly(path.join(dir, 'pglite'));
      const thread = await PGliteThread.create(path.join(dir, '.', 'pglite'));
      expect(workerOf(thread)).toBe(await early);
      const database = fromPgliteThread(thread);
      expect(await queryText(database.db, 'x', sql`select 'early' as t`)).toBe('early');
      await database.close();

      const elsewhere = openPgliteEarly(path.join(other, 'pglite'));
      const exited = new Promise<number>((resolve) => void elsewhere.then((w) => w.once('exit', resolve)));
      const second = await PGliteThread.create(path.join(dir, 'pglite'));
      expect(workerOf(second)).not.toBe(await elsewhere);
      await exited; // the thread on the other directory was stopped, not left open
      await second.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(other, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.runIf(engine() === 'pglite')('a PGlite thread that stops', () => {
  /** Ends the thread as a crash would. */
  const crash = (thread: PGliteThread) => (thread as unknown as { worker: Worker }).worker.terminate();
  async function until(done: () => boolean) {
    for (let i = 0; i < 600 && !done(); i++) await new Promise((r) => setTimeout(r, 50));
    expect(done()).toBe(true);
  }

  it('on a directory: what ran fails with a 503 error at once, the thread starts again with the data; past three stops a minute it gives up and queries fail at once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-pglite-thread-'));
    const restarted: Error[] = [];
    const gaveUp: Error[] = [];
    const thread = await PGliteThread.create(dir, {
      onRestart: (err) => restarted.push(err),
      onGiveUp: (err) => gaveUp.push(err),
    });
    const database = fromPgliteThread(thread);
    try {
      await database.db.execute(sql`create table stop_probe (x int)`);
      await database.db.execute(sql`insert into stop_probe values (1)`);

      // Stopped while idle: a query fails at once (503), the thread starts again, the committed row is there.
      await crash(thread);
      const meanwhile = await database.db.execute(sql`select 1`).catch((err: unknown) => err);
      expect(isUnavailable(meanwhile)).toBe(true);
      const cause = (meanwhile as { cause?: { code?: string } }).cause; // drizzle wraps the driver's error
      expect(cause?.code).toBe(THREAD_STOPPED);
      await until(() => restarted.length === 1);
      expect(restarted[0]!.message).toMatch(/The PGlite thread stopped \(exit code \d+\)\./);
      expect(await queryRows<{ x: number }>(database.db, sql`select x from stop_probe order by x`)).toEqual([{ x: 1 }]);

      // A transaction open when the thread stops: its next statement fails, nothing of it runs on the next thread.
      let stop!: () => void;
      const stopped = new Promise<void>((r) => (stop = r));
      const spanning = database.db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into stop_probe values (2)`);
          stop();
          await until(() => restarted.length === 2);
          await tx.execute(sql`insert into stop_probe values (3)`);
        })
        .catch((err: unknown) => err);
      await stopped;
      await crash(thread);
      expect(isUnavailable(await spanning)).toBe(true);
      expect(await queryRows<{ x: number }>(database.db, sql`select x from stop_probe order by x`)).toEqual([{ x: 1 }]);

      await crash(thread);
      await until(() => restarted.length === 3);
      expect(gaveUp).toEqual([]);
      await crash(thread);
      await until(() => gaveUp.length === 1);
      const started = Date.now();
      const refused = await database.db.execute(sql`select 1`).catch((err: unknown) => err);
      expect(isUnavailable(refused)).toBe(true);
      expect(Date.now() - started).toBeLessThan(1000); // refused, not waiting
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000); // four embedded databases start one after another: slow on a busy machine

  it('on a dump (nothing to reopen): the app answers 503 with Retry-After, and the owner is told', async () => {
    const gaveUp: Error[] = [];
    const tar = fs.readFileSync(inject('pgliteTemplate'));
    const thread = await PGliteThread.create({ dump: new Uint8Array(tar) }, { onGiveUp: (err) => gaveUp.push(err) });
    const t = await createTestApp({}, { database: fromPgliteThread(thread) });
    try {
      expect((await t.call('GET', '/api/shop/products', { as: null })).statusCode).toBe(200);
      await crash(thread);
      await until(() => gaveUp.length === 1);
      const res = await t.call('GET', '/api/shop/products', { as: null });
      expect(res.statusCode).toBe(503);
      expect(res.json().messageCode).toBe('service_unavailable');
      expect(res.headers['retry-after']).toBe('2');
      expect((await t.call('GET', '/api/health', { as: null })).statusCode).toBe(200);
      expect((await t.call('GET', '/api/ready', { as: null })).json().messageCode).toBe('not_ready_database');
    } finally {
      await t.close();
    }
  });
});
