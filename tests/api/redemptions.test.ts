import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { members, orders, pointsEntries, products, redemptions } from '../../server/db/schema.js';
import { buildProduct, buildUser } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;

/** A shopper with `points` points and their token. */
async function member(points: number) {
  const user = await buildUser(t);
  if (points) {
    const res = await t.call('POST', '/api/membership/points/add', {
      body: { userId: user.id, amount: points, reason: 'Test points' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const token = (await t.login(user.email)).json().token as string;
  return { user, token };
}
const redeem = (token: string, body: Body) => t.call('POST', '/api/redemptions', { token, body });
const decide = (id: string, body: Body, as: 'admin' | 'operator' | 'finance' | 'user' | null = 'operator') =>
  t.call('PUT', `/api/redemptions/${id}/status`, { as, body });
const balanceOf = async (userId: string) =>
  (await t.db.select().from(members).where(eq(members.userId, userId)))[0]?.pointsBalance ?? 0;
const stockOf = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!.stock;
const redemptionCount = async () => (await t.db.select({ n: count() }).from(redemptions))[0]!.n;

describe('POST /api/redemptions', () => {
  it('holds the points (100 points per 1.00 of price by default) and shows in the member’s history', async () => {
    const { user, token } = await member(5000);
    const product = await buildProduct(t, { priceFiat: 12.34 });
    const res = await redeem(token, { productId: product.id, quantity: 2 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().redemption).toMatchObject({
      status: 'PENDING',
      quantity: 2,
      pointsUsed: 2468,
      userId: user.id,
      email: user.email,
      orderId: null,
      product: { id: product.id, title: product.title, tokenised: false },
    });
    expect(await balanceOf(user.id)).toBe(5000 - 2468);
    const history = (await t.call('GET', '/api/membership/redemptions/history', { token })).json();
    expect(history.redemptions.map((r: Body) => r.id)).toEqual([res.json().redemption.id]);
    const points = (await t.call('GET', '/api/membership/points/history', { token })).json().points;
    expect(points[0]).toMatchObject({ type: 'REDEEMED', amount: -2468, redemptionId: res.json().redemption.id });
    expect((await t.call('GET', `/api/redemptions/${res.json().redemption.id}`, { token })).statusCode).toBe(200);
  });

  it('two redemptions racing for the last points: one wins, the other is 409, and the balance is never negative', async () => {
    const { user, token } = await member(1000);
    const product = await buildProduct(t, { priceFiat: 7, stock: 100 });
    const results = await Promise.all([1, 2, 3].map(() => redeem(token, { productId: product.id, quantity: 1 })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error).toBe(
      `You have 300 points: 1 × "${product.title}" needs 700.`,
    );
    expect(await balanceOf(user.id)).toBe(300);
    const mine = await t.db.select().from(redemptions).where(eq(redemptions.userId, user.id));
    expect(mine).toHaveLength(1);
  });

  it.each([
    [{ quantity: 1 }, 'productId'],
    [{ productId: 'nope', quantity: 1 }, 'productId'],
    [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 0 }, 'quantity'],
    [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1.5 }, 'quantity'],
    [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1001 }, 'quantity'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const { token } = await member(0);
    const before = await redemptionCount();
    const res = await redeem(token, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
    expect(await redemptionCount()).toBe(before);
  });

  it('refuses an unknown or out-of-stock product with a sentence, an inactive or exclusive one as unknown, and too few points with 409', async () => {
    const { user, token } = await member(100_000);
    const cases: [Body, number, RegExp][] = [
      [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }, 422, /does not exist/],
      [
        { productId: (await buildProduct(t, { status: 'draft' })).id, quantity: 1 },
        422,
        /^The product does not exist\.$/,
      ],
      [{ productId: (await buildProduct(t, { stock: 1, priceFiat: 1 })).id, quantity: 2 }, 422, /Only 1 of/],
      [
        { productId: (await buildProduct(t, { minMemberLevel: 'DIAMOND', priceFiat: 1 })).id, quantity: 1 },
        422,
        /^The product does not exist\.$/,
      ],
      [{ productId: (await buildProduct(t, { priceFiat: 5000 })).id, quantity: 1 }, 409, /You have 100000 points/],
    ];
    for (const [body, status, sentence] of cases) {
      const res = await redeem(token, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error).toMatch(sentence);
    }
    expect(await balanceOf(user.id)).toBe(100_000);
    expect((await t.call('POST', '/api/redemptions', { as: null, body: cases[0]![0] })).statusCode).toBe(401);
  });
});

describe('PUT /api/redemptions/{id}/status', () => {
  it('APPROVED makes a zero-price paid order, takes the stock and tells the member; a second decision is 409', async () => {
    const { user, token } = await member(3000);
    const product = await buildProduct(t, { priceFiat: 10, stock: 5 });
    const made = (await redeem(token, { productId: product.id, quantity: 2 })).json().redemption;
    const res = await decide(made.id, { status: 'APPROVED', note: 'Enjoy' });
    expect(res.statusCode, res.body).toBe(200);
    const approved = res.json().redemption;
    expect(approved).toMatchObject({
      status: 'APPROVED',
      note: 'Enjoy',
      decidedBy: { email: expect.stringMatching(/^operator\./) },
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, approved.orderId));
    expect(order).toMatchObject({ status: 'paid', amountCents: 0, userId: user.id, qty: 2 });
    expect(await stockOf(product.id)).toBe(3);
    expect(await balanceOf(user.id)).toBe(1000);
    // Fulfilled like any other order of goods.
    const fulfilled = await t.call('POST', `/api/orders/${order!.id}/fulfil`, { as: 'operator' });
    expect(fulfilled.statusCode, fulfilled.body).toBe(200);
    expect(fulfilled.json().order.status).toBe('fulfilled');
    const again = await decide(made.id, { status: 'REJECTED' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(
      'This redemption is already APPROVED: only a PENDING one can be approved or rejected.',
    );
    const inbox = (await t.call('GET', '/api/notifications', { token })).json();
    expect(JSON.stringify(inbox)).toContain('Your redemption was approved');
  });

  it('REJECTED returns the points with an entry; approving when out of stock is refused with a sentence and changes nothing', async () => {
    const { user, token } = await member(2000);
    const product = await buildProduct(t, { priceFiat: 5, stock: 1 });
    const first = (await redeem(token, { productId: product.id, quantity: 1 })).json().redemption;
    const second = (await redeem(token, { productId: product.id, quantity: 1 })).json().redemption;
    expect(await balanceOf(user.id)).toBe(1000);
    expect((await decide(first.id, { status: 'APPROVED' })).statusCode).toBe(200);
    const out = await decide(second.id, { status: 'APPROVED' });
    expect(out.statusCode).toBe(409);
    expect(out.json().error).toBe(`"${product.title}" is out of stock.`);
    expect((await t.db.select().from(redemptions).where(eq(redemptions.id, second.id)))[0]!.status).toBe('PENDING');
    const rejected = await decide(second.id, { status: 'REJECTED', note: 'Out of stock' });
    expect(rejected.statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(1500);
    const [entry] = await t.db
      .select()
      .from(pointsEntries)
      .where(eq(pointsEntries.redemptionId, second.id))
      .orderBy(pointsEntries.createdAt);
    expect(entry).toBeDefined();
    const returned = await t.db.select().from(pointsEntries).where(eq(pointsEntries.type, 'RETURNED'));
    expect(returned.find((e) => e.redemptionId === second.id)).toMatchObject({ amount: 500, balanceAfter: 1500 });
  });

  it('only admins and operators decide; a tokenised product needs the member’s wallet', async () => {
    const { token } = await member(1000);
    const product = await buildProduct(t, { priceFiat: 1, tokenId: 77 });
    const made = (await redeem(token, { productId: product.id, quantity: 1 })).json().redemption;
    expect((await decide(made.id, { status: 'APPROVED' }, 'finance')).statusCode).toBe(403);
    expect(
      (await t.call('PUT', `/api/redemptions/${made.id}/status`, { token, body: { status: 'APPROVED' } })).statusCode,
    ).toBe(403);
    expect((await decide(made.id, { status: 'APPROVED' }, null)).statusCode).toBe(401);
    const noWallet = await decide(made.id, { status: 'APPROVED' }, 'admin');
    expect(noWallet.statusCode).toBe(409);
    expect(noWallet.json().error).toMatch(/has no wallet address/);
    expect((await decide(made.id, { status: 'PENDING' })).statusCode).toBe(400);
    expect((await decide(made.id, { status: 'DONE' })).statusCode).toBe(400);
    expect((await decide('00000000-0000-4000-8000-000000000000', { status: 'REJECTED' })).statusCode).toBe(404);
  });
});

describe('GET /api/redemptions', () => {
  it('staff list with a status filter and paging, and the CSV; shoppers may not; a shopper reads only their own one', async () => {
    const a = await member(1000);
    const b = await member(1000);
    const product = await buildProduct(t, { priceFiat: 1, title: `Listed ${Date.now()}` });
    const ra = (await redeem(a.token, { productId: product.id, quantity: 1 })).json().redemption;
    const rb = (await redeem(b.token, { productId: product.id, quantity: 2 })).json().redemption;
    await decide(rb.id, { status: 'REJECTED' });

    const q = `q=${encodeURIComponent(product.title)}`;
    for (const role of ['admin', 'finance', 'operator'] as const) {
      const all = await t.call('GET', `/api/redemptions?${q}`, { as: role });
      expect(all.statusCode).toBe(200);
      expect(all.json()).toMatchObject({ ok: true, total: 2, totalIsEstimate: false });
    }
    const pending = (await t.call('GET', `/api/redemptions?${q}&status=PENDING`)).json();
    expect(pending.redemptions.map((r: Body) => r.id)).toEqual([ra.id]);
    const page = (await t.call('GET', `/api/redemptions?${q}&limit=1&offset=1&sort=pointsUsed&order=asc`)).json();
    expect(page.redemptions.map((r: Body) => r.id)).toEqual([rb.id]);
    expect(
      (await t.call('GET', `/api/redemptions?userId=${b.user.id}`)).json().redemptions.map((r: Body) => r.id),
    ).toEqual([rb.id]);
    expect((await t.call('GET', '/api/redemptions?status=DONE')).statusCode).toBe(400);
    expect((await t.call('GET', '/api/redemptions', { token: a.token })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/redemptions', { as: null })).statusCode).toBe(401);

    const csv = await t.call('GET', `/api/redemptions/export.csv?${q}&sort=pointsUsed&order=asc`, { as: 'finance' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'id,createdAt,email,product,quantity,pointsUsed,status,orderId,note,decidedAt,updatedAt,decidedBy',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([ra.id, rb.id]);
    expect((await t.call('GET', '/api/redemptions/export.csv', { token: a.token })).statusCode).toBe(403);

    expect((await t.call('GET', `/api/redemptions/${rb.id}`, { token: a.token })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/redemptions/${rb.id}`, { token: b.token })).json().redemption.status).toBe(
      'REJECTED',
    );
    expect((await t.call('GET', `/api/redemptions/${rb.id}`, { as: 'finance' })).statusCode).toBe(200);
  });
});
