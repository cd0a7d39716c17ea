import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, orders, products } from '../../server/db/schema.js';
import { failOrder } from '../../server/modules/orders/service.js';
import { buildCoupon, buildOrder, buildProduct, freshWallet } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const stockOf = async (id: string) =>
  (
    await t.db
      .select({ s: products.stock })
      .from(products)
      .where(sql`${products.id} = ${id}`)
  )[0]!.s;
const couponOf = async (id: string) =>
  (
    await t.db
      .select()
      .from(coupons)
      .where(sql`${coupons.id} = ${id}`)
  )[0]!;
const statusOf = async (id: string) =>
  (
    await t.db
      .select({ s: orders.status })
      .from(orders)
      .where(sql`${orders.id} = ${id}`)
  )[0]!.s;

describe('a pending order fails', () => {
  it('gives its stock back and frees its coupon’s held use, in one step', async () => {
    const product = await buildProduct(t, { stock: 10 });
    const coupon = await buildCoupon(t, { usageLimit: 1 });
    const order = await buildOrder(t, { productId: product.id, qty: 3, couponCode: coupon.code });
    expect([await stockOf(product.id), (await couponOf(coupon.id)).reservedCount]).toEqual([7, 1]);
    await t.db.transaction((tx) => failOrder(tx, order.id, 'payment declined', null));
    expect(await statusOf(order.id)).toBe('failed');
    expect([await stockOf(product.id), (await couponOf(coupon.id)).reservedCount]).toEqual([10, 0]);
    // The freed use can be taken again.
    expect((await buildOrder(t, { productId: product.id, couponCode: coupon.code })).couponCode).toBe(coupon.code);
  });

  it('only a pending order can fail', async () => {
    const paid = await buildOrder(t, { paid: true });
    await expect(t.db.transaction((tx) => failOrder(tx, paid.id, 'late', null))).rejects.toThrow(
      'An order that is paid cannot become failed.',
    );
    expect(await statusOf(paid.id)).toBe('paid');
  });
});

describe('POST /api/orders/{id}/fulfil', () => {
  it('marks a paid order without tokens fulfilled', async () => {
    const paid = await buildOrder(t, { paid: true });
    const res = await t.call('POST', `/api/orders/${paid.id}/fulfil`, { as: 'operator' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ id: paid.id, status: 'fulfilled', fulfilledAt: expect.any(String) });
  });

  it('refuses a pending order, a fulfilled one, and one whose tokens are minted by the queue, with sentences', async () => {
    const pending = await buildOrder(t);
    const tokens = await buildOrder(t, { paid: true, walletAddress: freshWallet(), product: { tokenId: '9' } });
    const done = await buildOrder(t, { paid: true });
    await t.call('POST', `/api/orders/${done.id}/fulfil`);
    for (const [order, sentence] of [
      [pending, 'An order that is pending cannot become fulfilled.'],
      [done, 'An order that is fulfilled cannot become fulfilled.'],
      [tokens, 'This order carries tokens: it is fulfilled when its mints succeed.'],
    ] as const) {
      const res = await t.call('POST', `/api/orders/${order.id}/fulfil`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'illegal_transition', error: sentence });
    }
    expect(await statusOf(pending.id)).toBe('pending');
    expect(await statusOf(tokens.id)).toBe('paid');
  });

  it('is for admins and operators only, and 404 for an unknown order', async () => {
    const paid = await buildOrder(t, { paid: true });
    for (const as of ['finance', 'user'] as const)
      expect((await t.call('POST', `/api/orders/${paid.id}/fulfil`, { as })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/orders/${paid.id}/fulfil`, { as: null })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/orders/00000000-0000-4000-8000-000000000000/fulfil')).json().error).toBe(
      'Order not found.',
    );
    expect(await statusOf(paid.id)).toBe('paid');
  });
});
