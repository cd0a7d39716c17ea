import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintJobs, orders, payments } from '../../server/db/schema.js';
import { buildOrder, buildProduct, buildUser } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
let customer: { email: string; id: string };
beforeAll(async () => {
  t = await createTestApp();
  customer = await buildUser(t);
});
afterAll(async () => {
  await t.close();
});

const WALLET = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

const stockOf = async (id: string) => (await t.call('GET', `/api/products/${id}`)).json().product.stock as number;
const orderBody = (productId: string, extra: Record<string, unknown> = {}) => ({
  userEmail: customer.email,
  productId,
  qty: 2,
  ...extra,
});
const rows = async (table: typeof orders | typeof payments | typeof mintJobs) =>
  Number((await t.db.select({ n: sql<string>`count(*)` }).from(table))[0]!.n);
/** How many orders, payments and mint jobs exist, read from the tables (not the cached list totals). */
const written = async () => ({
  orders: await rows(orders),
  payments: await rows(payments),
  mintJobs: await rows(mintJobs),
});

describe('create order', () => {
  it('creates a pending order, prices it exactly and takes stock in the same step', async () => {
    const p = await buildProduct(t, { priceFiat: '12.34', stock: 5 });
    const res = await t.call('POST', '/api/orders', {
      body: orderBody(p.id, { userEmail: customer.email.toUpperCase() }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    expect(order).toMatchObject({
      status: 'pending',
      qty: 2,
      amountFiat: 24.68,
      customerEmail: customer.email,
      test: false,
      payment: null,
      paidAt: null,
    });
    expect(order.items).toEqual([
      expect.objectContaining({
        productId: p.id,
        qty: 2,
        unitPriceFiat: 12.34,
        lineTotalFiat: 24.68,
        tokenised: false,
      }),
    ]);
    expect(order.customer).toMatchObject({ id: customer.id, email: customer.email });
    expect(await stockOf(p.id)).toBe(3);
    const got = await t.call('GET', `/api/orders/${order.id}`);
    expect(got.json().order).toEqual(order);
  });

  it('a mock order is paid at once by a test payment, flagged test', async () => {
    const p = await buildProduct(t, { priceFiat: '12.34' });
    const res = await t.call('POST', '/api/orders/mock', { body: orderBody(p.id, { qty: 1 }), as: 'operator' });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    expect(order).toMatchObject({ status: 'paid', test: true, amountFiat: 12.34 });
    expect(order.paidAt).not.toBeNull();
    expect(order.payment).toMatchObject({ method: 'test', status: 'completed', amount: 12.34, test: true });
  });

  it('concurrent buyers of the last unit: exactly one succeeds', async () => {
    const p = await buildProduct(t, { stock: 1 });
    const results = await Promise.all(
      [1, 2, 3].map(() => t.call('POST', '/api/orders', { body: orderBody(p.id, { qty: 1 }) })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await stockOf(p.id)).toBe(0);
  });

  it('tokenised products need a valid wallet address', async () => {
    const p = await buildProduct(t, { tokenId: '1', contract: WALLET });
    const none = await t.call('POST', '/api/orders', { body: orderBody(p.id) });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toHaveProperty('walletAddress');
    const badChecksum = await t.call('POST', '/api/orders', {
      body: orderBody(p.id, { walletAddress: WALLET.replace('F', 'f') }),
    });
    expect(badChecksum.statusCode).toBe(400);
    const ok = await t.call('POST', '/api/orders', { body: orderBody(p.id, { walletAddress: WALLET }) });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().order).toMatchObject({
      walletAddress: WALLET,
      items: [expect.objectContaining({ tokenised: true, tokenId: '1' })],
    });
  });

  it('deleting a product that orders reference answers 409 and keeps it', async () => {
    const p = await buildProduct(t);
    await buildOrder(t, { productId: p.id });
    const res = await t.call('DELETE', `/api/products/${p.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/Set its status to inactive instead/);
    expect((await t.call('GET', `/api/products/${p.id}`)).statusCode).toBe(200);
  });
});

describe.each(['/api/orders', '/api/orders/mock'])('%s refusals change nothing', (url) => {
  it('refuses more than the stock with 409', async () => {
    const p = await buildProduct(t, { stock: 1 });
    const before = await written();
    const res = await t.call('POST', url, { body: orderBody(p.id, { qty: 2 }) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'insufficient_stock', error: `Only 1 of "${p.title}" left in stock.` });
    const none = await buildProduct(t, { stock: 0 });
    const out = await t.call('POST', url, { body: orderBody(none.id, { qty: 1 }) });
    expect(out.statusCode).toBe(409);
    expect(out.json().error).toBe(`"${none.title}" is out of stock.`);
    expect(await stockOf(p.id)).toBe(1);
    expect(await stockOf(none.id)).toBe(0);
    expect(await written()).toEqual(before);
  });

  it('unknown or suspended customer, inactive, draft or unknown product, unknown coupon → 422 naming the field', async () => {
    const p = await buildProduct(t);
    const draft = await buildProduct(t, { status: 'draft' });
    const inactive = await buildProduct(t, { status: 'inactive' });
    const suspended = await buildUser(t, { status: 'suspended' });
    const cases: [Record<string, unknown>, string, string][] = [
      [orderBody(p.id, { userEmail: 'ghost@test.dev' }), 'userEmail', 'No customer has the email ghost@test.dev.'],
      [
        orderBody(p.id, { userEmail: suspended.email }),
        'userEmail',
        `The customer account ${suspended.email} is suspended.`,
      ],
      [orderBody(draft.id), 'productId', `"${draft.title}" is not for sale (status draft).`],
      [orderBody(inactive.id), 'productId', `"${inactive.title}" is not for sale (status inactive).`],
      [orderBody('00000000-0000-4000-8000-000000000000'), 'productId', 'The product does not exist.'],
      [orderBody(p.id, { couponCode: 'SAVE10' }), 'couponCode', 'Coupon code "SAVE10" is not valid.'],
    ];
    const before = await written();
    for (const [body, field, sentence] of cases) {
      const res = await t.call('POST', url, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().fields).toHaveProperty(field);
      expect(res.json().error).toBe(sentence);
    }
    expect(await stockOf(p.id)).toBe(p.stock);
    expect(await written()).toEqual(before);
  });

  it('validates the body: 400 naming the field in `fields` and in the sentence', async () => {
    const p = await buildProduct(t);
    const cases: [Record<string, unknown>, string][] = [
      [orderBody(p.id, { userEmail: 'nope' }), 'userEmail'],
      [orderBody(p.id, { userEmail: undefined }), 'userEmail'],
      [orderBody(p.id, { userEmail: '   ' }), 'userEmail'],
      [orderBody('not-a-uuid'), 'productId'],
      [orderBody(p.id, { productId: undefined }), 'productId'],
      [orderBody(p.id, { qty: 0 }), 'qty'],
      [orderBody(p.id, { qty: -1 }), 'qty'],
      [orderBody(p.id, { qty: 'x' }), 'qty'],
      [orderBody(p.id, { qty: 1.5 }), 'qty'],
      [orderBody(p.id, { qty: undefined }), 'qty'],
      [orderBody(p.id, { qty: 10_001 }), 'qty'],
      [orderBody(p.id, { couponCode: 'C'.repeat(65) }), 'couponCode'],
      [orderBody(p.id, { walletAddress: '0x'.padEnd(101, 'a') }), 'walletAddress'],
    ];
    const before = await written();
    for (const [body, field] of cases) {
      const res = await t.call('POST', url, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, code: 'validation' });
      expect(res.json().fields, JSON.stringify(body)).toHaveProperty(field);
      expect(res.json().error, JSON.stringify(body)).toContain(`"${field}"`);
    }
    expect(await stockOf(p.id)).toBe(p.stock);
    expect(await written()).toEqual(before);
  });

  it('an order whose total would not fit exactly is refused with 422 and takes no stock', async () => {
    const p = await buildProduct(t, { priceFiat: '9999999999999.99', stock: 10_000 });
    const res = await t.call('POST', '/api/orders', { body: orderBody(p.id, { qty: 10_000 }) });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'amount_too_large', fields: { qty: expect.any(String) } });
    expect(await stockOf(p.id)).toBe(10_000);
  });

  it('an over-long coupon code is refused with a sentence naming it', async () => {
    const p = await buildProduct(t);
    const res = await t.call('POST', '/api/orders', { body: orderBody(p.id, { couponCode: 'X'.repeat(65) }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Invalid field "couponCode": Coupon code can be at most 64 characters.');
  });

  it('a malformed product id is not called missing', async () => {
    const res = await t.call('POST', url, { body: orderBody('not-a-uuid') });
    expect(res.json().error).toBe('Invalid field "productId": Product must be a product id (a UUID).');
  });

  it('a tokenised product without a valid wallet address → 400 naming walletAddress', async () => {
    const p = await buildProduct(t, { tokenId: '1', contract: WALLET });
    const before = await written();
    for (const walletAddress of [undefined, 'not-an-address', WALLET.replace('F', 'f')]) {
      const res = await t.call('POST', url, { body: orderBody(p.id, { walletAddress }) });
      expect(res.statusCode, String(walletAddress)).toBe(400);
      expect(res.json().fields).toHaveProperty('walletAddress');
      expect(res.json().error).toMatch(/wallet address/);
    }
    expect(await stockOf(p.id)).toBe(p.stock);
    expect(await written()).toEqual(before);
  });
});

describe('orders list', () => {
  it('filters by status and by email prefix or whole id, newest first', async () => {
    const p = await buildProduct(t, { stock: 100 });
    const buyer = await buildUser(t, { email: `zed.${Date.now()}@list.dev` });
    const first = await buildOrder(t, { userEmail: buyer.email, productId: p.id, qty: 1 });
    const second = await buildOrder(t, { userEmail: buyer.email, productId: p.id, qty: 3, paid: true });
    const list = (s: string) => t.call('GET', `/api/orders?${s}`).then((r) => r.json());
    const mine = await list(`q=${encodeURIComponent(buyer.email.slice(0, 8))}`);
    expect(mine.orders.map((o: { id: string }) => o.id)).toEqual([second.id, first.id]);
    expect(mine).toMatchObject({ ok: true, total: 2, totalIsEstimate: false });
    expect(
      (await list(`q=${encodeURIComponent(buyer.email.slice(0, 8))}&status=paid`)).orders.map(
        (o: { id: string }) => o.id,
      ),
    ).toEqual([second.id]);
    expect((await list(`q=${first.id}`)).orders.map((o: { id: string }) => o.id)).toEqual([first.id]);
    const byAmount = await list(`q=${encodeURIComponent(buyer.email)}&sort=amountFiat&order=asc`);
    expect(byAmount.orders.map((o: { qty: number }) => o.qty)).toEqual([1, 3]);
    expect((await list('q=%25')).total).toBe(0);
  });

  it('filters by the days the orders were placed, in the site’s timezone, in the list and its CSV', async () => {
    const p = await buildProduct(t, { stock: 100 });
    const buyer = await buildUser(t, { email: `days.${Date.now()}@list.dev` });
    const late = await buildOrder(t, { userEmail: buyer.email, productId: p.id });
    const early = await buildOrder(t, { userEmail: buyer.email, productId: p.id });
    // 18:00 UTC on 1 February 2026 is already the 2nd in Shanghai.
    await t.db
      .update(orders)
      .set({ createdAt: new Date('2026-02-01T18:00:00Z') })
      .where(sql`${orders.id} = ${early.id}`);
    await t.db
      .update(orders)
      .set({ createdAt: new Date('2026-02-03T09:00:00Z') })
      .where(sql`${orders.id} = ${late.id}`);
    const q = `q=${encodeURIComponent(buyer.email)}`;
    const ids = async (s: string) =>
      (await t.call('GET', `/api/orders?${q}&${s}`)).json().orders.map((o: { id: string }) => o.id);
    expect(await ids('from=2026-02-01&to=2026-02-01')).toEqual([early.id]);
    expect(await ids('from=2026-02-02')).toEqual([late.id]);
    expect(await ids('to=2026-02-03')).toEqual([late.id, early.id]);
    const admin = { as: 'admin' as const };
    const current = (await t.call('GET', '/api/settings', admin)).json().settings;
    await t.call('PUT', '/api/settings', { ...admin, body: { ...current, timezone: 'Asia/Shanghai' } });
    try {
      expect(await ids('from=2026-02-02&to=2026-02-02')).toEqual([early.id]);
      const csv = (await t.call('GET', `/api/orders/export.csv?${q}&from=2026-02-02&to=2026-02-02`)).body;
      expect(csv).toContain(early.id);
      expect(csv).not.toContain(late.id);
    } finally {
      await t.call('PUT', '/api/settings', { ...admin, body: current });
    }
    const bad = await t.call('GET', '/api/orders?from=2026-02-03&to=2026-02-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/to cannot be before from/);
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
    const p = await buildProduct(t);
    expect((await t.call('GET', '/api/orders', { as: 'finance' })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/orders', { as: 'user' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/orders', { as: null })).statusCode).toBe(401);
    for (const url of ['/api/orders', '/api/orders/mock']) {
      expect((await t.call('POST', url, { as: 'finance', body: orderBody(p.id) })).statusCode).toBe(403);
      expect((await t.call('POST', url, { as: 'user', body: orderBody(p.id) })).statusCode).toBe(403);
      expect((await t.call('POST', url, { as: null, body: orderBody(p.id) })).statusCode).toBe(401);
    }
    expect(await stockOf(p.id)).toBe(p.stock);
  });

  it('one order: 401 without a token, 403 for user, 400 for a malformed id, 404 for an unknown one', async () => {
    const order = await buildOrder(t);
    expect((await t.call('GET', `/api/orders/${order.id}`, { as: null })).statusCode).toBe(401);
    const user = await t.call('GET', `/api/orders/${order.id}`, { as: 'user' });
    expect(user.statusCode).toBe(403);
    expect(user.json().error).toBe('You do not have permission to do this.');
    for (const as of ['finance', 'operator'] as const) {
      expect((await t.call('GET', `/api/orders/${order.id}`, { as })).json().order).toMatchObject({ id: order.id });
    }
    const bad = await t.call('GET', '/api/orders/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation', fields: { id: expect.any(String) } });
    expect(bad.json().error).toContain('"id"');
    expect(
      (await t.call('GET', '/api/orders/00000000-0000-4000-8000-000000000000', { as: 'finance' })).json(),
    ).toMatchObject({ code: 'not_found', error: 'Order not found.' });
  });
});
