/** The database's transactions run what `afterCommit` kept once they commit, on both engines (pg's pool, PGlite). */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit } from '../../server/db/after-commit.js';
import { queryRows } from '../../server/db/client.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
let database: TestApp['database'];
beforeAll(async () => {
  t = await createTestApp();
  database = t.database;
  await database.db.execute(sql`create table t (n int)`);
});
afterAll(() => t.close());

const count = async () => (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from t`))[0]!.n;

describe('afterCommit', () => {
  it('runs at once outside a transaction', () => {
    let ran = 0;
    afterCommit(() => ran++);
    expect(ran).toBe(1);
  });

  it("runs once the outermost transaction has committed, seeing what it wrote, savepoints' work included", async () => {
    const seen: number[] = [];
    const before = await count();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (1)`);
      afterCommit(() => seen.push(-1));
      await tx.transaction(async (inner) => {
        await inner.execute(sql`insert into t values (2)`);
        afterCommit(() => seen.push(-2));
      });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([-1, -2]);
    expect(await count()).toBe(before + 2);
  });

  it('never runs when the transaction rolls back', async () => {
    let ran = 0;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (3)`);
        afterCommit(() => ran++);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(ran).toBe(0);
  });

  it('a commit stands when what runs after it throws', async () => {
    const before = await count();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (4)`);
      afterCommit(() => {
        throw new Error('after');
      });
    });
    expect(await count()).toBe(before + 1);
  });

  it('work left running past the commit (a timer) runs at once', async () => {
    let fire!: () => void;
    const later = new Promise<void>((resolve) => (fire = resolve));
    let ran = 0;
    await database.db.transaction(async () => {
      setTimeout(() => {
        afterCommit(() => ran++);
        fire();
      }, 10);
    });
    await later;
    expect(ran).toBe(1);
  });
});
