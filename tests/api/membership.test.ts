import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray, sql } from 'drizzle-orm';
import {
  auditEvents,
  idempotencyKeys,
  memberLevels,
  members,
  notifications,
  orders,
  payments,
  pointsEntries,
  products,
  redemptions,
  users,
} from '../../server/db/schema.js';
import { buildOrder, buildProduct, buildUser, freshWallet } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { expectSorted, expectUnknownSortRefused } from './list-sorts.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;

/** A new shopper and their bearer token. */
async function shopper() {
  const user = await buildUser(t);
  const token = (await t.login(user.email)).json().token as string;
  return { user, token };
}
const info = (token: string, query = '') => t.call('GET', `/api/membership/info${query}`, { token });
const addPoints = (body: Body, as: 'admin' | 'operator' | 'finance' | 'user' | null = 'admin') =>
  t.call('POST', '/api/membership/points/add', { as, body });
const balanceOf = async (userId: string) =>
  (await t.db.select().from(members).where(eq(members.userId, userId)))[0]?.pointsBalance ?? 0;
const entryCount = async () => (await t.db.select({ n: count() }).from(pointsEntries))[0]!.n;
const refund = (paymentId: string, amount: number) =>
  t.call('POST', `/api/payments/${paymentId}/refund`, {
    as: 'finance',
    body: { amount, reason: 'Customer returned it' },
  });

describe('GET /api/membership/levels', () => {
  it('answers the five seeded levels in order without a token', async () => {
    const res = await t.call('GET', '/api/membership/levels', { as: null });
    expect(res.statusCode, res.body).toBe(200);
    const { ok, success, levels } = res.json();
    expect(ok && success).toBe(true);
    expect(levels.map((l: Body) => l.name)).toEqual(['BRONZE', 'SILVER', 'GOLD', 'PLATINUM', 'DIAMOND']);
    expect(levels[0]).toMatchObject({ minPoints: 0, minOrders: 0, discount: 0, freeShipping: false });
    expect(levels[2]).toMatchObject({
      name: 'GOLD',
      minPoints: 5000,
      minOrders: 5,
      discount: 0.05,
      freeShipping: true,
      exclusiveProducts: true,
    });
  });
});

describe('PUT /api/membership/levels/{name}', () => {
  it('an admin or operator edits a level; finance and shoppers may not; no token is 401', async () => {
    const res = await t.call('PUT', '/api/membership/levels/silver', {
      body: { discount: 0.03, prioritySupport: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().level).toMatchObject({ name: 'SILVER', discount: 0.03, prioritySupport: true, minPoints: 1000 });
    expect(
      (
        await t.call('PUT', '/api/membership/levels/SILVER', {
          as: 'operator',
          body: { discount: 0.02, prioritySupport: false },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.call('PUT', '/api/membership/levels/SILVER', { as: 'finance', body: { discount: 0.5 } })).statusCode,
    ).toBe(403);
    expect(
      (await t.call('PUT', '/api/membership/levels/SILVER', { as: 'user', body: { discount: 0.5 } })).statusCode,
    ).toBe(403);
    expect(
      (await t.call('PUT', '/api/membership/levels/SILVER', { as: null, body: { discount: 0.5 } })).statusCode,
    ).toBe(401);
    const [silver] = await t.db.select().from(memberLevels).where(eq(memberLevels.name, 'SILVER'));
    expect(silver!.discountBp).toBe(200);
    const [audited] = await t.db
      .select({ n: count() })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'membership.level_update'));
    expect(audited!.n).toBe(2);
  });

  it('moves every member to the level the new minimums give, and tells each one moved, down or up', async () => {
    const { user } = await shopper();
    for (let i = 0; i < 2; i++)
      await buildOrder(t, { userEmail: user.email, product: { priceFiat: 1000 }, paid: true });
    const levelOf = async () => (await t.db.select().from(members).where(eq(members.userId, user.id)))[0]!.level;
    const told = async () =>
      (
        await t.db
          .select({ title: notifications.title })
          .from(notifications)
          .where(eq(notifications.userId, user.id))
          .orderBy(notifications.createdAt)
      ).map((n) => n.title);
    expect(await levelOf()).toBe('SILVER'); // 2,000 points and 2 paid orders
    expect(await told()).toContain('You are now a SILVER member');
    const before = (await told()).length;
    try {
      expect((await t.call('PUT', '/api/membership/levels/SILVER', { body: { minPoints: 2500 } })).statusCode).toBe(
        200,
      );
      expect(await levelOf()).toBe('BRONZE');
      expect((await told()).slice(before)).toEqual(['Your membership level is now BRONZE']);
    } finally {
      expect((await t.call('PUT', '/api/membership/levels/SILVER', { body: { minPoints: 1000 } })).statusCode).toBe(
        200,
      );
    }
    expect(await levelOf()).toBe('SILVER');
    expect((await told()).slice(before)).toEqual([
      'Your membership level is now BRONZE',
      'You are now a SILVER member',
    ]);
  });

  it.each([
    ['SILVER', { discount: 1.5 }, 'discount'],
    ['SILVER', { discount: -0.1 }, 'discount'],
    ['SILVER', { discount: 0.12345 }, 'discount'],
    ['SILVER', { minPoints: -1 }, 'minPoints'],
    ['SILVER', { minPoints: 2.5 }, 'minPoints'],
    ['SILVER', { minOrders: 'two' }, 'minOrders'],
    ['SILVER', { freeShipping: 'yes' }, 'freeShipping'],
    ['SILVER', { minPoints: 6000 }, 'minPoints'],
    ['GOLD', { minPoints: 1000 }, 'minPoints'],
    ['GOLD', { minOrders: 1 }, 'minOrders'],
    ['BRONZE', { minPoints: 10 }, 'minPoints'],
    ['COPPER', { discount: 0.1 }, 'name'],
  ])('refuses %s %j with 400 naming %s, and changes nothing', async (name, body, field) => {
    const before = await t.db.select().from(memberLevels).orderBy(memberLevels.rank);
    const res = await t.call('PUT', `/api/membership/levels/${name}`, { body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
    expect(res.json().error).toMatch(/\.$/);
    expect(await t.db.select().from(memberLevels).orderBy(memberLevels.rank)).toEqual(before);
  });
});

describe('points earned and reversed with orders', () => {
  it('a paid order earns pointsPerCurrencyUnit × its subtotal after discount; a partial refund takes back its share, a full one the rest', async () => {
    const { user, token } = await shopper();
    const order = await buildOrder(t, { userEmail: user.email, product: { priceFiat: 123.45 }, paid: true });
    expect(await balanceOf(user.id)).toBe(123);
    let member = (await info(token)).json().member;
    expect(member).toMatchObject({
      email: user.email,
      currentLevel: 'BRONZE',
      totalPoints: 123,
      lifetimePoints: 123,
      totalOrders: 1,
    });

    await t.call('PUT', '/api/settings', { body: { pointsPerCurrencyUnit: 10 } });
    const second = await buildOrder(t, { userEmail: user.email, product: { priceFiat: 100 }, paid: true });
    expect(await balanceOf(user.id)).toBe(1123);
    member = (await info(token)).json().member;
    // 1,123 points and 2 paid orders: SILVER (1,000 points, 2 orders).
    expect(member).toMatchObject({
      currentLevel: 'SILVER',
      totalOrders: 2,
      nextLevel: { name: 'GOLD', pointsNeeded: 5000 - 1123, ordersNeeded: 3 },
    });
    await t.call('PUT', '/api/settings', { body: { pointsPerCurrencyUnit: 1 } });

    expect((await refund(second.payment!.id, 25)).statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(1123 - 250);
    expect((await refund(second.payment!.id, 75)).statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(123);
    member = (await info(token)).json().member;
    expect(member).toMatchObject({ currentLevel: 'BRONZE', totalOrders: 1, totalPoints: 123 });

    const history = (await t.call('GET', '/api/membership/points/history', { token })).json();
    expect(history.points.map((p: Body) => [p.type, p.amount, p.orderId])).toEqual([
      ['REVERSED', -750, second.id],
      ['REVERSED', -250, second.id],
      ['EARNED', 1000, second.id],
      ['EARNED', 123, order.id],
    ]);
    expect(history.points[0].balanceAfter).toBe(123);
    expect(history.total).toBe(4);
  });

  it('a refund of points already spent takes what is left and never leaves a negative balance', async () => {
    const { user } = await shopper();
    const order = await buildOrder(t, { userEmail: user.email, product: { priceFiat: 50 }, paid: true });
    expect((await addPoints({ email: user.email, amount: -40, reason: 'Spent at the counter' })).statusCode).toBe(200);
    expect((await refund(order.payment!.id, 50)).statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(0);
    const [last] = await t.db
      .select()
      .from(pointsEntries)
      .where(eq(pointsEntries.userId, user.id))
      .orderBy(sql`created_at desc, balance_after`)
      .limit(1);
    expect(last).toMatchObject({ type: 'REVERSED', amount: -10, balanceAfter: 0 });
    expect(last!.reason).toMatch(/40 of its points were already spent/);
  });
});

describe('POST /api/membership/points/add', () => {
  it('staff add and remove points with a reason; the entry names them; the balance never goes below 0', async () => {
    const { user, token } = await shopper();
    const added = await addPoints({ email: user.email.toUpperCase(), amount: 500, reason: 'Welcome gift' }, 'operator');
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      ok: true,
      success: true,
      entry: { type: 'ADJUSTED', amount: 500, balanceAfter: 500, reason: 'Welcome gift' },
      member: { totalPoints: 500 },
    });
    expect(added.json().entry.actor.email).toMatch(/^operator\./);
    expect((await addPoints({ userId: user.id, amount: -200, reason: 'Correction' })).json().entry.balanceAfter).toBe(
      300,
    );

    const before = await entryCount();
    const tooMuch = await addPoints({ userId: user.id, amount: -301, reason: 'Too much' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toBe(`${user.email} has 300 points: 301 cannot be removed.`);
    expect(await entryCount()).toBe(before);
    expect(await balanceOf(user.id)).toBe(300);
    expect((await info(token)).json().member.totalPoints).toBe(300);
    const audits = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, user.id));
    expect(audits.filter((a) => a.action === 'membership.points_add')).toHaveLength(2);
  });

  it('finance and shoppers may not add points; no token is 401', async () => {
    const { user, token } = await shopper();
    const body = { userId: user.id, amount: 10, reason: 'x' };
    expect((await addPoints(body, 'finance')).statusCode).toBe(403);
    expect((await t.call('POST', '/api/membership/points/add', { token, body })).statusCode).toBe(403);
    expect((await addPoints(body, null)).statusCode).toBe(401);
    expect(await balanceOf(user.id)).toBe(0);
  });

  it.each([
    [{ amount: 10, reason: 'x' }, 'email'],
    [{ email: 'nobody', amount: 10, reason: 'x' }, 'email'],
    [{ email: 'a@b.dev', amount: 0, reason: 'x' }, 'amount'],
    [{ email: 'a@b.dev', amount: 1.5, reason: 'x' }, 'amount'],
    [{ email: 'a@b.dev', amount: '10', reason: 'x' }, 'amount'],
    [{ email: 'a@b.dev', amount: 2_000_000_000, reason: 'x' }, 'amount'],
    [{ email: 'a@b.dev', amount: 10 }, 'reason'],
    [{ email: 'a@b.dev', amount: 10, reason: '   ' }, 'reason'],
    [{ userId: 'not-a-uuid', amount: 10, reason: 'x' }, 'userId'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const before = await entryCount();
    const res = await addPoints(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
    expect(await entryCount()).toBe(before);
  });

  it('an unknown member is 404 and changes nothing', async () => {
    const res = await addPoints({ email: 'nobody.here@test.dev', amount: 10, reason: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('No member has the email nobody.here@test.dev.');
  });
});

describe('GET /api/membership/info and the histories: whose', () => {
  it('a shopper reads only their own; staff look anyone up by email or id', async () => {
    const a = await shopper();
    const b = await shopper();
    await addPoints({ userId: b.user.id, amount: 70, reason: 'Gift' });
    const own = await info(a.token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      ok: true,
      success: true,
      member: { email: a.user.email, currentLevel: 'BRONZE', totalPoints: 0, benefits: { discount: 0 } },
    });
    expect(own.json().member.rates).toMatchObject({ pointsPerToken: 100, pointsPerCurrencyUnit: 1 });
    for (const path of [
      '/api/membership/info',
      '/api/membership/points/history',
      '/api/membership/redemptions/history',
      '/api/membership/conversions/history',
    ]) {
      expect((await t.call('GET', `${path}?email=${b.user.email}`, { token: a.token })).statusCode, path).toBe(403);
      expect((await t.call('GET', `${path}?userId=${b.user.id}`, { token: a.token })).statusCode, path).toBe(403);
      expect((await t.call('GET', `${path}?email=${a.user.email}`, { token: a.token })).statusCode, path).toBe(200);
      expect((await t.call('GET', path, { as: null })).statusCode, path).toBe(401);
      for (const role of ['admin', 'finance', 'operator'] as const) {
        expect((await t.call('GET', `${path}?email=${b.user.email}`, { as: role })).statusCode, `${path} ${role}`).toBe(
          200,
        );
      }
    }
    const looked = (await t.call('GET', `/api/membership/info?email=${b.user.email}`, { as: 'finance' })).json().member;
    expect(looked).toMatchObject({ email: b.user.email, totalPoints: 70 });
    const history = (
      await t.call('GET', `/api/membership/points/history?userId=${b.user.id}`, { as: 'operator' })
    ).json();
    expect(history.points).toHaveLength(1);
    expect((await t.call('GET', '/api/membership/info?email=nobody.x@test.dev', { as: 'admin' })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/membership/info?email=not-an-email', { as: 'admin' })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/membership/points/history?limit=0', { token: a.token })).statusCode).toBe(400);
  });

  it('the points and redemption histories sort by their columns both ways; an unknown sort is a 400 that changes nothing', async () => {
    const { user, token } = await shopper();
    for (const amount of [900, -50, 300])
      expect((await addPoints({ userId: user.id, amount, reason: 'Sorted' })).statusCode).toBe(200);
    await buildOrder(t, { userEmail: user.email, paid: true }); // an EARNED entry beside the ADJUSTED ones
    const product = await buildProduct(t, { priceFiat: 1 });
    for (const quantity of [1, 3])
      expect(
        (await t.call('POST', '/api/redemptions', { token, body: { productId: product.id, quantity } })).statusCode,
      ).toBe(201);

    const points = { path: '/api/membership/points/history', field: 'points', query: `userId=${user.id}`, csv: false };
    await expectSorted(t, { ...points, sort: 'amount', value: (r) => r.amount });
    await expectSorted(t, { ...points, sort: 'type', value: (r) => r.type });
    await expectSorted(t, { ...points, sort: 'createdAt', value: (r) => r.createdAt, token });
    const redeemed = {
      path: '/api/membership/redemptions/history',
      field: 'redemptions',
      query: `userId=${user.id}`,
      csv: false,
    };
    await expectSorted(t, { ...redeemed, sort: 'quantity', value: (r) => r.quantity });
    await expectSorted(t, { ...redeemed, sort: 'pointsUsed', value: (r) => r.pointsUsed });
    const before = await entryCount();
    for (const list of [
      points,
      redeemed,
      { path: '/api/membership/conversions/history', field: 'conversions', csv: false, token },
    ])
      await expectUnknownSortRefused(t, list);
    expect(await entryCount()).toBe(before);
    expect(
      (await t.call('GET', '/api/membership/conversions/history?sort=amount&order=asc', { token })).statusCode,
    ).toBe(200);
  });

  it('says token balances cannot be read when the chain is not connected, rather than failing', async () => {
    const { user, token } = await shopper();
    await t.db.update(users).set({ walletAddress: freshWallet() }).where(eq(users.id, user.id));
    const member = (await info(token)).json().member;
    expect(member.tokenBalances).toEqual([]);
    expect(member.tokenBalancesError).toMatch(/chain is not connected/);
  });
});

describe('member discount, free shipping and exclusive products', () => {
  it('a GOLD member’s cart has a memberDiscount line and free shipping, and checkout charges it', async () => {
    await t.call('PUT', '/api/settings', { body: { shippingFee: 7.5, taxRatePercent: 10 } });
    const { user, token } = await shopper();
    await addPoints({ userId: user.id, amount: 6000, reason: 'Test' });
    for (let i = 0; i < 5; i += 1)
      await buildOrder(t, { userEmail: user.email, product: { priceFiat: 1 }, paid: true });
    expect((await info(token)).json().member.currentLevel).toBe('GOLD');
    const product = await buildProduct(t, { priceFiat: 99.99 });
    const body = { items: [{ productId: product.id, qty: 1 }] };
    const asGuest = (await t.call('POST', '/api/cart/price', { as: null, body })).json();
    expect(asGuest).toMatchObject({ subtotal: 99.99, discount: 0, memberDiscount: 0, shipping: 7.5, member: null });
    const priced = (await t.call('POST', '/api/cart/price', { token, body })).json();
    // 5 % of 99.99 = 4.9995 → 5.00 (half-even on cents); tax 10 % of 94.99.
    expect(priced).toMatchObject({
      subtotal: 99.99,
      discount: 0,
      memberDiscount: 5,
      shipping: 0,
      tax: 9.5,
      total: 104.49,
      member: { level: 'GOLD', discount: 0.05, freeShipping: true },
    });

    const session = await t.call('POST', '/api/checkout/session', {
      token,
      headers: { 'idempotency-key': `m-${Date.now()}` },
      body: { ...body, email: user.email, provider: 'sandbox' },
    });
    expect(session.statusCode, session.body).toBe(201);
    const order = (await t.call('GET', `/api/orders/${session.json().orderId}`)).json().order;
    expect(order).toMatchObject({ amountFiat: 104.49, subtotal: 99.99, discount: 5, memberDiscount: 5, shipping: 0 });
    await t.call('PUT', '/api/settings', { body: { shippingFee: 0, taxRatePercent: 0 } });
  });

  it('an exclusive product is, to visitors and lower levels, exactly a product that does not exist; its level buys it', async () => {
    const product = await buildProduct(t, {
      minMemberLevel: 'GOLD',
      title: `Members-only bar ${Date.now()}`,
      priceFiat: 12.5,
      stock: 5,
    });
    const platinum = await buildProduct(t, { minMemberLevel: 'PLATINUM', title: `Platinum vault ${Date.now()}` });
    const q = `/api/shop/products?q=${encodeURIComponent(product.title)}`;
    const bronze = await shopper();
    const gold = await shopper();
    await addPoints({ userId: gold.user.id, amount: 5000, reason: 'Test' });
    for (let i = 0; i < 5; i += 1)
      await buildOrder(t, { userEmail: gold.user.email, product: { priceFiat: 1 }, paid: true });
    expect((await info(gold.token)).json().member.currentLevel).toBe('GOLD');

    expect((await t.call('GET', q, { as: null })).json().products).toHaveLength(0);
    expect((await t.call('GET', q, { token: bronze.token })).json().products).toHaveLength(0);
    expect((await t.call('GET', q, { token: gold.token })).json().products.map((p: Body) => p.id)).toEqual([
      product.id,
    ]);

    // Every shop answer that takes a product id, with the id written out so that answers for two ids compare.
    const ask = async (who: { token: string; email: string } | null, id: string) => {
      const auth = who ? { token: who.token } : { as: null };
      const items = [{ productId: id, qty: 1 }];
      const answers = [
        await t.call('GET', `/api/shop/products/${id}`, auth),
        await t.call('POST', '/api/cart/price', { ...auth, body: { items } }),
        await t.call('POST', '/api/checkout/session', {
          ...auth,
          headers: { 'idempotency-key': randomUUID() },
          body: { items, email: who?.email ?? 'guest@example.com', provider: 'sandbox' },
        }),
        ...(who
          ? [await t.call('POST', '/api/redemptions', { token: who.token, body: { productId: id, quantity: 1 } })]
          : []),
      ];
      // Each answer's request id is its own; the rest must not tell the two products apart.
      const same = (body: string) => body.replaceAll(id, '<id>').replace(/"requestId":"[^"]+"/, '"requestId":"<id>"');
      return answers.map((res) => `${res.statusCode} ${same(res.body)}`);
    };
    const written = async () => ({
      orders: (await t.db.select({ n: count() }).from(orders))[0]!.n,
      payments: (await t.db.select({ n: count() }).from(payments))[0]!.n,
      redemptions: (await t.db.select({ n: count() }).from(redemptions))[0]!.n,
      entries: await entryCount(),
      audit: (await t.db.select({ n: count() }).from(auditEvents))[0]!.n,
      keys: (await t.db.select({ n: count() }).from(idempotencyKeys))[0]!.n,
      stock: (
        await t.db
          .select()
          .from(products)
          .where(inArray(products.id, [product.id, platinum.id]))
      ).map((p) => p.stock),
    });
    const before = await written();
    const refused = [
      [null, product],
      [{ token: bronze.token, email: bronze.user.email }, product],
      [{ token: gold.token, email: gold.user.email }, platinum],
    ] as const;
    for (const [who, hidden] of refused) {
      const answers = await ask(who, hidden.id);
      expect(answers).toEqual(await ask(who, randomUUID()));
      for (const secret of [hidden.title, 'members', '12.5']) expect(answers.join('\n')).not.toContain(secret);
    }
    expect(await written()).toEqual(before);

    const mine = { token: gold.token };
    expect((await t.call('GET', `/api/shop/products/${product.id}`, mine)).json().product.minMemberLevel).toBe('GOLD');
    const items = [{ productId: product.id, qty: 1 }];
    const priced = (await t.call('POST', '/api/cart/price', { ...mine, body: { items } })).json();
    expect(priced.lines[0]).toMatchObject({ title: product.title, unitPrice: 12.5, lineTotal: 12.5, error: null });
    const session = await t.call('POST', '/api/checkout/session', {
      ...mine,
      headers: { 'idempotency-key': randomUUID() },
      body: { items, email: gold.user.email, provider: 'sandbox' },
    });
    expect(session.statusCode, session.body).toBe(201);
    const redeemed = await t.call('POST', '/api/redemptions', {
      ...mine,
      body: { productId: product.id, quantity: 1 },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(201);
  });
});

describe('GET /api/reconcile: the points ledger', () => {
  it('holds after everything above, and names a member whose stored balance drifts from the ledger', async () => {
    const pointsCheck = async () =>
      (await t.call('GET', '/api/reconcile'))
        .json()
        .reconciliation.checks.find((c: { name: string }) => c.name.startsWith('member points balances'));
    expect(await pointsCheck()).toMatchObject({ ok: true, detail: [] });
    const { user } = await shopper();
    await addPoints({ userId: user.id, amount: 40, reason: 'Gift' });
    await t.db.update(members).set({ pointsBalance: 41 }).where(eq(members.userId, user.id));
    expect((await pointsCheck()).detail).toEqual([`member ${user.id}: balance 41 points, the ledger sums to 40`]);
    await t.db.update(members).set({ pointsBalance: 40 }).where(eq(members.userId, user.id));
  });
});

describe('the membership settings', () => {
  it.each([
    [{ pointsPerCurrencyUnit: -1 }, 'pointsPerCurrencyUnit'],
    [{ pointsPerCurrencyUnit: 1.5 }, 'pointsPerCurrencyUnit'],
    [{ pointsPerToken: 0 }, 'pointsPerToken'],
    [{ redemptionPointsPerCurrencyUnit: 'many' }, 'redemptionPointsPerCurrencyUnit'],
    [{ loyaltyTokenId: '0' }, 'loyaltyTokenId'],
    [{ loyaltyTokenId: 'abc' }, 'loyaltyTokenId'],
  ])('refuses %j with 400 naming %s, and keeps the stored settings', async (body, field) => {
    const before = (await t.call('GET', '/api/settings')).json().settings;
    const res = await t.call('PUT', '/api/settings', { body });
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json().fields ?? res.json().error)).toContain(field);
    expect((await t.call('GET', '/api/settings')).json().settings).toEqual(before);
  });

  it('stores valid values for admins only', async () => {
    const res = await t.call('PUT', '/api/settings', { body: { pointsPerToken: 250, loyaltyTokenId: '2000000' } });
    expect(res.json().settings).toMatchObject({ pointsPerToken: 250, loyaltyTokenId: '2000000' });
    expect((await t.call('PUT', '/api/settings', { as: 'operator', body: { pointsPerToken: 1 } })).statusCode).toBe(
      403,
    );
    await t.call('PUT', '/api/settings', { body: { pointsPerToken: 100, loyaltyTokenId: '1000000' } });
  });
});
