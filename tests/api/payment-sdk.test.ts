import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../server/db/schema.js';
import { buildOrder, buildPayment, buildUser } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;
const CARD = { cardNumber: '4242424242424242', expiry: '12/39', cvc: '123', name: 'X' };

const create = (body: Body, opts: { as?: 'admin' | 'finance' | 'operator'; key?: string } = {}) =>
  t.call('POST', '/api/payment-sdk/create', {
    as: opts.as ?? 'finance',
    body,
    headers: opts.key ? { 'idempotency-key': opts.key } : {},
  });
/** A pending order of 12.50 USD, and the body that pays it through the sandbox. */
const pendingOrder = async () => {
  const order = await buildOrder(t, { product: { priceFiat: '12.50' } });
  return { order, body: { provider: 'sandbox', amount: 12.5, currency: 'USD', orderId: order.id } as Body };
};
const paymentCount = async (orderId: string) =>
  (await t.db.select().from(payments).where(eq(payments.orderId, orderId))).length;

describe('GET /api/payment-sdk/providers', () => {
  it('lists every provider without a token: the sandbox takes the shop’s currency, the others are not configured', async () => {
    const res = await t.call('GET', '/api/payment-sdk/providers', { as: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, success: true });
    expect(res.json().providers).toEqual([
      { name: 'sandbox', configured: true, currencies: ['USD'] },
      ...['stripe', 'crypto', 'paypal', 'alipay', 'wechat'].map((name) => ({
        name,
        configured: false,
        currencies: [],
      })),
    ]);
    for (const as of ['operator', 'user'] as const)
      expect((await t.call('GET', '/api/payment-sdk/providers', { as })).statusCode).toBe(200);
  });
});

describe('POST /api/payment-sdk/create', () => {
  it('opens a pending sandbox payment that the hosted page completes, paying the order; refunds through the SDK', async () => {
    const { order, body } = await pendingOrder();
    const res = await create(
      { ...body, customerId: order.userId, returnUrl: '/shop/thanks', cancelUrl: '/shop/cart' },
      { key: 'sdk-create-1' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const { payment, redirectUrl } = res.json();
    expect(res.json()).toMatchObject({ ok: true, success: true });
    expect(payment).toMatchObject({
      orderId: order.id,
      provider: 'sandbox',
      amount: 12.5,
      currency: 'USD',
      status: 'pending',
    });
    expect(redirectUrl).toBe(`/pay/sandbox/${payment.id}`);
    const again = await create(
      { ...body, customerId: order.userId, returnUrl: '/shop/thanks', cancelUrl: '/shop/cart' },
      { key: 'sdk-create-1' },
    );
    expect(again.json().payment.id).toBe(payment.id);

    const paid = await t.call('POST', `/api/payments/sandbox/${payment.id}/confirm`, { as: null, body: CARD });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().redirectUrl).toBe(`/shop/thanks?orderId=${order.id}`);
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('paid');

    const refund = (amount: number, as: 'finance' | 'admin' = 'finance') =>
      t.call('POST', '/api/payment-sdk/refund', { as, body: { paymentId: payment.id, amount, reason: 'Returned' } });
    const part = await refund(2.5);
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({
      ok: true,
      success: true,
      payment: { status: 'completed', refunded: 2.5, refundable: 10 },
      refund: { amount: 2.5 },
    });
    const tooMuch = await refund(11);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ success: false, error: expect.stringContaining('what is left') });
    expect((await refund(10, 'admin')).json().payment.status).toBe('refunded');
  });

  it('refuses a wrong amount or currency, naming the field, and leaves nothing behind', async () => {
    const { order, body } = await pendingOrder();
    const amount = await create({ ...body, amount: 12 });
    expect(amount.statusCode).toBe(422);
    expect(amount.json()).toMatchObject({
      success: false,
      ok: false,
      code: 'amount_mismatch',
      fields: { amount: 'Amount must be 12.50 USD, what the order still owes.' },
    });
    const currency = await create({ ...body, currency: 'EUR' });
    expect(currency.statusCode).toBe(422);
    expect(currency.json()).toMatchObject({
      code: 'currency_mismatch',
      fields: { currency: 'Currency must be USD, the order’s currency.' },
    });
    const customer = await create({ ...body, customerId: (await buildUser(t)).id });
    expect(customer.json()).toMatchObject({ code: 'customer_mismatch', fields: { customerId: expect.any(String) } });
    expect(await paymentCount(order.id)).toBe(0);
  });

  it('refuses a provider that is not configured, URLs off this site and an unknown order', async () => {
    const { order, body } = await pendingOrder();
    const stripe = await create({ ...body, provider: 'stripe' });
    expect(stripe.statusCode).toBe(422);
    expect(stripe.json()).toMatchObject({
      success: false,
      code: 'provider_not_configured',
      error: 'Stripe is not configured.',
    });
    expect((await create({ ...body, provider: 'wechat' })).json().error).toBe('WeChat Pay is not configured.');
    const offSite = await create({ ...body, returnUrl: 'https://evil.example/x' });
    expect(offSite.statusCode).toBe(400);
    expect(offSite.json().fields).toEqual({
      returnUrl: 'Return URL must be a path on this site, starting with a single /.',
    });
    expect((await create({ ...body, cancelUrl: '//evil.example' })).json().fields).toHaveProperty('cancelUrl');
    const unknown = await create({ ...body, orderId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(await paymentCount(order.id)).toBe(0);
  });

  it('refuses an order that is not pending, or has a pending payment of another provider', async () => {
    const paid = await buildOrder(t, { product: { priceFiat: '12.50' }, paid: true });
    const refused = await create({ provider: 'sandbox', amount: 12.5, currency: 'USD', orderId: paid.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'order_not_pending',
      error: 'This order is paid: only a pending order can be paid.',
    });

    const open = await buildPayment(t, { product: { priceFiat: '8.00' }, card: null });
    const [orderId, sandbox] = [
      open.orderId!,
      { provider: 'sandbox', amount: 8, currency: 'USD', orderId: open.orderId },
    ];
    await t.db.update(payments).set({ provider: 'stripe' }).where(eq(payments.id, open.id));
    const elsewhere = await create(sandbox);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toMatchObject({
      code: 'payment_pending_elsewhere',
      error: expect.stringContaining('pending Stripe payment'),
    });
    await t.db.update(payments).set({ provider: 'sandbox' }).where(eq(payments.id, open.id));
    expect((await create(sandbox)).statusCode, 'the same provider may open another').toBe(201);
    expect(await paymentCount(orderId)).toBe(2);
  });

  it('lets operators list but not create or refund', async () => {
    const { body } = await pendingOrder();
    expect((await create(body, { as: 'operator' })).statusCode).toBe(403);
    expect((await create(body, { as: 'admin' })).statusCode).toBe(201);
  });
});
