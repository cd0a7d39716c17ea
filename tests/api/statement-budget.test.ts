/**
 * The statement budget of each hot route: how many SQL statements (and round trips, a transaction's begin and
 * commit counted) one request may send, on a warm server (caches filled by the same request once before), on both
 * engines. A change that adds a statement to a hot route fails here until its budget is raised on purpose, in this
 * file, with the reason in the commit: the statement's cost lands on every request of the busiest screens (`npm run
 * bench` measures them). A route that needs fewer than its budget fails too, so that the budget follows the gain.
 * SHOW_SQL=1 prints each statement.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, buildProduct, PASSWORD } from './factories.js';
import { createTestApp, type HttpResponse, type TestApp } from './harness.js';
import { invalidateDashboard } from '../../server/modules/dashboard/service.js';
import { countStatements, settled, type Count } from './statements.js';

let t: TestApp;
let productId: string;
let orderId: string;
let adminEmail: string;
beforeAll(async () => {
  t = await createTestApp();
  productId = (await buildProduct(t, { stock: 100_000 })).id;
  orderId = (await buildOrder(t)).id;
  adminEmail = (await t.user('admin')).email;
  await t.call('GET', '/api/auth/me'); // the admin's session made and cached
});
afterAll(async () => {
  await t.close();
});

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Budget Shopper' };
const items = () => [{ productId, qty: 1 }];
let n = 0;
const startCheckout = () =>
  t.call('POST', '/api/checkout/session', {
    as: null,
    body: { items: items(), email: `budget${++n}@shop.dev`, provider: 'sandbox' },
    headers: { 'idempotency-key': randomUUID() },
  });

type Budget = { statements: number; roundTrips: number };
type Case = {
  name: string;
  budget: Budget;
  /** The counted request; `prepare` runs before it, uncounted (a checkout session to confirm). */
  run: (prepared: string) => Promise<HttpResponse>;
  prepare?: () => Promise<string>;
  /** Run just before the counted request: a cache whose use depends on the machine's speed dropped, so the count does not. */
  uncached?: () => void;
  status?: number;
};

const CASES: Case[] = [
  {
    name: 'an authenticated request on a cached session (GET /api/auth/me)',
    budget: { statements: 0, roundTrips: 0 },
    run: () => t.call('GET', '/api/auth/me'),
  },
  {
    name: 'the orders list (GET /api/orders?status=paid&limit=20)',
    budget: { statements: 2, roundTrips: 2 },
    run: () => t.call('GET', '/api/orders?status=paid&limit=20'),
  },
  {
    name: "an order's page (GET /api/orders/:id)",
    budget: { statements: 5, roundTrips: 5 },
    run: () => t.call('GET', `/api/orders/${orderId}`),
  },
  {
    name: 'the products list (GET /api/products)',
    budget: { statements: 2, roundTrips: 2 },
    run: () => t.call('GET', '/api/products?limit=20'),
  },
  {
    name: "the shop's catalogue (GET /api/shop/products)",
    budget: { statements: 2, roundTrips: 2 },
    run: () => t.call('GET', '/api/shop/products', { as: null }),
  },
  {
    name: 'cart pricing (POST /api/cart/price)',
    budget: { statements: 1, roundTrips: 1 },
    run: () => t.call('POST', '/api/cart/price', { as: null, body: { items: items() } }),
  },
  {
    name: 'a checkout session (POST /api/checkout/session)',
    budget: { statements: 4, roundTrips: 6 },
    run: startCheckout,
    status: 201,
  },
  {
    name: 'the sandbox confirm (POST /api/payments/sandbox/:id/confirm)',
    budget: { statements: 2, roundTrips: 4 },
    prepare: async () => (await startCheckout()).json().paymentId as string,
    run: (paymentId) => t.call('POST', `/api/payments/sandbox/${paymentId}/confirm`, { as: null, body: CARD }),
  },
  {
    // Its figures are kept only when computing them was slow (a large shop), which a loaded machine makes happen or not:
    // counted as computed.
    name: 'the dashboard (GET /api/dashboard/stats), computed',
    budget: { statements: 12, roundTrips: 12 },
    uncached: invalidateDashboard,
    run: () => t.call('GET', '/api/dashboard/stats'),
  },
  {
    name: 'the login (POST /api/admin/auth/login)',
    budget: { statements: 5, roundTrips: 7 },
    run: () => t.login(adminEmail, PASSWORD),
  },
];

const shown = (c: Count) => c.sql.map((s) => `  ${s.replace(/\s+/g, ' ').slice(0, 160)}`).join('\n');

/**
 * A loaded machine only adds statements to a count (a cached session outlived between two requests, a previous
 * request's work heard late), never takes one away: a count over the budget is taken again, up to ATTEMPTS times, and
 * the lowest is what the route needs. A route that needs more sends more on every attempt; one that needs fewer, on
 * the first.
 */
const ATTEMPTS = 3;

describe('statement budgets of the hot routes', () => {
  for (const c of CASES) {
    it(`${c.name}: ${c.budget.statements} statements in ${c.budget.roundTrips} round trips`, async () => {
      const warm = await c.run(c.prepare ? await c.prepare() : '');
      expect(warm.statusCode, warm.body).toBe(c.status ?? 200);
      const counts: Count[] = [];
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const prepared = c.prepare ? await c.prepare() : '';
        await settled();
        // The admin's session (kept 2 s) refilled: a loaded machine may outlast it between the two runs.
        await t.call('GET', '/api/auth/me');
        c.uncached?.();
        const { result, count } = await countStatements(() => c.run(prepared));
        expect(result.statusCode, result.body).toBe(c.status ?? 200);
        counts.push(count);
        if (count.statements <= c.budget.statements && count.roundTrips <= c.budget.roundTrips) break;
      }
      const least = counts.reduce((a, b) => (b.roundTrips < a.roundTrips ? b : a));
      const spent = { statements: least.statements, roundTrips: least.roundTrips };
      expect(
        spent,
        `${c.name} sent ${spent.statements} statements in ${spent.roundTrips} round trips (${counts.length} attempts), ` +
          `its budget is ${c.budget.statements} in ${c.budget.roundTrips}: raise the budget on purpose, or lower it to ` +
          `what it needs now.\n${shown(least)}`,
      ).toEqual(c.budget);
    });
  }
});
