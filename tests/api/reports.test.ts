import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, refunds, users } from '../../server/db/schema.js';
import { buildOrder, buildPayment, buildUser } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
const ago = (days: number, hours = 0) => new Date(Date.now() - days * DAY - hours * 3_600_000);
/** The calendar day (YYYY-MM-DD) of an instant in a timezone, worked out by the browser's own rules, not the server's. */
const localDay = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
const growth = (value: number, previous: number) =>
  previous === 0 ? null : Math.round(((value - previous) * 1000) / previous) / 10;

async function report(kind: string, query = 'dateRange=7d') {
  const res = await t.call('GET', `/api/reports/${kind}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Orders placed (and paid, or left pending) `days` ago at `amount` each; returns their ids. */
async function ordersAt(days: number, amounts: string[], paid: boolean) {
  const made = [];
  for (const price of amounts) made.push(await buildOrder(t, { product: { priceFiat: price, stock: 10 }, paid }));
  const ids = made.map((o) => o.id);
  await movedTo(ids, ago(days));
  return ids;
}

/** The orders placed, and their payments made and completed, at `at`. */
async function movedTo(ids: string[], at: Date) {
  await t.db.update(orders).set({ createdAt: at }).where(inArray(orders.id, ids));
  await t.db
    .update(payments)
    .set({
      createdAt: at,
      completedAt: sql`case when ${payments.completedAt} is null then null else ${at.toISOString()}::timestamptz end`,
    })
    .where(inArray(payments.orderId, ids));
}

describe('reports', () => {
  it('an empty period: zero figures, growth "—" (null), and one point a day ending today', async () => {
    const data = await report('dashboard', 'dateRange=30d');
    expect(data).toMatchObject({ kind: 'dashboard', range: '30d', bucket: 'day', timezone: 'UTC', currency: 'USD' });
    expect(data.totals.revenue).toEqual({ value: 0, previous: 0, growthPercent: null });
    expect(data.series).toHaveLength(30);
    expect(data.series.at(-1).period).toBe(localDay(new Date(), 'UTC'));
    expect(data.series[0].period).toBe(localDay(ago(29), 'UTC'));
    expect(data.firstDay).toBe(localDay(ago(29), 'UTC'));
    expect(data.lastDay).toBe(localDay(new Date(), 'UTC'));
    // A year is the whole year back to today: from the day after this date a year ago, by month.
    const year = await report('dashboard', 'dateRange=1y');
    expect(year.bucket).toBe('month');
    const dayAfter = new Date();
    dayAfter.setUTCFullYear(dayAfter.getUTCFullYear() - 1);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    expect(year.firstDay).toBe(localDay(dayAfter, 'UTC'));
    expect(year.series[0].period).toBe(localDay(dayAfter, 'UTC').slice(0, 7));
    expect(year.series.at(-1).period).toBe(new Date().toISOString().slice(0, 7));
    expect(year.series.length).toBeGreaterThanOrEqual(12);
    expect(year.series.length).toBeLessThanOrEqual(13);
  });

  it('overview: revenue, orders, users, average order value and growth against the previous 7 days', async () => {
    // This week: two paid orders (10.10 + 20.20) and a pending one (5.00); the week before: one paid (12.00).
    await ordersAt(2, ['10.10', '20.20'], true);
    await ordersAt(2, ['5.00'], false);
    await ordersAt(10, ['12.00'], true);
    await ordersAt(20, ['99.00'], true); // outside both weeks
    const data = await report('dashboard');
    expect(data.totals.revenue).toEqual({ value: 30.3, previous: 12, growthPercent: growth(3030, 1200) });
    expect(data.totals.paidOrders).toMatchObject({ value: 2, previous: 1, growthPercent: 100 });
    expect(data.totals.orders.value).toBe(3);
    expect(data.totals.avgOrderValue).toMatchObject({ value: 15.15, previous: 12 });
    // Every order's buyer is a new user made now: they count this week, not last.
    expect(data.totals.users.value).toBeGreaterThanOrEqual(5);
    const day = data.series.find((p: { period: string }) => p.period === localDay(ago(2), 'UTC'));
    expect(day).toMatchObject({ revenue: 30.3, orders: 3, paidOrders: 2, avgOrderValue: 15.15 });
    expect(data.series.reduce((s: number, p: { revenue: number }) => s + Math.round(p.revenue * 100), 0)).toBe(3030);
    // Over 30 days the last three weeks are the period and the month before it is empty.
    const month = await report('dashboard', 'dateRange=30d');
    expect(month.totals.revenue).toMatchObject({ value: 30.3 + 12 + 99, previous: 0, growthPercent: null });
  });

  it('days are the settings’ timezone’s days', async () => {
    const admin = { as: 'admin' as const };
    const current = (await t.call('GET', '/api/settings', admin)).json().settings;
    expect(
      (await t.call('PUT', '/api/settings', { ...admin, body: { ...current, timezone: 'Asia/Shanghai' } })).statusCode,
    ).toBe(200);
    try {
      // 20:00 UTC three days ago is 04:00 the next morning in Shanghai.
      const at = ago(3);
      at.setUTCHours(20, 0, 0, 0);
      const [id] = await ordersAt(0, ['7.00'], true);
      await movedTo([id!], at);
      const data = await report('sales');
      expect(data.timezone).toBe('Asia/Shanghai');
      expect(localDay(at, 'Asia/Shanghai')).not.toBe(localDay(at, 'UTC'));
      const point = data.series.find((p: { period: string }) => p.period === localDay(at, 'Asia/Shanghai'));
      expect(point.revenue).toBeGreaterThanOrEqual(7);
      expect(data.series.at(-1).period).toBe(localDay(new Date(), 'Asia/Shanghai'));
    } finally {
      await t.call('PUT', '/api/settings', { ...admin, body: current });
    }
  });

  it('financial: gross payments, refunds, net, commissions and payouts', async () => {
    const before = await report('financial');
    const payment = await buildPayment(t, { product: { priceFiat: '40.00' } });
    const refund = await t.call('POST', `/api/payments/${payment.id}/refund`, {
      as: 'finance',
      body: { amount: 15, reason: 'Damaged box' },
      headers: { 'idempotency-key': `r-${payment.id}` },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const after = await report('financial');
    expect(after.totals.gross.value).toBeCloseTo(before.totals.gross.value + 40, 2);
    expect(after.totals.refunds.value).toBeCloseTo(before.totals.refunds.value + 15, 2);
    expect(after.totals.net.value).toBeCloseTo(after.totals.gross.value - after.totals.refunds.value, 2);
    // The sums match the tables, read independently, over the report's own period.
    const inside = (at: Date) => at >= new Date(after.from) && at < new Date(after.to);
    const rows = await t.db.select().from(payments);
    const paidIn = rows
      .filter((p) => (p.status === 'completed' || p.status === 'refunded') && inside(p.completedAt ?? p.createdAt))
      .reduce((s, p) => s + p.amountCents, 0);
    const back = (await t.db.select().from(refunds))
      .filter((r) => inside(r.createdAt))
      .reduce((s, r) => s + r.amountCents, 0);
    expect(Math.round(after.totals.gross.value * 100)).toBe(paidIn);
    expect(Math.round(after.totals.refunds.value * 100)).toBe(back);
    // The overview's revenue is the same figure as the financial report's net.
    const overview = await report('dashboard');
    expect(overview.totals.revenue.value).toBe(after.totals.net.value);
  });

  it('users and referrals: sign-ups, referred users, buyers and clicks', async () => {
    const referrer = await buildUser(t);
    const link = (
      await t.call('POST', '/api/referrals/link', { token: (await t.login(referrer.email)).json().token })
    ).json();
    for (let i = 0; i < 3; i++) {
      const click = await t.call('POST', '/api/referrals/click', {
        as: null,
        body: { code: link.referralCode },
        headers: { 'user-agent': `visitor-${i}` },
      });
      expect(click.statusCode, click.body).toBeLessThan(300);
    }
    const referred = await buildUser(t);
    await t.db
      .update(users)
      .set({ referredById: referrer.id, referredAt: new Date() })
      .where(eq(users.id, referred.id));
    const refs = await report('referrals');
    expect(refs.totals.clicks.value).toBeGreaterThanOrEqual(3);
    expect(refs.totals.signups.value).toBeGreaterThanOrEqual(1);
    const people = await report('users');
    expect(people.totals.referredUsers.value).toBeGreaterThanOrEqual(1);
    expect(people.totals.newUsers.value).toBeGreaterThanOrEqual(people.totals.referredUsers.value);
    expect(people.totals.buyers.value).toBeGreaterThanOrEqual(2);
  });

  it('exports the breakdown as CSV: a heading, a line a day, money as decimal text', async () => {
    const res = await t.call('GET', '/api/reports/export/dashboard?dateRange=7d');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="report-dashboard-7d-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Day,Revenue,Gross,Refunds,Orders,PaidOrders,Users,AvgOrderValue');
    expect(lines).toHaveLength(8);
    const json = await report('dashboard');
    const row = lines.find((l) => l.startsWith(`${localDay(ago(2), 'UTC')},`))!;
    const point = json.series.find((p: { period: string }) => p.period === localDay(ago(2), 'UTC'));
    expect(row).toBe(
      `${point.period},${point.revenue.toFixed(2)},${point.gross.toFixed(2)},${point.refunds.toFixed(2)},${point.orders},${point.paidOrders},${point.users},${point.avgOrderValue.toFixed(2)}`,
    );
  });

  it('refuses a bad range, report or type with a sentence; staff only', async () => {
    const bad = await t.call('GET', '/api/reports/dashboard?dateRange=2w');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/dateRange must be one of 7d, 30d, 90d, 1y, custom/);
    expect((await t.call('GET', '/api/reports/profits')).statusCode).toBe(400);
    expect((await t.call('GET', '/api/reports/sales?reportType=everything')).statusCode).toBe(400);
    for (const as of ['admin', 'finance', 'operator'] as const) {
      expect((await t.call('GET', '/api/reports/dashboard', { as })).statusCode).toBe(200);
      expect((await t.call('GET', '/api/reports/export/sales', { as })).statusCode).toBe(200);
    }
    expect((await t.call('GET', '/api/reports/dashboard', { as: 'user' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/reports/export/dashboard', { as: 'user' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/reports/dashboard', { as: null })).statusCode).toBe(401);
  });
});
