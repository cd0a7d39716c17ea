import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionAdjustments, commissions, orders, payouts, referralClicks, users } from '../../server/db/schema.js';
import { buildProduct, buildUser, PASSWORD } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { expectSorted, expectUnknownSortRefused } from './list-sorts.js';

let t: TestApp;
// Many shoppers log in here within a minute: the per-address login limit is raised for this file.
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_MAX: '10000' });
});
afterAll(async () => {
  await t?.close();
});

type Person = { id: string; email: string; token: string; code: string };

/** A shopper (role user) logged in, with their referral code. */
async function person(email?: string): Promise<Person> {
  const u = await buildUser(t, { role: 'user', email });
  const login = await t.login(u.email, PASSWORD);
  expect(login.statusCode, login.body).toBe(200);
  const token = login.json().token as string;
  const link = (await t.call('POST', '/api/referrals/link', { token })).json();
  return { id: u.id, email: u.email, token, code: link.referralCode };
}

const attribute = (who: Person, code: string) =>
  t.call('POST', '/api/referrals/attribute', { token: who.token, body: { code } });

/** A paid order of `who` (a mock order, as staff make one) for one unit at `price`. */
async function buys(who: Person, price: number) {
  const product = await buildProduct(t, { priceFiat: price, stock: 10 });
  const res = await t.call('POST', '/api/orders/mock', {
    body: { userEmail: who.email, productId: product.id, qty: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as { id: string; payment: { id: string } };
}

const commissionsOf = (orderId: string) =>
  t.db.select().from(commissions).where(eq(commissions.orderId, orderId)).orderBy(commissions.level);
const setHold = (days: number) => t.call('PUT', '/api/settings', { body: { commissionHoldDays: days } });

describe('referral links, clicks and attribution', () => {
  it('gives each user one unguessable code and a link to the shop; logged out is a 401', async () => {
    const a = await person();
    expect(a.code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    const again = (await t.call('POST', '/api/referrals/link', { token: a.token })).json();
    expect(again).toMatchObject({ ok: true, referralCode: a.code });
    expect(again.link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/shop\\?ref=${a.code}$`));
    expect((await t.call('POST', '/api/referrals/link', { as: null })).statusCode).toBe(401);
  });

  it('counts clicks without a token: every click, and each visitor once a day; an unknown code is a 404', async () => {
    const a = await person();
    const click = (agent: string) =>
      t.call('POST', '/api/referrals/click', {
        as: null,
        body: { code: a.code.toLowerCase() },
        headers: { 'user-agent': agent },
      });
    expect((await click('Browser One')).json()).toEqual({ ok: true, unique: true });
    expect((await click('Browser One')).json()).toEqual({ ok: true, unique: false });
    expect((await click('Browser Two')).json()).toEqual({ ok: true, unique: true });
    const unknown = await t.call('POST', '/api/referrals/click', { as: null, body: { code: 'NOSUCHCODE' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Referral code not found.');
    const stored = await t.db.select().from(referralClicks).where(eq(referralClicks.referrerId, a.id));
    expect(stored).toHaveLength(3);
    expect(stored.every((c) => /^[0-9a-f]{64}$/.test(c.visitorHash) && !JSON.stringify(c).includes('127.0.0.1'))).toBe(
      true,
    );
    const stats = (await t.call('GET', '/api/referrals/stats', { token: a.token })).json().stats;
    expect(stats).toMatchObject({ totalClicks: 3, uniqueClicks: 2, conversionRate: 0, referralCode: a.code });
  });

  it('clicks arriving together are written together, each with its own answer: one unique per visitor, 404 for an unknown code', async () => {
    const a = await person();
    const click = (code: string, agent: string) =>
      t.call('POST', '/api/referrals/click', { as: null, body: { code }, headers: { 'user-agent': agent } });
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => click(a.code, 'Same Browser')),
      ...Array.from({ length: 10 }, (_, i) => click(a.code, `Browser ${i}`)),
      click('NOSUCHCODE', 'Same Browser'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array(20).fill(200), 404]);
    expect(answers.slice(0, 10).filter((r) => r.json().unique)).toHaveLength(1);
    expect(answers.slice(10, 20).every((r) => r.json().unique)).toBe(true);
    const stats = (await t.call('GET', '/api/referrals/stats', { token: a.token })).json().stats;
    expect(stats).toMatchObject({ totalClicks: 20, uniqueClicks: 11 });
  });

  it('binds a user to the first referrer only; refuses their own code and a loop, changing nothing', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    expect((await attribute(b, a.code)).statusCode).toBe(200);
    const second = await attribute(b, c.code);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('You were already referred by someone: a referral is kept from the first one.');
    expect((await attribute(c, c.code)).json().error).toBe('You cannot use your own referral code.');
    expect((await attribute(a, b.code)).json().error).toBe(
      'You cannot be referred by someone you referred yourself, directly or through others.',
    );
    expect((await attribute(c, b.code)).statusCode).toBe(200); // a → b → c
    expect((await attribute(a, c.code)).statusCode).toBe(409); // c → a would close a loop
    const [row] = await t.db.select().from(users).where(eq(users.id, a.id));
    expect(row!.referredById).toBeNull();
    expect((await attribute(c, 'NOSUCHCODE')).statusCode).toBe(404);
  });

  it('two attributions racing for one user: one wins, the other is a 409', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const results = await Promise.all([attribute(c, a.code), attribute(c, b.code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('a guest checkout with a referral code earns for the code’s owner', async () => {
    const a = await person();
    const product = await buildProduct(t, { priceFiat: 20, stock: 3 });
    const res = await t.call('POST', '/api/checkout/session', {
      as: null,
      headers: { 'idempotency-key': `ref-guest-${a.id}` },
      body: {
        items: [{ productId: product.id, qty: 1 }],
        email: `guest.${a.id}@test.dev`,
        provider: 'sandbox',
        referralCode: a.code,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, res.json().orderId));
    expect(order!.referrerId).toBe(a.id);
  });
});

describe('commissions: three generations, refunds, approval, clawbacks', () => {
  it('A refers B, B refers C, C buys: B earns 5 %, A 0.5 % of the subtotal; a partial refund shrinks both; a full one reverses them', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    await attribute(b, a.code);
    await attribute(c, b.code);
    const order = await buys(c, 200);
    const earned = await commissionsOf(order.id);
    expect(earned.map((x) => [x.level, x.referrerId, x.rate, x.baseCents, x.amountCents, x.status])).toEqual([
      [1, b.id, '0.050000', 20_000, 1_000, 'pending'],
      [2, a.id, '0.005000', 20_000, 100, 'pending'],
    ]);

    const part = await t.call('POST', `/api/payments/${order.payment.id}/refund`, {
      as: 'finance',
      body: { amount: 50, reason: 'One damaged' },
    });
    expect(part.statusCode, part.body).toBe(200);
    expect((await commissionsOf(order.id)).map((x) => x.amountCents)).toEqual([750, 75]);

    const mine = (await t.call('GET', '/api/referrals/commissions', { token: b.token })).json();
    expect(mine.commissions.map((x: { orderId: string; amount: number }) => [x.orderId, x.amount])).toEqual([
      [order.id, 7.5],
    ]);
    expect((await t.call('GET', '/api/referrals/stats', { token: b.token })).json().stats).toMatchObject({
      pendingCommissions: 7.5,
      referredUsers: 1,
    });

    await t.call('POST', `/api/payments/${order.payment.id}/refund`, {
      as: 'finance',
      body: { amount: 150, reason: 'The rest' },
    });
    expect((await commissionsOf(order.id)).map((x) => [x.status, x.amountCents])).toEqual([
      ['reversed', 0],
      ['reversed', 0],
    ]);
  });

  it('no referrer, no commission; the rates of the moment are kept on each commission', async () => {
    const lone = await person();
    expect(await commissionsOf((await buys(lone, 50)).id)).toHaveLength(0);

    const [a, b] = [await person(), await person()];
    await attribute(b, a.code);
    const levels = (await t.call('GET', '/api/agent-levels', { as: 'operator' })).json().levels;
    expect(levels.map((l: { level: number; commissionrate: number }) => [l.level, l.commissionrate])).toEqual([
      [1, 0.05],
      [2, 0.005],
    ]);
    expect(
      (await t.call('PUT', '/api/agent-levels/1', { as: 'finance', body: { commissionrate: 0.1 } })).json().level
        .commissionrate,
    ).toBe(0.1);
    const order = await buys(b, 30);
    expect((await commissionsOf(order.id)).map((x) => [x.rate, x.amountCents])).toEqual([['0.100000', 300]]);
    await t.call('PUT', '/api/agent-levels/1', { as: 'finance', body: { commissionrate: 0.05 } });
    expect((await commissionsOf(order.id))[0]!.rate).toBe('0.100000');
  });

  it('refuses bad rates with a sentence, and operators and shoppers may not set them', async () => {
    for (const body of [
      { commissionrate: 1.5 },
      { commissionrate: -0.1 },
      { commissionrate: '0.05' },
      { commissionrate: 0.1234567 },
      {},
    ]) {
      const res = await t.call('PUT', '/api/agent-levels/1', { as: 'finance', body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields.commissionrate).toBe(
        'Commission rate must be a fraction from 0 to 1 with at most 6 decimals (0.05 is 5 %).',
      );
    }
    expect(
      (await t.call('PUT', '/api/agent-levels/9', { as: 'finance', body: { commissionrate: 0.1 } })).statusCode,
    ).toBe(404);
    const huge = await t.call('PUT', '/api/agent-levels/2147483648', { as: 'finance', body: { commissionrate: 0.1 } });
    expect([huge.statusCode, huge.json().error]).toEqual([
      400,
      'Invalid path parameter "id": The id must be a level number.',
    ]);
    expect(
      (await t.call('PUT', '/api/agent-levels/1', { as: 'operator', body: { commissionrate: 0.2 } })).statusCode,
    ).toBe(403);
    expect((await t.call('GET', '/api/agent-levels', { as: 'user' })).statusCode).toBe(403);
    const levels = (await t.call('GET', '/api/agent-levels')).json().levels;
    expect(levels[0].commissionrate).toBe(0.05);
  });

  it('approval waits for the hold; two approvals racing: one wins; a rejected one cannot be approved', async () => {
    const [a, b] = [await person(), await person()];
    await attribute(b, a.code);
    const [first] = await commissionsOf((await buys(b, 40)).id);
    const held = await t.call('POST', `/api/referrals/commissions/${first!.id}/approve`, { as: 'finance' });
    expect(held.statusCode).toBe(409);
    expect(held.json().error).toMatch(
      /^This commission is on hold until \d{4}-\d{2}-\d{2} \(14 days after payment\), so that refunds come first\.$/,
    );
    await setHold(0);
    try {
      expect(
        (await t.call('POST', `/api/referrals/commissions/${first!.id}/approve`, { as: 'operator' })).statusCode,
      ).toBe(403);
      const race = await Promise.all(
        [1, 2].map(() => t.call('POST', `/api/referrals/commissions/${first!.id}/approve`, { as: 'finance' })),
      );
      expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const [second] = await commissionsOf((await buys(b, 40)).id);
      expect(
        (
          await t.call('POST', `/api/referrals/commissions/${second!.id}/reject`, {
            as: 'finance',
            body: { reason: 'Order looks fraudulent' },
          })
        ).json().commission.status,
      ).toBe('rejected');
      expect(
        (await t.call('POST', `/api/referrals/commissions/${second!.id}/approve`, { as: 'finance' })).json().error,
      ).toBe('A rejected commission cannot be approved: only a pending one can.');
      const [third] = await commissionsOf((await buys(b, 40)).id);
      const bulk = (
        await t.call('POST', '/api/commissions/bulk', {
          as: 'finance',
          body: { ids: [first!.id, third!.id], action: 'approve' },
        })
      ).json();
      expect(bulk).toMatchObject({ approved: 1, refused: 1 });
      expect(bulk.results.find((r: { id: string }) => r.id === first!.id).error).toBe(
        'A approved commission cannot be approved: only a pending one can.',
      );
      // The refusal names its sentence for the reader's language, as an error would.
      expect(bulk.results.find((r: { id: string }) => r.id === first!.id)).toMatchObject({
        messageCode: expect.any(String),
        params: expect.anything(),
      });
    } finally {
      await setHold(14);
    }
  });

  it('a refund after the commission was paid out makes a clawback the next payout deducts', async () => {
    const [a, b] = [await person(), await person()];
    await attribute(b, a.code);
    const order = await buys(b, 100);
    const [c] = await commissionsOf(order.id);
    const [payout] = await t.db
      .insert(payouts)
      .values({ recipientId: a.id, grossCents: c!.amountCents, amountCents: c!.amountCents, status: 'completed' })
      .returning();
    await t.db
      .update(commissions)
      .set({ status: 'paid', payoutId: payout!.id, paidAt: new Date() })
      .where(eq(commissions.id, c!.id));
    await t.call('POST', `/api/payments/${order.payment.id}/refund`, {
      as: 'finance',
      body: { amount: 40, reason: 'Partial' },
    });
    const claws = await t.db.select().from(commissionAdjustments).where(eq(commissionAdjustments.commissionId, c!.id));
    expect(claws.map((x) => x.amountCents)).toEqual([-200]); // 5.00 earned, 3.00 left
    expect((await commissionsOf(order.id))[0]).toMatchObject({ status: 'paid', amountCents: 500 });
    await t.call('POST', `/api/payments/${order.payment.id}/refund`, {
      as: 'finance',
      body: { amount: 60, reason: 'Rest' },
    });
    const all = await t.db
      .select()
      .from(commissionAdjustments)
      .where(and(eq(commissionAdjustments.commissionId, c!.id)));
    expect(all.map((x) => x.amountCents).sort((x, y) => x - y)).toEqual([-300, -200]);
    expect((await t.call('GET', '/api/referrals/stats', { token: a.token })).json().stats.availableForPayout).toBe(0);
  });
});

describe('commission and referral lists', () => {
  it('staff list commissions by status, level and referrer with totals; a shopper sees only their own', async () => {
    const [a, b] = [await person(), await person()];
    await attribute(b, a.code);
    await t.call('POST', '/api/referrals/click', {
      as: null,
      body: { code: a.code },
      headers: { 'user-agent': 'Visitor' },
    });
    await buys(b, 80);
    await buys(b, 20);
    // One unique visitor, one referred buyer.
    expect((await t.call('GET', '/api/referrals/stats', { token: a.token })).json().stats).toMatchObject({
      conversionRate: 100,
      uniqueClicks: 1,
      pendingCommissions: 5,
    });
    const list = (await t.call('GET', `/api/commissions?referrerId=${a.id}`, { as: 'operator' })).json();
    expect(list.total).toBe(2);
    expect(list.totals).toEqual({ count: 2, amount: 5 });
    expect(list.commissions[0]).toMatchObject({
      referrerEmail: a.email,
      customerEmail: b.email,
      level: 1,
      rate: 0.05,
      status: 'pending',
      amountCrypto: '0.00000000',
    });
    expect((await t.call('GET', `/api/commissions?referrerId=${a.id}&status=approved`)).json().total).toBe(0);
    expect((await t.call('GET', `/api/commissions?referrerId=${a.id}&level=2`)).json().total).toBe(0);
    expect((await t.call('GET', `/api/commissions?q=${encodeURIComponent(a.email)}`)).json().total).toBe(2);
    expect((await t.call('GET', '/api/commissions?level=3')).statusCode).toBe(400);
    expect((await t.call('GET', '/api/commissions', { token: a.token })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/referrals/commissions', { token: b.token })).json().total).toBe(0);
    expect((await t.call('GET', '/api/referrals/commissions', { token: a.token })).json().total).toBe(2);
    const stats = (await t.call('GET', '/api/commissions/stats')).json().stats;
    expect(stats.pending.count).toBeGreaterThanOrEqual(2);
    const cost = (await t.call('GET', '/api/commissions/cost-stats')).json().stats;
    expect(cost.totalOrders).toBeGreaterThan(0);
    expect(cost.costRatioPercent).toBeGreaterThan(0);
  });

  it('staff see the network two levels deep with earnings and a summary; shoppers may not', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    await attribute(b, a.code);
    await attribute(c, b.code);
    await buys(c, 100);
    const list = (await t.call('GET', `/api/referrals?q=${encodeURIComponent(c.email)}`, { as: 'finance' })).json();
    expect(list.referrals).toEqual([
      expect.objectContaining({
        id: c.id,
        userEmail: b.email,
        referredEmail: c.email,
        referralCode: b.code,
        level2Email: a.email,
        totalEarnings: 5,
        active: true,
      }),
    ]);
    const summary = (await t.call('GET', '/api/referrals/summary')).json().summary;
    expect(summary.totalReferrals).toBeGreaterThanOrEqual(2);
    expect(summary.activeReferrals).toBeGreaterThanOrEqual(1);
    expect((await t.call('GET', '/api/referrals', { token: a.token })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/referrals/summary', { token: a.token })).statusCode).toBe(403);
  });
});

describe('payouts', () => {
  /** A referrer with `n` approved commissions of 5 % of 100.00 each (5.00), from orders of the person they referred. */
  async function earner(n: number) {
    const [a, b] = [await person(), await person()];
    const bound = await attribute(b, a.code);
    expect(bound.statusCode, bound.body).toBe(200);
    await setHold(0);
    try {
      for (let i = 0; i < n; i++) {
        const bought = await buys(b, 100);
        const [c] = await commissionsOf(bought.id);
        expect(
          (await t.call('POST', `/api/referrals/commissions/${c!.id}/approve`, { as: 'finance' })).statusCode,
        ).toBe(200);
      }
    } finally {
      await setHold(14);
    }
    return { a, b };
  }

  it('pays a recipient’s approved commissions: pending holds them, completed (with its reference) pays them', async () => {
    const { a } = await earner(2);
    expect(
      (await t.call('POST', '/api/payouts', { as: 'operator', body: { recipientEmail: a.email } })).statusCode,
    ).toBe(403);
    const made = await t.call('POST', '/api/payouts', { as: 'finance', body: { recipientEmail: a.email } });
    expect(made.statusCode, made.body).toBe(201);
    const payout = made.json().payout;
    expect(payout).toMatchObject({
      recipient: a.email,
      gross: 10,
      deducted: 0,
      amount: 10,
      status: 'pending',
      method: 'bank',
      commissionCount: 2,
    });
    expect(
      (await t.call('POST', '/api/payouts', { as: 'finance', body: { recipientEmail: a.email } })).json().error,
    ).toBe('There is nothing to pay: no approved commissions beyond the open clawbacks.');

    const noProof = await t.call('PUT', `/api/payouts/${payout.id}/status`, {
      as: 'finance',
      body: { status: 'completed' },
    });
    expect(noProof.statusCode).toBe(422);
    expect(noProof.json().error).toBe(
      'A completed payout needs the bank reference or the transaction hash of the transfer.',
    );
    const unapproved = await t.call('PUT', `/api/payouts/${payout.id}/status`, {
      as: 'finance',
      body: { status: 'completed', reference: 'BANK-778' },
    });
    expect(unapproved.statusCode).toBe(409);
    expect((await t.call('POST', `/api/payouts/${payout.id}/approve`, { as: 'admin' })).statusCode).toBe(200);
    const done = await t.call('PUT', `/api/payouts/${payout.id}/status`, {
      as: 'finance',
      body: { status: 'completed', reference: 'BANK-778' },
    });
    expect(done.json().payout).toMatchObject({ status: 'completed', reference: 'BANK-778' });
    const detail = (await t.call('GET', `/api/payouts/${payout.id}`, { as: 'operator' })).json().payout;
    expect(detail.commissions.map((c: { status: string }) => c.status)).toEqual(['paid', 'paid']);
    const again = await t.call('PUT', `/api/payouts/${payout.id}/status`, {
      as: 'finance',
      body: { status: 'cancelled' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('A completed payout cannot become cancelled: only a pending one can.');
    expect((await t.call('GET', '/api/referrals/stats', { token: a.token })).json().stats).toMatchObject({
      paidCommissions: 10,
      availableForPayout: 0,
    });
  });

  it('two payouts racing for the same commissions: one wins, the other is a 409; a cancelled payout gives them back', async () => {
    const { a } = await earner(1);
    const [c] = await t.db
      .select()
      .from(commissions)
      .where(and(eq(commissions.referrerId, a.id), eq(commissions.status, 'approved')));
    const body = { recipientId: a.id, commissionIds: [c!.id] };
    const race = await Promise.all([1, 2].map(() => t.call('POST', '/api/payouts', { as: 'finance', body })));
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(race.find((r) => r.statusCode === 409)!.json().error).toBe(
      `Commission ${c!.id} is not an approved commission of ${a.email} that no payout holds.`,
    );
    const won = race.find((r) => r.statusCode === 201)!.json().payout;
    await t.call('PUT', `/api/payouts/${won.id}/status`, { as: 'finance', body: { status: 'cancelled' } });
    const [free] = await t.db.select().from(commissions).where(eq(commissions.id, c!.id));
    expect(free).toMatchObject({ status: 'approved', payoutId: null });
  });

  it('a user asks for their own payout from the minimum on, and sees only their own', async () => {
    const { a, b } = await earner(1);
    const low = await t.call('POST', '/api/referrals/payout', { token: a.token, body: {} });
    expect(low.statusCode).toBe(422);
    expect(low.json().error).toBe('Your available earnings of 5.00 are below the minimum payout of 50.00.');
    await t.call('PUT', '/api/settings', { body: { minimumPayout: 5 } });
    try {
      const mine = await t.call('POST', '/api/referrals/payout', { token: a.token, body: {} });
      expect(mine.statusCode, mine.body).toBe(201);
      expect(mine.json().payout).toMatchObject({ amount: 5, recipient: a.email });
      const crypto = await t.call('POST', '/api/referrals/payout', { token: b.token, body: { method: 'crypto' } });
      expect(crypto.statusCode).toBe(422);
    } finally {
      await t.call('PUT', '/api/settings', { body: { minimumPayout: 50 } });
    }
    expect((await t.call('GET', '/api/referrals/payouts', { token: a.token })).json().total).toBe(1);
    expect((await t.call('GET', '/api/referrals/payouts', { token: b.token })).json().total).toBe(0);
    expect((await t.call('GET', '/api/payouts', { token: a.token })).statusCode).toBe(403);
    const staff = (await t.call('GET', `/api/payouts?q=${encodeURIComponent(a.email)}`, { as: 'operator' })).json();
    expect(staff.total).toBe(1);
    expect(staff.counts.pending).toBe(1);
    expect(staff.totalAmount).toBe(5);
  });

  it('the next payout deducts open clawbacks', async () => {
    const { a, b } = await earner(1);
    const first = (await t.call('POST', '/api/payouts', { as: 'finance', body: { recipientId: a.id } })).json().payout;
    await t.call('POST', `/api/payouts/${first.id}/approve`, { as: 'admin' });
    await t.call('PUT', `/api/payouts/${first.id}/status`, {
      as: 'finance',
      body: { status: 'completed', reference: 'BANK-1' },
    });
    const [paidOrder] = await t.db.select().from(orders).where(eq(orders.userId, b.id));
    const paymentId = (await t.call('GET', `/api/orders/${paidOrder!.id}`)).json().order.payment.id;
    await t.call('POST', `/api/payments/${paymentId}/refund`, {
      as: 'finance',
      body: { amount: 100, reason: 'Returned' },
    }); // −5.00
    await setHold(0);
    try {
      for (let i = 0; i < 2; i++) {
        const [c] = await commissionsOf((await buys(b, 100)).id);
        await t.call('POST', `/api/referrals/commissions/${c!.id}/approve`, { as: 'finance' });
      }
    } finally {
      await setHold(14);
    }
    const next = (await t.call('POST', '/api/payouts', { as: 'finance', body: { recipientId: a.id } })).json().payout;
    expect(next).toMatchObject({ gross: 10, deducted: 5, amount: 5 });
    const detail = (await t.call('GET', `/api/payouts/${next.id}`)).json().payout;
    expect(detail.adjustments.map((x: { amount: number }) => x.amount)).toEqual([-5]);
  });
});

describe('affiliates', () => {
  it('lists users who referred someone or earned, with counts and earnings, searchable; their commissions by status; staff only', async () => {
    const [a, b] = [await person(), await person()];
    await attribute(b, a.code);
    await buys(b, 60);
    const list = (await t.call('GET', `/api/affiliates?q=${encodeURIComponent(a.email)}`, { as: 'operator' })).json();
    expect(list.affiliates).toEqual([
      expect.objectContaining({ id: a.id, email: a.email, referralCode: a.code, referredCount: 1, totalEarnings: 3 }),
    ]);
    expect((await t.call('GET', `/api/affiliates?q=${encodeURIComponent(b.email)}`)).json().total).toBe(0); // b referred nobody and earned nothing
    const mine = (await t.call('GET', `/api/affiliates/${a.id}/commissions`)).json();
    expect(mine.commissions.map((c: { amount: number; status: string }) => [c.amount, c.status])).toEqual([
      [3, 'pending'],
    ]);
    expect((await t.call('GET', `/api/affiliates/${a.id}/commissions?status=paid`)).json().total).toBe(0);
    expect((await t.call('GET', '/api/affiliates/00000000-0000-4000-8000-000000000000/commissions')).statusCode).toBe(
      404,
    );
    expect((await t.call('GET', '/api/affiliates', { token: a.token })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/affiliates', { as: null })).statusCode).toBe(401);
  });

  it('an affiliate’s page: the list’s figures, clicks and conversion, commissions by status, whom they referred; 404 with a sentence for a user who is none; staff only', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    await attribute(b, a.code);
    await attribute(c, a.code);
    await buys(b, 60);
    await t.call('POST', '/api/referrals/click', {
      as: null,
      body: { code: a.code },
      headers: { 'user-agent': 'One' },
    });
    await t.call('POST', '/api/referrals/click', {
      as: null,
      body: { code: a.code },
      headers: { 'user-agent': 'Two' },
    });

    const res = await t.call('GET', `/api/affiliates/${a.id}`, { as: 'finance' });
    expect(res.statusCode, res.body).toBe(200);
    const { affiliate } = res.json();
    expect(affiliate).toMatchObject({
      id: a.id,
      email: a.email,
      referralCode: a.code,
      referredCount: 2,
      totalEarnings: 3,
      totalClicks: 2,
      uniqueClicks: 2,
      conversionRate: 50,
      pendingCommissions: 3,
      approvedCommissions: 0,
      paidCommissions: 0,
    });
    expect(affiliate.referred.map((r: { email: string; active: boolean }) => [r.email, r.active])).toEqual([
      [c.email, false],
      [b.email, true],
    ]);

    // b is a user but referred nobody and earned nothing: not an affiliate.
    for (const id of [b.id, '00000000-0000-4000-8000-000000000000']) {
      const missing = await t.call('GET', `/api/affiliates/${id}`, { as: 'operator' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ ok: false, code: 'not_found', error: 'Affiliate not found.' });
    }
    expect((await t.call('GET', '/api/affiliates/not-a-uuid')).statusCode).toBe(400);
    const own = await t.call('GET', `/api/affiliates/${a.id}`, { token: a.token });
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe('You do not have permission to do this.');
    expect((await t.call('GET', `/api/affiliates/${a.id}`, { as: null })).statusCode).toBe(401);
  });
});

describe('sorting the affiliates, the network and the commissions', () => {
  it('each sorts by its columns both ways, its CSV in the same order; an unknown sort is a 400 sentence', async () => {
    const tag = `srt${Date.now().toString(36)}`;
    // x joins first but its email sorts last: a sort by email and one by date disagree.
    const x = await person(`${tag}x@test.dev`);
    const m = await person(`${tag}m@test.dev`);
    const [a, b, c] = [
      await person(`${tag}b@test.dev`),
      await person(`${tag}c@test.dev`),
      await person(`${tag}a@test.dev`),
    ];
    for (const [who, referrer] of [
      [a, x],
      [b, m],
      [c, x],
    ] as const)
      expect((await attribute(who, referrer.code)).statusCode).toBe(200);
    await buys(a, 80);
    const small = await buys(a, 20);
    const [rejected] = await commissionsOf(small.id);
    expect(
      (await t.call('POST', `/api/referrals/commissions/${rejected!.id}/reject`, { body: { reason: 'Test order' } }))
        .statusCode,
    ).toBe(200);

    const affiliates = { path: '/api/affiliates', field: 'affiliates', query: `q=${tag}` };
    await expectSorted(t, { ...affiliates, sort: 'email', value: (r) => r.email });
    await expectSorted(t, { ...affiliates, sort: 'createdAt', value: (r) => r.createdAt });
    await expectUnknownSortRefused(t, affiliates);

    const network = { path: '/api/referrals', field: 'referrals', query: `q=${tag}` };
    await expectSorted(t, { ...network, sort: 'referredEmail', value: (r) => r.referredEmail });
    await expectSorted(t, { ...network, sort: 'createdAt', value: (r) => r.createdAt });
    await expectUnknownSortRefused(t, network);

    const history = { path: '/api/commissions', field: 'commissions', query: `referrerId=${x.id}` };
    await expectSorted(t, { ...history, sort: 'amount', value: (r) => r.amount });
    await expectSorted(t, { ...history, sort: 'status', value: (r) => r.status });
    await expectSorted(t, { ...history, sort: 'createdAt', value: (r) => r.createdAt });
    await expectUnknownSortRefused(t, history);
    // No sort named: the usual order, newest first.
    const plain = (await t.call('GET', `/api/commissions?referrerId=${x.id}`))
      .json()
      .commissions.map((r: { id: string }) => r.id);
    expect(plain).toEqual(
      (await t.call('GET', `/api/commissions?referrerId=${x.id}&sort=createdAt&order=desc`))
        .json()
        .commissions.map((r: { id: string }) => r.id),
    );
  });
});

describe('reconciliation (run after every money scenario above)', () => {
  it('adds up; a corrupted commission or a paid commission outside a payout fails, naming the check', async () => {
    const result = (await t.call('GET', '/api/reconcile')).json().reconciliation;
    expect(result.checks.filter((c: { ok: boolean }) => !c.ok)).toEqual([]);
    expect(result.ok).toBe(true);
    expect((await t.call('GET', '/api/reconcile', { as: 'finance' })).statusCode).toBe(403);

    const [victim] = await t.db.select().from(commissions).where(eq(commissions.status, 'pending')).limit(1);
    await t.db
      .update(commissions)
      .set({ amountCents: victim!.amountCents + 1 })
      .where(eq(commissions.id, victim!.id));
    const broken = (await t.call('GET', '/api/reconcile')).json().reconciliation;
    expect(broken.ok).toBe(false);
    const failed = broken.checks.find((c: { ok: boolean }) => !c.ok);
    expect(failed.name).toBe('commission amounts = rate × base × unrefunded share, less clawbacks');
    expect(failed.detail[0]).toContain(`commission ${victim!.id}`);
    await t.db
      .update(commissions)
      .set({ amountCents: victim!.amountCents, status: 'paid' })
      .where(eq(commissions.id, victim!.id));
    const names = (await t.call('GET', '/api/reconcile'))
      .json()
      .reconciliation.checks.filter((c: { ok: boolean }) => !c.ok)
      .map((c: { name: string }) => c.name);
    expect(names).toEqual([
      'paid commissions = completed payouts; payout = commissions − clawbacks',
      'each commission in at most one payout, matching its status',
    ]);
    await t.db.update(commissions).set({ status: 'pending' }).where(eq(commissions.id, victim!.id));
    expect((await t.call('GET', '/api/reconcile')).json().reconciliation.ok).toBe(true);
  });
});
