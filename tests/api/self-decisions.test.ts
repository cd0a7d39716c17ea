import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  commissions,
  members,
  mintJobs,
  orders,
  payouts,
  redemptions,
  refunds,
  users,
} from '../../server/db/schema.js';
import { buildPayment, buildProduct, buildUser, PASSWORD, type Role } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

// Nobody decides where they are the beneficiary: a member of staff who earns a commission, is paid a payout, holds
// points, asks for a redemption or is the user edited is refused (403, with the sentence and its code) and nothing changes.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_MAX: '10000' });
});
afterAll(async () => {
  await t?.close();
});

type Person = { id: string; email: string; token: string };

describe('the debug mint', () => {
  it('is refused without the embedded dev chain (no reason, no second approver), and nothing is queued', async () => {
    const res = await t.call('POST', '/api/debug/mint', {
      body: { to: '0x1111111111111111111111111111111111111111', id: 1, amount: 1000 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/^The debug mint runs only on the embedded dev chain/);
    expect(await t.db.$count(mintJobs)).toBe(0);
  });
});

async function person(role: Role): Promise<Person & { code: string }> {
  const u = await buildUser(t, { role });
  const token = (await t.login(u.email, PASSWORD)).json().token as string;
  const code = (await t.call('POST', '/api/referrals/link', { token })).json().referralCode as string;
  return { id: u.id, email: u.email, token, code };
}

/** `referrer`'s pending commission of 5.00: a shopper they referred bought for 100.00 (a mock order, made by an admin). */
async function commissionOf(referrer: { code: string }) {
  const shopper = await person('user');
  expect(
    (await t.call('POST', '/api/referrals/attribute', { token: shopper.token, body: { code: referrer.code } }))
      .statusCode,
  ).toBe(200);
  const product = await buildProduct(t, { priceFiat: 100, stock: 10 });
  const order = (
    await t.call('POST', '/api/orders/mock', { body: { userEmail: shopper.email, productId: product.id, qty: 1 } })
  ).json().order;
  const [c] = await t.db
    .select()
    .from(commissions)
    .where(and(eq(commissions.orderId, order.id), eq(commissions.level, 1)));
  return c!;
}

const statusOf = async (id: string) => (await t.db.select().from(commissions).where(eq(commissions.id, id)))[0]!.status;

describe('commissions', () => {
  beforeAll(async () => {
    await t.call('PUT', '/api/settings', { body: { commissionHoldDays: 0 } });
  });

  it('a referrer on the finance team neither approves nor rejects their own commission; a colleague may', async () => {
    const me = await person('finance');
    const c = await commissionOf(me);
    const approve = await t.call('POST', `/api/referrals/commissions/${c.id}/approve`, { token: me.token });
    expect(approve.statusCode).toBe(403);
    expect(approve.json()).toMatchObject({
      code: 'own_commission',
      messageCode: 'own_commission_approve',
      error: 'You cannot approve your own commission.',
    });
    const reject = await t.call('POST', `/api/referrals/commissions/${c.id}/reject`, {
      token: me.token,
      body: { reason: 'Self-referral' },
    });
    expect(reject.json()).toMatchObject({
      messageCode: 'own_commission_reject',
      error: 'You cannot reject your own commission.',
    });
    expect(reject.statusCode).toBe(403);
    expect(await statusOf(c.id)).toBe('pending');
    expect((await t.call('POST', `/api/referrals/commissions/${c.id}/approve`, { as: 'finance' })).statusCode).toBe(
      200,
    );
  });

  it('in a bulk decision the caller’s own commission is refused with its sentence and the others are decided', async () => {
    const me = await person('admin');
    const mine = await commissionOf(me);
    const theirs = await commissionOf(await person('user'));
    const res = await t.call('POST', '/api/commissions/bulk', {
      token: me.token,
      body: { ids: [mine.id, theirs.id], action: 'approve' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ approved: 1, refused: 1 });
    expect(res.json().results).toEqual([
      {
        id: mine.id,
        ok: false,
        code: 'own_commission',
        error: 'You cannot approve your own commission.',
        messageCode: 'own_commission_approve',
      },
      { id: theirs.id, ok: true },
    ]);
    expect([await statusOf(mine.id), await statusOf(theirs.id)]).toEqual(['pending', 'approved']);
  });
});

describe('membership points and redemptions', () => {
  it('an operator neither adds nor removes their own points; a colleague may', async () => {
    const me = await person('operator');
    for (const amount of [1_000_000_000, -1]) {
      const res = await t.call('POST', '/api/membership/points/add', {
        token: me.token,
        body: { userId: me.id, amount, reason: 'Mine' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'own_points', error: 'You cannot add or remove your own points.' });
    }
    const byEmail = await t.call('POST', '/api/membership/points/add', {
      token: me.token,
      body: { email: me.email, amount: 10, reason: 'Mine' },
    });
    expect(byEmail.statusCode).toBe(403);
    expect(await t.db.select().from(members).where(eq(members.userId, me.id))).toEqual([]);
    expect(
      (
        await t.call('POST', '/api/membership/points/add', {
          as: 'admin',
          body: { userId: me.id, amount: 500, reason: 'Gift' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('an operator does not decide their own redemption; a colleague does', async () => {
    const me = await person('operator');
    await t.call('POST', '/api/membership/points/add', {
      as: 'admin',
      body: { userId: me.id, amount: 5000, reason: 'Gift' },
    });
    const product = await buildProduct(t, { priceFiat: 10, stock: 5 });
    const made = await t.call('POST', '/api/redemptions', {
      token: me.token,
      body: { productId: product.id, quantity: 1 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().redemption.id as string;
    for (const status of ['APPROVED', 'REJECTED']) {
      const own = await t.call('PUT', `/api/redemptions/${id}/status`, { token: me.token, body: { status } });
      expect(own.statusCode).toBe(403);
      expect(own.json()).toMatchObject({
        code: 'own_redemption',
        error: 'You cannot decide your own redemption: ask another member of staff.',
      });
    }
    expect((await t.db.select().from(redemptions).where(eq(redemptions.id, id)))[0]!.status).toBe('PENDING');
    expect(
      (await t.call('PUT', `/api/redemptions/${id}/status`, { as: 'admin', body: { status: 'APPROVED' } })).statusCode,
    ).toBe(200);
  });
});

describe('test-paid orders', () => {
  it('an operator does not make a test-paid order for themself (no tokens, points or commission for nothing); a pending one, or a colleague, may', async () => {
    const me = await person('operator');
    const product = await buildProduct(t, { priceFiat: 100, stock: 10 });
    const body = { userEmail: me.email.toUpperCase(), productId: product.id, qty: 1 };
    const mock = await t.call('POST', '/api/orders/mock', { token: me.token, body });
    expect(mock.statusCode).toBe(403);
    expect(mock.json()).toMatchObject({
      code: 'own_order',
      error: 'You cannot make a test-paid order for yourself: ask another member of staff.',
    });
    expect(await t.db.select().from(orders).where(eq(orders.userId, me.id))).toEqual([]);
    expect(await t.db.select().from(members).where(eq(members.userId, me.id))).toEqual([]);
    const pending = await t.call('POST', '/api/orders', { token: me.token, body });
    expect(pending.statusCode, pending.body).toBe(201);
    expect(pending.json().order.status).toBe('pending');
    const byColleague = await t.call('POST', '/api/orders/mock', { as: 'admin', body });
    expect(byColleague.statusCode, byColleague.body).toBe(201);
    expect(byColleague.json().order.status).toBe('paid');
  });
});

describe('refunds', () => {
  it('finance does not refund their own payment, bought with their account or as a guest with their email; a colleague may', async () => {
    const me = await person('finance');
    const asGuest = await buildPayment(t, { email: me.email.toUpperCase(), product: { priceFiat: '10.00' } });
    const withAccount = await buildPayment(t, { product: { priceFiat: '10.00' } });
    await t.db.update(orders).set({ userId: me.id }).where(eq(orders.id, withAccount.orderId!));
    for (const payment of [asGuest, withAccount]) {
      const own = await t.call('POST', `/api/payments/${payment.id}/refund`, {
        token: me.token,
        body: { amount: 10, reason: 'Changed my mind' },
      });
      expect(own.statusCode).toBe(403);
      expect(own.json()).toMatchObject({
        code: 'own_refund',
        error: 'You cannot refund your own payment: ask another member of staff.',
      });
      expect(await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toEqual([]);
    }
    const byColleague = await t.call('POST', `/api/payments/${asGuest.id}/refund`, {
      as: 'admin',
      body: { amount: 10, reason: 'Changed their mind' },
    });
    expect(byColleague.statusCode, byColleague.body).toBe(200);
  });
});

describe('users', () => {
  it('an admin does not change their own role (403), may save their own record unchanged, and changes another admin’s', async () => {
    const me = await person('admin');
    const own = await t.call('PUT', `/api/users/${me.id}`, { token: me.token, body: { role: 'finance' } });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({
      code: 'user_change_refused',
      messageCode: 'own_role',
      error: 'You cannot change your own role.',
    });
    expect(
      (await t.call('PUT', `/api/users/${me.id}`, { token: me.token, body: { role: 'admin', name: 'Still me' } }))
        .statusCode,
    ).toBe(200);
    const suspend = await t.call('POST', `/api/users/${me.id}/suspend`, { token: me.token });
    expect(suspend.statusCode).toBe(403);
    expect(suspend.json().error).toBe('You cannot suspend your own account.');
    expect((await t.db.select().from(users).where(eq(users.id, me.id)))[0]).toMatchObject({
      role: 'admin',
      status: 'active',
      name: 'Still me',
    });
    const other = await person('admin');
    expect(
      (await t.call('PUT', `/api/users/${other.id}`, { token: me.token, body: { role: 'operator' } })).statusCode,
    ).toBe(200);
  });
});

describe('payouts to oneself', () => {
  it('finance neither creates, approves, settles nor pays on chain a payout to themself; nor approves one they created', async () => {
    const me = await person('finance');
    const c = await commissionOf(me);
    expect((await t.call('POST', `/api/referrals/commissions/${c.id}/approve`, { as: 'admin' })).statusCode).toBe(200);
    const create = await t.call('POST', '/api/payouts', { token: me.token, body: { recipientId: me.id } });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toMatchObject({
      code: 'own_payout',
      error: 'You cannot create a payout to yourself: ask another member of staff.',
    });
    expect(await t.db.select().from(payouts).where(eq(payouts.recipientId, me.id))).toEqual([]);

    const made = await t.call('POST', '/api/payouts', { as: 'admin', body: { recipientId: me.id } });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().payout.id as string;
    const approve = await t.call('POST', `/api/payouts/${id}/approve`, { token: me.token });
    expect(approve.statusCode).toBe(403);
    expect(approve.json().error).toBe('You cannot approve a payout to yourself.');
    const byCreator = await t.call('POST', `/api/payouts/${id}/approve`, { as: 'admin' });
    expect(byCreator.statusCode).toBe(403);
    expect(byCreator.json().error).toBe('You created this payout: another member of staff must approve it.');
    expect((await t.call('POST', `/api/payouts/${id}/approve`, { as: 'finance' })).statusCode).toBe(200);
    for (const body of [{ status: 'completed', reference: 'MINE-1' }, { status: 'failed' }, { status: 'cancelled' }]) {
      const settle = await t.call('PUT', `/api/payouts/${id}/status`, { token: me.token, body });
      expect(settle.statusCode).toBe(403);
      expect(settle.json().error).toBe('You cannot settle a payout to yourself: ask another member of staff.');
    }
    const pay = await t.call('POST', `/api/payouts/${id}/pay-onchain`, { token: me.token, body: {} });
    expect(pay.statusCode).toBe(403);
    expect(pay.json().error).toBe('You cannot pay a payout to yourself on chain.');
    expect((await t.db.select().from(payouts).where(eq(payouts.id, id)))[0]!.status).toBe('pending');
    const decisions = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.actorId, me.id)));
    expect(decisions).toEqual([]);
  });

  it('asking for one’s own payout is not a decision: finance may, and someone else approves it', async () => {
    const me = await person('finance');
    const c = await commissionOf(me);
    expect((await t.call('POST', `/api/referrals/commissions/${c.id}/approve`, { as: 'admin' })).statusCode).toBe(200);
    await t.call('PUT', '/api/settings', { body: { minimumPayout: 5 } });
    try {
      const asked = await t.call('POST', '/api/referrals/payout', { token: me.token, body: {} });
      expect(asked.statusCode, asked.body).toBe(201);
      expect(asked.json().payout).toMatchObject({ createdBy: me.id, createdByEmail: me.email, approvedBy: null });
      const id = asked.json().payout.id as string;
      expect((await t.call('POST', `/api/payouts/${id}/approve`, { token: me.token })).statusCode).toBe(403);
      expect((await t.call('POST', `/api/payouts/${id}/approve`, { as: 'admin' })).statusCode).toBe(200);
    } finally {
      await t.call('PUT', '/api/settings', { body: { minimumPayout: 50 } });
    }
  });
});
