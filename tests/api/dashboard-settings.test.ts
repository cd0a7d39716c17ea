import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/client.js';
import { invalidateDashboard } from '../../server/modules/dashboard/service.js';
import { orders, payments, refunds, settings, users } from '../../server/db/schema.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, buildProduct, buildUser, PASSWORD } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('dashboard stats', () => {
  it('computes the figures from the data', async () => {
    const empty = (await t.call('GET', '/api/dashboard/stats')).json();
    expect(empty.stats).toMatchObject({
      totalOrders: 0,
      totalRevenue: 0,
      totalProducts: 0,
      pendingOrders: 0,
      completedOrders: 0,
      totalPayments: 0,
    });
    const buyer = await buildUser(t);
    const p = await buildProduct(t, { priceFiat: '10.10', stock: 3 });
    await buildOrder(t, { userEmail: buyer.email, productId: p.id, qty: 1 });
    await buildOrder(t, { userEmail: buyer.email, productId: p.id, qty: 2, paid: true });
    const { stats, alerts } = (await t.call('GET', '/api/dashboard/stats')).json();
    expect(stats).toMatchObject({
      totalOrders: 2,
      totalRevenue: 20.2,
      totalProducts: 1,
      pendingOrders: 1,
      completedOrders: 1,
      totalPayments: 1,
      totalPayouts: 0,
      activeReferrals: 0,
      totalCommissions: 0,
    });
    expect(stats.totalUsers).toBe(stats.activeUsers);
    expect(stats.totalUsers).toBeGreaterThanOrEqual(2);
    expect(stats.revenueByMonth).toEqual([{ month: new Date().toISOString().slice(0, 7), revenue: 20.2, orders: 1 }]);
    expect(typeof stats.systemUptime).toBe('string');
    // 0 left in stock of an active product
    expect(alerts).toContainEqual({ level: 'warning', code: 'low_stock', params: { count: 1, threshold: 5 } });

    // A referred buyer's paid order: one referral, its commission (5 % of 100.00), and a payout of nothing yet.
    const referrer = await buildUser(t);
    await t.db.update(users).set({ referredById: referrer.id }).where(eq(users.id, buyer.id));
    await buildOrder(t, { userEmail: buyer.email, product: { priceFiat: 100 }, paid: true });
    const after = (await t.call('GET', '/api/dashboard/stats')).json().stats;
    expect(after).toMatchObject({ activeReferrals: 1, totalCommissions: 5, totalPayouts: 0 });
  });

  it('reads the order figures from the hourly rollups and revenue from the money that moved, each by month', async () => {
    const buyer = await buildUser(t);
    const p = await buildProduct(t, { priceFiat: '7.35', stock: 50 });
    const made = [];
    for (let i = 0; i < 6; i++)
      made.push(await buildOrder(t, { userEmail: buyer.email, productId: p.id, qty: 1 + (i % 3), paid: i % 2 === 0 }));
    // Moved by plain SQL (the triggers see every write): one paid order refunded, one pending failed, one moved to an
    // earlier month and one paid order's amount changed.
    await t.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, made[0]!.id));
    await t.db.update(orders).set({ status: 'failed' }).where(eq(orders.id, made[1]!.id));
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(orders.id, made[2]!.id));
    await t.db.update(orders).set({ amountCents: 12_345 }).where(eq(orders.id, made[4]!.id));

    const [direct] = await queryRows<{ total: string; pending: string; completed: string }>(
      t.db,
      sql`select count(*) as total, count(*) filter (where status = 'pending') as pending,
      count(*) filter (where status in ('paid', 'fulfilled')) as completed from orders`,
    );
    // Revenue follows the money, not the orders: a refund through the API, then both read from the tables in JS.
    const paid = (await t.db.select().from(payments).where(eq(payments.orderId, made[4]!.id)))[0]!;
    await t.db
      .update(payments)
      .set({ completedAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(payments.id, paid.id));
    const refund = await t.call('POST', `/api/payments/${paid.id}/refund`, {
      as: 'finance',
      body: { amount: 1.5, reason: 'Scratched' },
      headers: { 'idempotency-key': `dash-${paid.id}` },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const month = (d: Date) => d.toISOString().slice(0, 7);
    const byMonth = new Map<string, { revenue: number; orders: number }>();
    const add = (m: string, cents: number, n: number) => {
      const at = byMonth.get(m) ?? { revenue: 0, orders: 0 };
      byMonth.set(m, { revenue: at.revenue + cents, orders: at.orders + n });
    };
    let net = 0;
    for (const p of await t.db.select().from(payments)) {
      if (p.status !== 'completed' && p.status !== 'refunded') continue;
      net += p.amountCents;
      add(month(p.completedAt ?? p.createdAt), p.amountCents, 1);
    }
    for (const r of await t.db.select().from(refunds)) {
      net -= r.amountCents;
      add(month(r.createdAt), -r.amountCents, 0);
    }
    invalidateDashboard(); // the plain SQL above went around the writes that drop a slow answer's cache
    const { stats } = (await t.call('GET', '/api/dashboard/stats')).json();
    expect(stats).toMatchObject({
      totalOrders: Number(direct!.total),
      totalRevenue: net / 100,
      pendingOrders: Number(direct!.pending),
      completedOrders: Number(direct!.completed),
    });
    expect(Math.round(stats.grossRevenue * 100) - Math.round(stats.totalRefunds * 100)).toBe(net);
    expect(stats.revenueByMonth).toEqual(
      [...byMonth]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([m, v]) => ({ month: m, revenue: v.revenue / 100, orders: v.orders })),
    );
    expect(stats.revenueByMonth.length).toBe(2);
  });

  it('staff only', async () => {
    expect((await t.call('GET', '/api/dashboard/stats', { as: 'operator' })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/dashboard/stats', { as: 'user' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/dashboard/stats', { as: null })).statusCode).toBe(401);
  });
});

describe('settings', () => {
  it('public settings need no token; full settings are admin only', async () => {
    const pub = await t.call('GET', '/api/settings/public', { as: null });
    expect(pub.json()).toEqual({
      ok: true,
      settings: {
        siteName: 'RWA Management System',
        timezone: 'UTC',
        language: 'en',
        currency: 'USD',
        cryptoSymbol: 'ETH',
        chainId: 31337,
        tokenContract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      },
    });
    expect((await t.call('GET', '/api/settings', { as: 'finance' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/settings')).json().settings).toMatchObject({
      sessionTimeout: 30,
      maxLoginAttempts: 5,
    });
  });

  it('saves, validates and resets; maxLoginAttempts is enforced', async () => {
    const bad = await t.call('PUT', '/api/settings', { body: { siteUrl: 'not a url' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('siteUrl');
    const saved = await t.call('PUT', '/api/settings', { body: { siteName: 'Acme RWA', maxLoginAttempts: 2 } });
    expect(saved.json().settings).toMatchObject({ siteName: 'Acme RWA', maxLoginAttempts: 2, currency: 'USD' });
    expect((await t.call('GET', '/api/settings/public', { as: null })).json().settings.siteName).toBe('Acme RWA');
    const u = await buildUser(t, { role: 'finance' });
    expect((await t.login(u.email, 'wrong')).statusCode).toBe(401);
    expect((await t.login(u.email, 'wrong')).statusCode).toBe(401);
    // Two failures locked this address out: the right password is refused here as a wrong one, and works from another.
    expect((await t.login(u.email)).json().code).toBe('invalid_credentials');
    expect((await t.login(u.email, PASSWORD, '127.0.0.2')).statusCode).toBe(200);
    await t.db.insert(settings).values({ key: '_referralSalt', value: 'kept-through-resets' });
    const reset = await t.resetSettings();
    expect(reset.json().settings).toMatchObject({ siteName: 'RWA Management System', maxLoginAttempts: 5 });
    // Internal values (the referral salt) are not settings: a reset keeps them, GET never shows them.
    expect((await t.db.select().from(settings).where(eq(settings.key, '_referralSalt'))).map((r) => r.value)).toEqual([
      'kept-through-resets',
    ]);
    expect(reset.json().settings).not.toHaveProperty('_referralSalt');
  });

  it('the referral settings: a hold of 0–365 whole days and a minimum payout with at most 2 decimals, each refusal naming its field', async () => {
    expect((await t.call('GET', '/api/settings')).json().settings).toMatchObject({
      commissionHoldDays: 14,
      minimumPayout: 50,
    });
    for (const [body, field, sentence] of [
      [
        { commissionHoldDays: -1 },
        'commissionHoldDays',
        'Commission hold must be a whole number of days from 0 to 365.',
      ],
      [
        { commissionHoldDays: 1.5 },
        'commissionHoldDays',
        'Commission hold must be a whole number of days from 0 to 365.',
      ],
      [
        { commissionHoldDays: 366 },
        'commissionHoldDays',
        'Commission hold must be a whole number of days from 0 to 365.',
      ],
      [
        { commissionHoldDays: '7' },
        'commissionHoldDays',
        'Commission hold must be a whole number of days from 0 to 365.',
      ],
      [{ minimumPayout: -5 }, 'minimumPayout', 'Minimum payout must be an amount ≥ 0 with at most 2 decimals.'],
      [{ minimumPayout: 1.005 }, 'minimumPayout', 'Minimum payout must be an amount ≥ 0 with at most 2 decimals.'],
      [{ minimumPayout: '10' }, 'minimumPayout', 'Minimum payout must be an amount ≥ 0.'],
    ] as const) {
      const res = await t.call('PUT', '/api/settings', { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields[field], JSON.stringify(body)).toBe(sentence);
    }
    expect((await t.call('GET', '/api/settings')).json().settings).toMatchObject({
      commissionHoldDays: 14,
      minimumPayout: 50,
    });
    const saved = await t.call('PUT', '/api/settings', { body: { commissionHoldDays: 0, minimumPayout: 12.5 } });
    expect(saved.json().settings).toMatchObject({ commissionHoldDays: 0, minimumPayout: 12.5 });
    await t.resetSettings();
  });

  it('takes back the whole settings object it answers (what the Settings screen sends), nulls included', async () => {
    const all = (await t.call('GET', '/api/settings')).json().settings;
    expect(all.freeShippingOver).toBeNull();
    const withThreshold = await t.call('PUT', '/api/settings', { body: { ...all, freeShippingOver: 100 } });
    expect(withThreshold.statusCode).toBe(200);
    expect(withThreshold.json().settings.freeShippingOver).toBe(100);
    const back = await t.call('PUT', '/api/settings', { body: { ...all, siteName: 'Whole Object' } });
    expect(back.statusCode).toBe(200);
    expect(back.json().settings).toEqual({ ...all, siteName: 'Whole Object', freeShippingOver: null });
    expect((await t.call('GET', '/api/settings')).json().settings).toEqual({ ...all, siteName: 'Whole Object' });
    await t.resetSettings();
  });
});
