/**
 * One revenue everywhere: random payments of every provider and random full and partial refunds, each moved to a
 * random moment, then the dashboard, the payments list's totals and its CSV, every report's revenue (and the
 * financial report's net) and each report's CSV are compared with a model kept here and with each other, to the cent,
 * over preset ranges and a custom one whose edges fall on payments.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, refunds } from '../../server/db/schema.js';
import { invalidateDashboard } from '../../server/modules/dashboard/service.js';
import { buildOrder } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
/** Providers as the data holds them: through an API (the sandbox), recorded (bank, Coinbase, a mock order's test payment), points, or not refundable here (Stripe unconfigured). */
const PROVIDERS = ['sandbox', 'test', 'bank', 'coinbase', 'stripe', 'points'] as const;
const REFUNDABLE = new Set(['sandbox', 'test', 'bank', 'coinbase', 'points']);

type Moved = { cents: number; at: Date };
/** Every payment received and refund made so far, as this test made them: the model the figures must equal. */
const received: Moved[] = [];
const givenBack: Moved[] = [];

const sumIn = (moves: Moved[], from: Date, to: Date) =>
  moves.filter((m) => m.at >= from && m.at < to).reduce((s, m) => s + m.cents, 0);
const cents = (v: number) => Math.round(v * 100);

async function pay(provider: string, amountCents: number, at: Date) {
  const order = await buildOrder(t, {
    paid: true,
    product: { priceFiat: (amountCents / 100).toFixed(2), stock: 1000 },
  });
  const id = order.payment!.id;
  await t.db
    .update(payments)
    .set({ provider, method: provider, createdAt: at, completedAt: at })
    .where(eq(payments.id, id));
  received.push({ cents: amountCents, at });
  return id;
}

async function refund(paymentId: string, provider: string, amountCents: number, at: Date) {
  const res = await t.call('POST', `/api/payments/${paymentId}/refund`, {
    as: 'finance',
    body: { amount: amountCents / 100, reason: 'Random refund', reference: `REF-${paymentId.slice(0, 8)}` },
    headers: { 'idempotency-key': `rev-${paymentId}-${amountCents}-${at.getTime()}` },
  });
  if (!REFUNDABLE.has(provider)) {
    expect(res.statusCode, res.body).toBe(422);
    expect(res.body).not.toMatch(/undefined/);
    return;
  }
  expect(res.statusCode, res.body).toBe(200);
  const refundId = res.json().refund.id as string;
  await t.db.update(refunds).set({ createdAt: at }).where(eq(refunds.id, refundId));
  givenBack.push({ cents: amountCents, at });
}

const get = async (url: string) => {
  const res = await t.call('GET', url, { as: 'finance' });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res;
};
const csvRows = (body: string) =>
  parse(body.replace(/^\uFEFF/, ''), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
const csvSum = (rows: Record<string, string>[], column: string) =>
  rows.reduce((s, r) => s + cents(Number(r[column])), 0);

/** Every screen's figure for one period, each checked against the model and the others. */
async function checkPeriod(query: string) {
  const overview = (await get(`/api/reports/dashboard?${query}`)).json().data;
  const from = new Date(overview.from);
  const to = new Date(overview.to);
  const gross = sumIn(received, from, to);
  const back = sumIn(givenBack, from, to);
  const label = `${query} (${overview.firstDay} – ${overview.lastDay})`;
  expect(cents(overview.totals.gross.value), label).toBe(gross);
  expect(cents(overview.totals.refunds.value), label).toBe(back);
  expect(cents(overview.totals.revenue.value), label).toBe(gross - back);
  expect(
    overview.series.reduce((s: number, p: { revenue: number }) => s + cents(p.revenue), 0),
    label,
  ).toBe(gross - back);
  const sales = (await get(`/api/reports/sales?${query}`)).json().data;
  expect(cents(sales.totals.revenue.value), label).toBe(gross - back);
  const financial = (await get(`/api/reports/financial?${query}`)).json().data;
  expect(cents(financial.totals.net.value), label).toBe(gross - back);
  for (const [kind, column] of [
    ['dashboard', 'Revenue'],
    ['sales', 'Revenue'],
    ['financial', 'Net'],
  ] as const) {
    const csv = await get(`/api/reports/export/${kind}?${query}`);
    expect(csvSum(csvRows(csv.body), column), `${kind} CSV ${label}`).toBe(gross - back);
  }
  // The payments list over the same days, and its CSV.
  const days = `from=${overview.firstDay}&to=${overview.lastDay}`;
  const list = (await get(`/api/payments?${days}&limit=1`)).json();
  expect(cents(list.stats.net), `payments ${label}`).toBe(gross - back);
  expect(cents(list.stats.totalAmount), `payments ${label}`).toBe(gross - back);
  expect(cents(list.stats.gross), `payments ${label}`).toBe(gross);
  const rows = csvRows((await get(`/api/payments/export.csv?${days}`)).body);
  const inCsv = rows.filter((r) => r.status === 'completed' || r.status === 'refunded');
  expect(csvSum(inCsv, 'amount'), `payments CSV ${label}`).toBe(gross);
}

async function checkAllTime() {
  invalidateDashboard(); // the moves above went around the writes that drop a slow answer's cache
  const { stats } = (await get('/api/dashboard/stats')).json();
  const gross = received.reduce((s, m) => s + m.cents, 0);
  const back = givenBack.reduce((s, m) => s + m.cents, 0);
  expect(cents(stats.totalRevenue)).toBe(gross - back);
  expect(cents(stats.grossRevenue)).toBe(gross);
  expect(cents(stats.totalRefunds)).toBe(back);
  const list = (await get('/api/payments?limit=1')).json();
  expect(cents(list.stats.net)).toBe(gross - back);
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

describe('revenue: one figure on every screen', () => {
  it('agrees to the cent across the dashboard, lists, reports and CSVs, whatever is paid and refunded when', async () => {
    const now = Date.now();
    const plan = fc.array(
      fc.record({
        provider: fc.constantFrom(...PROVIDERS),
        cents: fc.integer({ min: 1, max: 500_000 }),
        daysAgo: fc.integer({ min: 0, max: 400 }),
        refunds: fc.array(fc.record({ share: fc.integer({ min: 1, max: 100 }), laterDays: fc.nat({ max: 60 }) }), {
          maxLength: 2,
        }),
      }),
      { minLength: 1, maxLength: 5 },
    );
    await fc.assert(
      fc.asyncProperty(plan, async (made) => {
        for (const p of made) {
          const at = new Date(now - p.daysAgo * DAY - 3_600_000);
          const id = await pay(p.provider, p.cents, at);
          let left = p.cents;
          for (const r of p.refunds) {
            // A payment made with points is refunded whole; any other in parts.
            const share = p.provider === 'points' ? left : Math.floor((p.cents * r.share) / 100);
            const amount = Math.min(left, Math.max(1, share));
            if (amount <= 0) break;
            const when = new Date(Math.min(at.getTime() + r.laterDays * DAY, now - 60_000));
            await refund(id, p.provider, amount, when);
            if (REFUNDABLE.has(p.provider)) left -= amount;
          }
        }
        await checkAllTime();
        for (const range of ['7d', '30d', '90d', '1y']) await checkPeriod(`dateRange=${range}`);
      }),
      { numRuns: 3, seed: 35, endOnFailure: true },
    );
  });

  it('a custom range whose edges fall on payments: from a day’s first instant to the last one of its end day', async () => {
    const first = new Date(Date.UTC(2026, 0, 10));
    const lastDay = new Date(Date.UTC(2026, 0, 20));
    await pay('bank', 1_00, first); // the first instant of the range: in
    await pay('sandbox', 2_00, new Date(first.getTime() - 1)); // the last one before it: out
    await pay('coinbase', 4_00, new Date(lastDay.getTime() + DAY - 1)); // the last instant of its last day: in
    const after = await pay('test', 8_00, new Date(lastDay.getTime() + DAY)); // the next day's first: out
    await refund(after, 'test', 3_00, new Date(lastDay.getTime() + 12 * 3_600_000)); // made inside: counts inside
    const query = `dateRange=custom&from=${utcDay(first)}&to=${utcDay(lastDay)}`;
    await checkPeriod(query);
    const overview = (await get(`/api/reports/dashboard?${query}`)).json().data;
    expect(overview).toMatchObject({ firstDay: '2026-01-10', lastDay: '2026-01-20', bucket: 'day' });
    expect(overview.series).toHaveLength(11);
    // A range longer than 92 days goes by month; one that ends before it starts, or lacks a day, is a 400.
    expect((await get('/api/reports/sales?dateRange=custom&from=2025-01-01&to=2025-12-31')).json().data.bucket).toBe(
      'month',
    );
    for (const bad of [
      'dateRange=custom',
      'dateRange=custom&from=2026-01-10',
      'dateRange=custom&from=2026-01-10&to=2026-01-09',
    ]) {
      const res = await t.call('GET', `/api/reports/dashboard?${bad}`, { as: 'finance' });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toMatch(/custom range|before/);
    }
  });
});
