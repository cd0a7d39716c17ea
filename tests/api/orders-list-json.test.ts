import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, desc, like, sql } from 'drizzle-orm';
import { orders } from '../../server/db/schema.js';
import { presentOrder } from '../../server/modules/orders/present.js';
import { ORDER_SORTS } from '../../src/common/orders.js';
import { buildUser } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

// The orders list is rendered to JSON by the database (list-json.ts); presentOrder is the reference shape.
let t: TestApp;
const prefix = `json.${Date.now()}`;
beforeAll(async () => {
  t = await createTestApp();
  const customer = await buildUser(t, { email: `${prefix}@test.dev` });
  const other = await buildUser(t, { email: `${prefix}_x@test.dev` });
  const at = (text: string) => sql`${text}::timestamptz`;
  const row = (n: number, extra: Partial<typeof orders.$inferInsert> = {}) => ({
    userId: customer.id,
    customerEmail: customer.email,
    status: 'pending',
    qty: n + 1,
    amountCents: n * 37,
    ...extra,
  });
  await t.db.insert(orders).values([
    row(0, { amountCents: 0, createdAt: at('2025-03-04 05:06:07.123456+00') as unknown as Date }),
    row(1, {
      amountCents: 1,
      status: 'paid',
      paidAt: at('2025-03-04 05:06:07.999999+00') as unknown as Date,
      test: true,
    }),
    row(2, {
      amountCents: 1230,
      status: 'fulfilled',
      paidAt: new Date('2024-12-31T23:59:59.001Z'),
      fulfilledAt: new Date('2025-01-01T00:00:00.000Z'),
    }),
    row(3, {
      amountCents: 99_999_999_999_99,
      walletAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      couponCode: 'Q"uo\\te ✓ \n',
    }),
    row(4, { amountCents: 1005, createdAt: new Date('1999-01-01T00:00:00.000Z'), currency: 'EUR' }),
    row(5, { amountCents: 1005, createdAt: new Date('1999-01-01T00:00:00.000Z') }),
    { ...row(6), userId: other.id, customerEmail: other.email },
  ]);
});
afterAll(async () => {
  await t.close();
});

async function reference(order: 'asc' | 'desc', sort: (typeof ORDER_SORTS)[number], pattern: string) {
  const columns = {
    createdAt: [orders.createdAt],
    amountFiat: [orders.amountCents],
    qty: [orders.qty],
    status: [orders.status, orders.createdAt],
  }[sort];
  const dir = order === 'asc' ? asc : desc;
  const rows = await t.db
    .select()
    .from(orders)
    .where(like(orders.customerEmail, pattern))
    .orderBy(...[...columns, orders.id].map((c) => dir(c)));
  return rows.map(presentOrder);
}

describe('orders list rendered by the database', () => {
  it('matches presentOrder field for field, for every sort and direction', async () => {
    for (const sort of ORDER_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        const res = await t.call(
          'GET',
          `/api/orders?q=${encodeURIComponent(prefix)}&sort=${sort}&order=${order}&limit=200`,
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        const body = res.json();
        const expected = await reference(order, sort, `${prefix}%`);
        expect(expected).toHaveLength(7);
        expect(body).toEqual({ ok: true, orders: expected, total: 7, totalIsEstimate: false });
      }
    }
  });

  it('a LIKE wildcard in the search is taken literally', async () => {
    const res = await t.call('GET', `/api/orders?q=${encodeURIComponent(`${prefix}_`)}`);
    expect(res.json().orders.map((o: { customerEmail: string }) => o.customerEmail)).toEqual([`${prefix}_x@test.dev`]);
  });

  it('pages with limit and offset, and an empty page is an empty array', async () => {
    const all = (await t.call('GET', `/api/orders?q=${encodeURIComponent(prefix)}&sort=qty&order=asc`)).json().orders;
    const page = (
      await t.call('GET', `/api/orders?q=${encodeURIComponent(prefix)}&sort=qty&order=asc&limit=2&offset=3`)
    ).json();
    expect(page.orders).toEqual(all.slice(3, 5));
    expect(page.total).toBe(7);
    const none = (await t.call('GET', `/api/orders?q=${encodeURIComponent(prefix)}&offset=50`)).json();
    expect(none).toEqual({ ok: true, orders: [], total: 7, totalIsEstimate: false });
  });

  it('filters on status together with the search, and finds one order by its id', async () => {
    const paid = (await t.call('GET', `/api/orders?q=${encodeURIComponent(prefix)}&status=paid`)).json();
    expect(paid.orders).toHaveLength(1);
    expect(paid.orders[0]).toMatchObject({
      status: 'paid',
      amountFiat: 0.01,
      test: true,
      paidAt: '2025-03-04T05:06:07.999Z',
    });
    const byId = (await t.call('GET', `/api/orders?q=${paid.orders[0].id.toUpperCase()}`)).json();
    expect(byId.orders).toEqual(paid.orders);
    // The table shows 12 characters of an id: searching them finds the order.
    const byShownId = (await t.call('GET', `/api/orders?q=${paid.orders[0].id.slice(0, 12)}`)).json();
    expect(byShownId.orders.map((o: { id: string }) => o.id)).toContain(paid.orders[0].id);
    expect(byShownId.total).toBe(byShownId.orders.length);
  });
});
