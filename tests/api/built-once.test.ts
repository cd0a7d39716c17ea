/**
 * Statements built once (server/db/built-once.ts): each run binds its own values to the text built on the first, on the
 * database or transaction it is given; each shape is its own statement; a value left out is an error, not a stale one.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtOnce, rowRun, rowSlots, type Slots } from '../../server/db/built-once.js';
import { auditEvents, products } from '../../server/db/schema.js';
import { buildProduct } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const stockOf = builtOnce((q, p: Slots<{ id: string }>) =>
  q.select({ id: products.id, stock: products.stock }).from(products).where(eq(products.id, p.id)),
);
const setStock = builtOnce((q, p: Slots<{ id: string; stock: number; at: Date }>) =>
  q
    .update(products)
    .set({ stock: sql`${p.stock}`, updatedAt: sql`${p.at}` })
    .where(eq(products.id, p.id))
    .returning({ stock: products.stock, updatedAt: products.updatedAt }),
);

describe('a statement built once', () => {
  it('answers each run with that run’s values', async () => {
    const [a, b] = [await buildProduct(t, { stock: 4 }), await buildProduct(t, { stock: 9 })];
    expect(await stockOf(t.db, { id: a.id })).toEqual([{ id: a.id, stock: 4 }]);
    expect(await stockOf(t.db, { id: b.id })).toEqual([{ id: b.id, stock: 9 }]);
    const at = new Date('2026-01-02T03:04:05.000Z');
    expect(await setStock(t.db, { id: b.id, stock: 11, at })).toEqual([{ stock: 11, updatedAt: at }]);
    expect(await stockOf(t.db, { id: b.id })).toEqual([{ id: b.id, stock: 11 }]);
  });

  it('runs in the transaction it is given (it sees that transaction’s own writes, and they roll back with it)', async () => {
    const p = await buildProduct(t, { stock: 1 });
    await expect(
      t.db.transaction(async (tx) => {
        await setStock(tx, { id: p.id, stock: 50, at: new Date() });
        expect(await stockOf(tx, { id: p.id })).toEqual([{ id: p.id, stock: 50 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await stockOf(t.db, { id: p.id })).toEqual([{ id: p.id, stock: 1 }]);
  });

  it('keeps one statement per shape', async () => {
    const p = await buildProduct(t, { stock: 3 });
    let builds = 0;
    const byShape = builtOnce((q, v: Slots<{ id: string; floor: number }>, shape: 'at least' | 'any') => {
      builds++;
      return q
        .select({ stock: products.stock })
        .from(products)
        .where(
          shape === 'at least'
            ? sql`${products.id} = ${v.id} and ${products.stock} >= ${v.floor}`
            : eq(products.id, v.id),
        );
    });
    const answers = [];
    for (const [shape, floor] of [
      ['at least', 5],
      ['any', 5],
      ['at least', 2],
      ['any', 99],
    ] as const) {
      answers.push((await byShape(t.db, { id: p.id, floor }, shape)).length);
    }
    expect(answers).toEqual([0, 1, 1, 1]);
    expect(builds).toBe(2);
  });

  it('refuses a run that leaves a value out', async () => {
    const p = await buildProduct(t, { stock: 2 });
    await stockOf(t.db, { id: p.id });
    await expect(stockOf(t.db, {} as { id: string })).rejects.toThrow(/No value for placeholder "id"/);
  });

  it('names a whole row’s columns with rowSlots, and rowRun gives that row’s values under the same names', async () => {
    const KEYS = ['action', 'entity', 'entityId', 'data'] as const;
    const insert = builtOnce((q) =>
      q.insert(auditEvents).values(rowSlots('row', KEYS)).returning({
        action: auditEvents.action,
        entity: auditEvents.entity,
        entityId: auditEvents.entityId,
        data: auditEvents.data,
      }),
    );
    const rows = [
      { action: 'probe.one', entity: 'probe', entityId: 'a', data: { n: 1 } },
      { action: 'probe.two', entity: 'probe', entityId: null, data: null },
    ];
    for (const row of rows) expect(await insert(t.db, rowRun('row', row))).toEqual([row]);
  });
});
