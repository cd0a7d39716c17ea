import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, orders } from '../../server/db/schema.js';
import { buildCoupon, buildOrder, buildProduct, buildUser, PASSWORD } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
let gold: { id: string };
let token: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  gold = await buildProduct(t, { priceFiat: '19.99', stock: 5 });
  token = await buildProduct(t, { priceFiat: '100', tokenId: '3', stock: 50 });
});
afterAll(async () => {
  await t.close();
});

const price = (body: unknown, opts: { token?: string } = {}) =>
  t.call('POST', '/api/cart/price', { as: null, body, ...opts });

describe('POST /api/cart/price', () => {
  it('prices a cart without a token, from the stored prices only', async () => {
    const res = await price({
      items: [
        { productId: gold.id, qty: 2, unitPrice: 0.01 },
        { productId: token.id, qty: 1 },
      ],
      total: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      subtotal: 139.98,
      discount: 0,
      tax: 0,
      shipping: 0,
      total: 139.98,
      currency: 'USD',
      coupon: null,
      lines: [
        { productId: gold.id, qty: 2, unitPrice: 19.99, lineTotal: 39.98, tokenised: false, error: null },
        { productId: token.id, qty: 1, unitPrice: 100, lineTotal: 100, tokenised: true, error: null },
      ],
    });
  });

  it('marks lines it cannot sell and leaves them out', async () => {
    const draft = await buildProduct(t, { status: 'draft' });
    const res = (
      await price({
        items: [
          { productId: gold.id, qty: 6 },
          { productId: draft.id, qty: 1 },
          { productId: '00000000-0000-4000-8000-000000000000', qty: 1 },
        ],
      })
    ).json();
    expect(res.lines.map((l: { error: string }) => l.error)).toEqual([
      expect.stringMatching(/^Only 5 of ".*" left in stock\.$/),
      'This product does not exist.',
      'This product does not exist.',
    ]);
    expect(res.total).toBe(0);
  });

  it('answers a product not on sale as one that does not exist, without its title or price', async () => {
    for (const status of ['draft', 'inactive'] as const) {
      const hidden = await buildProduct(t, { status, priceFiat: 1234.56 });
      const res = await price({ items: [{ productId: hidden.id, qty: 1 }] });
      expect(res.statusCode).toBe(200);
      expect(res.json().lines).toEqual([
        expect.objectContaining({ title: null, unitPrice: null, lineTotal: 0, error: 'This product does not exist.' }),
      ]);
      expect(res.body).not.toContain(hidden.title);
      expect(res.body).not.toContain('1234.56');
    }
  });

  it('applies a coupon by its code in any case, and says why one does not apply', async () => {
    const c = await buildCoupon(t, { discountValue: 10 });
    const res = (await price({ items: [{ productId: gold.id, qty: 1 }], couponCode: c.code.toLowerCase() })).json();
    expect(res).toMatchObject({
      subtotal: 19.99,
      discount: 2,
      total: 17.99,
      coupon: { code: c.code, valid: true, discount: 2 },
    });
    const unknown = (await price({ items: [{ productId: gold.id, qty: 1 }], couponCode: 'NO-SUCH' })).json();
    expect(unknown.coupon).toEqual({
      code: 'NO-SUCH',
      valid: false,
      message: 'Coupon code "NO-SUCH" is not valid.',
      said: { messageCode: 'coupon_invalid', params: { code: 'NO-SUCH' } },
      discount: 0,
    });
    const min = await buildCoupon(t, { minimumSubtotal: 50 });
    expect((await price({ items: [{ productId: gold.id, qty: 1 }], couponCode: min.code })).json().coupon.message).toBe(
      `Coupon "${min.code}" needs a subtotal of at least USD 50.00.`,
    );
  });

  it('knows a logged-in shopper: the per-customer limit counts their paid orders with the code; a stale token prices anonymously', async () => {
    const c = await buildCoupon(t, { perCustomerLimit: 1 });
    const buyer = await buildUser(t);
    const paid = await buildOrder(t, { userEmail: buyer.email, productId: gold.id, paid: true });
    await t.db
      .update(orders)
      .set({ couponCode: c.code })
      .where(sql`${orders.id} = ${paid.id}`);
    const session = (await t.login(buyer.email, PASSWORD)).json().token as string;
    const body = { items: [{ productId: gold.id, qty: 1 }], couponCode: c.code };
    expect((await price(body, { token: session })).json().coupon).toMatchObject({
      valid: false,
      message: `You have already used coupon "${c.code}" as often as it allows.`,
    });
    expect((await price(body)).json().coupon.valid).toBe(true);
    expect((await price(body, { token: 'stale-token' })).json().coupon.valid).toBe(true);
  });

  it('adds tax and shipping from the settings', async () => {
    await t.call('PUT', '/api/settings', { body: { taxRatePercent: 8.25, shippingFee: 5, freeShippingOver: 100 } });
    try {
      const goods = (await price({ items: [{ productId: gold.id, qty: 1 }] })).json();
      expect(goods).toMatchObject({ subtotal: 19.99, tax: 1.65, shipping: 5, total: 26.64 });
      const tokens = (await price({ items: [{ productId: token.id, qty: 1 }] })).json();
      expect(tokens).toMatchObject({ subtotal: 100, tax: 8.25, shipping: 0, total: 108.25 });
      const over = (
        await price({
          items: [
            { productId: gold.id, qty: 5 },
            { productId: token.id, qty: 1 },
          ],
        })
      ).json();
      expect(over.shipping).toBe(0);
    } finally {
      await t.resetSettings();
    }
  });

  it('refuses pricing settings out of range, naming the field', async () => {
    for (const [body, field] of [
      [{ taxRatePercent: 101 }, 'taxRatePercent'],
      [{ taxRatePercent: 1.234 }, 'taxRatePercent'],
      [{ shippingFee: -1 }, 'shippingFee'],
      [{ freeShippingOver: '10' }, 'freeShippingOver'],
      [{ checkoutTtlMinutes: 0 }, 'checkoutTtlMinutes'],
    ] as const) {
      const res = await t.call('PUT', '/api/settings', { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields, JSON.stringify(body)).toHaveProperty(field);
    }
    expect((await t.call('GET', '/api/settings')).json().settings).toMatchObject({
      taxRatePercent: 0,
      shippingFee: 0,
      freeShippingOver: null,
      checkoutTtlMinutes: 30,
    });
  });

  it.each([
    [{}, 'items', 'Items must be a list of {productId, qty}.'],
    [{ items: [] }, 'items', 'The cart is empty: add at least one item.'],
    [{ items: [{ productId: 'x', qty: 1 }] }, 'items.0.productId', 'Product must be a product id (a UUID).'],
    [
      { items: [{ productId: '00000000-0000-4000-8000-000000000000', qty: 0 }] },
      'items.0.qty',
      'Quantity must be a whole number from 1 to 10,000.',
    ],
    [
      { items: [{ productId: '00000000-0000-4000-8000-000000000000', qty: 1 }], couponCode: 'x'.repeat(41) },
      'couponCode',
      'Coupon code can be at most 40 characters.',
    ],
  ])('refuses %j with 400 naming %s', async (body, field, sentence) => {
    const res = await price(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ [field]: sentence });
  });

  it('changes nothing: no stock taken, no coupon used', async () => {
    const c = await buildCoupon(t, { usageLimit: 1 });
    const stock = async () => (await t.call('GET', `/api/products/${gold.id}`)).json().product.stock as number;
    const before = await stock();
    await price({ items: [{ productId: gold.id, qty: 1 }], couponCode: c.code });
    expect(await stock()).toBe(before);
    expect(
      (
        await t.db
          .select()
          .from(coupons)
          .where(sql`${coupons.id} = ${c.id}`)
      )[0]!.usedCount,
    ).toBe(0);
  });
});
