import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('Cache-Control of /api answers', () => {
  it("no answer with a user's data or a token is stored: me, login, users, orders, a guest's checkout and its order read, errors", async () => {
    const product = await buildProduct(t, { stock: 5 });
    const checkout = await t.call('POST', '/api/checkout/session', {
      as: null,
      headers: { 'idempotency-key': randomUUID() },
      body: { items: [{ productId: product.id, qty: 1 }], email: 'guest@example.com', provider: 'sandbox' },
    });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const { orderId, checkoutSecret } = checkout.json();
    const user = await t.user('user');
    const answers = [
      checkout,
      await t.login(user.email),
      await t.call('GET', '/api/auth/me'),
      await t.call('GET', '/api/users'),
      await t.call('GET', '/api/orders'),
      await t.call('GET', `/api/checkout/order/${orderId}`, {
        as: null,
        headers: { 'x-checkout-secret': checkoutSecret },
      }),
      await t.call('GET', '/api/shop/products', { as: 'user' }), // a member may see products others do not
      await t.call('GET', '/api/orders', { as: null }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([201, 200, 200, 200, 200, 200, 200, 401]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('the public, user-independent reads may be kept a minute', async () => {
    const product = await buildProduct(t, { stock: 5 });
    for (const url of [
      '/api/shop/products',
      `/api/shop/products/${product.id}`,
      '/api/settings/public',
      '/api/membership/levels',
      '/api/payment-sdk/providers',
    ]) {
      const res = await t.call('GET', url, { as: null });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=60');
      expect(res.headers.vary, url).toContain('Authorization');
    }
  });
});
