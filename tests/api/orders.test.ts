import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, productInput, type TestApp } from './harness.js';

let t: TestApp;
let customer: { email: string; id: string };
beforeAll(async () => {
  t = await createTestApp();
  customer = await t.user('user', { email: `buyer.${Date.now()}@test.dev` });
});
afterAll(async () => { await t.close(); });

const WALLET = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

async function product(overrides: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/products', { body: productInput({ priceFiat: '12.34', stock: 5, ...overrides }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product as { id: string; stock: number; title: string };
}

const stockOf = async (id: string) => (await t.call('GET', `/api/products/${id}`)).json().product.stock as number;
const orderBody = (productId: string, extra: Record<string, unknown> = {}) => ({ userEmail: customer.email, productId, qty: 2, ...extra });

describe('create order', () => {
  it('creates a pending order, prices it exactly and takes stock in the same step', async () => {
    const p = await product();
    const res = await t.call('POST', '/api/orders', { body: orderBody(p.id, { userEmail: customer.email.toUpperCase() }) });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    expect(order).toMatchObject({ status: 'pending', qty: 2, amountFiat: 24.68, customerEmail: customer.email, test: false, payment: null, paidAt: null });
    expect(order.items).toEqual([expect.objectContaining({ productId: p.id, qty: 2, unitPriceFiat: 12.34, lineTotalFiat: 24.68, tokenised: false })]);
    expect(order.customer).toMatchObject({ id: customer.id, email: customer.email });
    expect(await stockOf(p.id)).toBe(3);
    const got = await t.call('GET', `/api/orders/${order.id}`);
    expect(got.json().order).toEqual(order);
  });

  it('a mock order is paid at once by a test payment, flagged test', async () => {
    const p = await product();
    const res = await t.call('POST', '/api/orders/mock', { body: orderBody(p.id, { qty: 1 }), as: 'operator' });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    expect(order).toMatchObject({ status: 'paid', test: true, amountFiat: 12.34 });
    expect(order.paidAt).not.toBeNull();
    expect(order.payment).toMatchObject({ method: 'test', status: 'completed', amount: 12.34, test: true });
  });

  it('refuses more than the stock with 409 and changes nothing', async () => {
    const p = await product({ stock: 1 });
    const before = (await t.call('GET', '/api/orders?limit=1')).json().total;
    const res = await t.call('POST', '/api/orders', { body: orderBody(p.id, { qty: 2 }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(`Only 1 of "${p.title}" left in stock.`);
    expect(await stockOf(p.id)).toBe(1);
    expect((await t.call('GET', '/api/orders?limit=1')).json().total).toBe(before);
  });

  it('concurrent buyers of the last unit: exactly one succeeds', async () => {
    const p = await product({ stock: 1 });
    const results = await Promise.all([1, 2, 3].map(() => t.call('POST', '/api/orders', { body: orderBody(p.id, { qty: 1 }) })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await stockOf(p.id)).toBe(0);
  });

  it('unknown customer, inactive product, unknown coupon → 422 with the field', async () => {
    const p = await product();
    const draft = await product({ status: 'draft' });
    const cases: [Record<string, unknown>, string][] = [
      [orderBody(p.id, { userEmail: 'ghost@test.dev' }), 'userEmail'],
      [orderBody(draft.id), 'productId'],
      [orderBody('00000000-0000-4000-8000-000000000000'), 'productId'],
      [orderBody(p.id, { couponCode: 'SAVE10' }), 'couponCode'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('POST', '/api/orders', { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().fields).toHaveProperty(field);
    }
    expect(await stockOf(p.id)).toBe(5);
  });

  it('validates the body: email, product, quantity', async () => {
    const p = await product();
    const cases: [Record<string, unknown>, string][] = [
      [orderBody(p.id, { userEmail: 'nope' }), 'userEmail'],
      [orderBody(p.id, { userEmail: undefined }), 'userEmail'],
      [orderBody('not-a-uuid'), 'productId'],
      [orderBody(p.id, { qty: 0 }), 'qty'],
      [orderBody(p.id, { qty: 'x' }), 'qty'],
      [orderBody(p.id, { qty: 1.5 }), 'qty'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('POST', '/api/orders', { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
  });

  it('tokenised products need a valid wallet address', async () => {
    const p = await product({ tokenId: '1', contract: WALLET });
    const none = await t.call('POST', '/api/orders', { body: orderBody(p.id) });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toHaveProperty('walletAddress');
    const badChecksum = await t.call('POST', '/api/orders', { body: orderBody(p.id, { walletAddress: WALLET.replace('F', 'f') }) });
    expect(badChecksum.statusCode).toBe(400);
    const ok = await t.call('POST', '/api/orders', { body: orderBody(p.id, { walletAddress: WALLET }) });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().order).toMatchObject({ walletAddress: WALLET, items: [expect.objectContaining({ tokenised: true, tokenId: '1' })] });
  });

  it('refuses to create an order for a suspended customer', async () => {
    const p = await product();
    const s = await t.user('user', { status: 'suspended' });
    const res = await t.call('POST', '/api/orders', { body: orderBody(p.id, { userEmail: s.email }) });
    expect(res.statusCode).toBe(422);
  });

  it('deleting a product that orders reference answers 409 and keeps it', async () => {
    const p = await product();
    await t.call('POST', '/api/orders', { body: orderBody(p.id, { qty: 1 }) });
    const res = await t.call('DELETE', `/api/products/${p.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/Set its status to inactive instead/);
    expect((await t.call('GET', `/api/products/${p.id}`)).statusCode).toBe(200);
  });
});

describe('orders list', () => {
  it('filters by status and by email prefix or whole id, newest first', async () => {
    const p = await product({ stock: 100 });
    const buyer = await t.user('user', { email: `zed.${Date.now()}@list.dev` });
    const first = (await t.call('POST', '/api/orders', { body: orderBody(p.id, { userEmail: buyer.email, qty: 1 }) })).json().order;
    const second = (await t.call('POST', '/api/orders/mock', { body: orderBody(p.id, { userEmail: buyer.email, qty: 3 }) })).json().order;
    const list = (s: string) => t.call('GET', `/api/orders?${s}`).then((r) => r.json());
    const mine = await list(`q=${encodeURIComponent(buyer.email.slice(0, 8))}`);
    expect(mine.orders.map((o: { id: string }) => o.id)).toEqual([second.id, first.id]);
    expect(mine).toMatchObject({ ok: true, total: 2, totalIsEstimate: false });
    expect((await list(`q=${encodeURIComponent(buyer.email.slice(0, 8))}&status=paid`)).orders.map((o: { id: string }) => o.id)).toEqual([second.id]);
    expect((await list(`q=${first.id}`)).orders.map((o: { id: string }) => o.id)).toEqual([first.id]);
    const byAmount = await list(`q=${encodeURIComponent(buyer.email)}&sort=amountFiat&order=asc`);
    expect(byAmount.orders.map((o: { qty: number }) => o.qty)).toEqual([1, 3]);
    expect((await list('q=%25')).total).toBe(0);
  });

  it('stats count orders by status', async () => {
    const s = (await t.call('GET', '/api/orders/stats')).json().stats;
    expect(s.total).toBe(s.pending + s.paid + s.failed + s.refunded + s.fulfilled);
    expect(s.paid).toBeGreaterThan(0);
  });

  it('400 on bad parameters, 404 on an unknown order', async () => {
    expect((await t.call('GET', '/api/orders?status=lost')).statusCode).toBe(400);
    expect((await t.call('GET', '/api/orders?limit=500')).statusCode).toBe(400);
    expect((await t.call('GET', '/api/orders/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('orders permissions', () => {
  it('staff read; user cannot; finance cannot create; no token is 401', async () => {
    const p = await product();
    expect((await t.call('GET', '/api/orders', { as: 'finance' })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/orders', { as: 'user' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/orders', { as: null })).statusCode).toBe(401);
    for (const url of ['/api/orders', '/api/orders/mock']) {
      expect((await t.call('POST', url, { as: 'finance', body: orderBody(p.id) })).statusCode).toBe(403);
      expect((await t.call('POST', url, { as: 'user', body: orderBody(p.id) })).statusCode).toBe(403);
      expect((await t.call('POST', url, { as: null, body: orderBody(p.id) })).statusCode).toBe(401);
    }
    expect(await stockOf(p.id)).toBe(5);
  });
});
