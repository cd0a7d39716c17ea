import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema.js';
import { buildCoupon, buildProduct } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
let productId: string;
beforeAll(async () => {
  t = await createTestApp();
  productId = (await buildProduct(t, { stock: 100 })).id;
});
afterAll(async () => {
  await t.close();
});

const checkout = (couponCode: string, email: string) =>
  t.call('POST', '/api/checkout/session', {
    as: null,
    headers: { 'idempotency-key': randomUUID() },
    body: { items: [{ productId, qty: 1 }], email, provider: 'sandbox', couponCode },
  });
const price = (couponCode: string) =>
  t.call('POST', '/api/cart/price', { as: null, body: { items: [{ productId, qty: 1 }], couponCode } });
/** The order as if made `minutes` ago. */
const age = (orderId: string, minutes: number) =>
  t.db
    .update(orders)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(orders.id, orderId));

describe('uses of a limited coupon held by unpaid checkouts', () => {
  it('the couponHoldMinutes setting is 10 by default and a whole number of minutes from 1', async () => {
    expect((await t.call('GET', '/api/settings')).json().settings.couponHoldMinutes).toBe(10);
    const refused = await t.call('PUT', '/api/settings', { body: { couponHoldMinutes: 0 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Coupon hold must be a whole number from 1 to 1,440.');
  });

  it('an unpaid checkout holds the last use for couponHoldMinutes only; then another buyer may take it', async () => {
    const coupon = await buildCoupon(t, { usageLimit: 1 });
    const first = await checkout(coupon.code, 'first@example.com');
    expect(first.statusCode, first.body).toBe(201);
    const refused = await checkout(coupon.code, 'second@example.com');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(`Coupon "${coupon.code}" has been used up.`);
    expect((await price(coupon.code)).json().coupon).toMatchObject({ valid: false });

    await age(first.json().orderId, 9);
    expect((await checkout(coupon.code, 'second@example.com')).statusCode).toBe(422);
    await age(first.json().orderId, 11);
    expect((await price(coupon.code)).json().coupon).toMatchObject({ valid: true });
    const second = await checkout(coupon.code, 'second@example.com');
    expect(second.statusCode, second.body).toBe(201);
  });

  it('one shopper holds one use at a time: a second unpaid checkout with the same coupon is refused with a sentence', async () => {
    const coupon = await buildCoupon(t, { usageLimit: 10 });
    const first = await checkout(coupon.code, 'hoarder@example.com');
    expect(first.statusCode, first.body).toBe(201);
    const again = await checkout(coupon.code, 'Hoarder@Example.com');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'coupon_already_held',
      error: `You already have an unpaid order with coupon "${coupon.code}". Pay that order, or try again in a few minutes.`,
    });
    expect((await checkout(coupon.code, 'someone-else@example.com')).statusCode).toBe(201);
    const token = await t.tokenFor('user');
    const asUser = (email: string) =>
      t.call('POST', '/api/checkout/session', {
        token,
        headers: { 'idempotency-key': randomUUID() },
        body: { items: [{ productId, qty: 1 }], email, provider: 'sandbox', couponCode: coupon.code },
      });
    expect((await asUser('one@example.com')).statusCode).toBe(201);
    expect((await asUser('two@example.com')).statusCode).toBe(409);
    await age(first.json().orderId, 11);
    expect((await checkout(coupon.code, 'hoarder@example.com')).statusCode).toBe(201);
  });
});
