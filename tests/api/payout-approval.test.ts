import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, commissions, emailMessages, notifications, payouts } from '../../server/db/schema.js';
import { buildProduct, buildUser, PASSWORD } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { noticeText } from '../../src/common/notices-catalogue.js';
import { NOTICE_LEVELS_ZH, NOTICE_MESSAGES_ZH } from '../../src/common/notices-catalogue.zh.js';

// Dual control: a payout above settings payoutDualControlAbove (0.00 by default: every payout) is approved by a second
// member of staff (finance or admin, neither its creator nor its recipient) before it may be completed.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = async (role: 'finance' | 'admin') => {
  const u = await buildUser(t, { role });
  return { id: u.id, email: u.email, token: (await t.login(u.email, PASSWORD)).json().token as string };
};

/** A pending payout of `cents` to a new shopper, created by `creator` (one approved commission that no payout holds). */
async function pendingPayout(creator: string, cents = 12_345) {
  const recipient = await buildUser(t);
  const [payout] = await t.db
    .insert(payouts)
    .values({ recipientId: recipient.id, grossCents: cents, amountCents: cents, requestedBy: creator })
    .returning();
  return payout!;
}

const complete = (id: string, token: string) =>
  t.call('PUT', `/api/payouts/${id}/status`, { token, body: { status: 'completed', reference: 'BANK-9' } });

describe('payout approval', () => {
  it('an unapproved payout is not completed (409); a second member of staff approves it, once; then it completes and the page says who', async () => {
    const [creator, approver] = [await login('finance'), await login('admin')];
    const payout = await pendingPayout(creator.id);
    const needs = async () =>
      (await t.call('GET', `/api/payouts/${payout.id}`, { token: creator.token })).json().payout.approvalRequired;
    expect(await needs()).toBe(true);
    const early = await complete(payout.id, creator.token);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'approval_required',
      messageCode: 'payout_approval_required',
      error:
        'This payout of 123.45 USD is above 0.00 USD: another member of staff must approve it before it is completed or paid on chain.',
    });
    const approved = await t.call('POST', `/api/payouts/${payout.id}/approve`, { token: approver.token });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().payout).toMatchObject({
      status: 'pending',
      createdBy: creator.id,
      createdByEmail: creator.email,
      approvedBy: approver.id,
      approvedByEmail: approver.email,
      approvedAt: expect.any(String),
    });
    expect(await needs()).toBe(false);
    const twice = await t.call('POST', `/api/payouts/${payout.id}/approve`, { as: 'finance' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(`This payout was already approved by ${approver.email}.`);
    const done = await complete(payout.id, creator.token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().payout).toMatchObject({ status: 'completed', approvedByEmail: approver.email });
    const after = await t.call('POST', `/api/payouts/${payout.id}/approve`, { as: 'finance' });
    expect(after.statusCode).toBe(409);
    expect(after.json().error).toBe('A completed payout cannot be approved: only a pending one can.');
    const [entry] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, payout.id), eq(auditEvents.action, 'payout.approve')));
    expect(entry).toMatchObject({
      actorId: approver.id,
      data: { amountCents: 12_345, currency: 'USD', createdBy: creator.id },
    });
  });

  it('operators and shoppers may not approve (403); an unknown payout is a 404', async () => {
    const payout = await pendingPayout((await login('finance')).id);
    for (const as of ['operator', 'user'] as const)
      expect((await t.call('POST', `/api/payouts/${payout.id}/approve`, { as })).statusCode).toBe(403);
    expect((await t.call('POST', `/api/payouts/${payout.id}/approve`, { as: null })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/payouts/00000000-0000-4000-8000-000000000000/approve')).statusCode).toBe(404);
    expect((await t.db.select().from(payouts).where(eq(payouts.id, payout.id)))[0]!.approvedBy).toBeNull();
  });

  it('failing or cancelling needs no approval: nothing leaves', async () => {
    const creator = await login('finance');
    for (const status of ['failed', 'cancelled']) {
      const payout = await pendingPayout(creator.id);
      expect(
        (await t.call('PUT', `/api/payouts/${payout.id}/status`, { token: creator.token, body: { status } }))
          .statusCode,
      ).toBe(200);
    }
  });

  it('at or below payoutDualControlAbove a payout completes without approval; the setting is validated', async () => {
    const creator = await login('finance');
    expect((await t.call('PUT', '/api/settings', { body: { payoutDualControlAbove: 123.45 } })).statusCode).toBe(200);
    try {
      const small = await pendingPayout(creator.id, 12_345);
      const detail = async (id: string) => (await t.call('GET', `/api/payouts/${id}`)).json().payout.approvalRequired;
      expect(await detail(small.id)).toBe(false);
      expect((await complete(small.id, creator.token)).statusCode).toBe(200);
      const big = await pendingPayout(creator.id, 12_346);
      expect(await detail(big.id)).toBe(true);
      const refused = await complete(big.id, creator.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toContain('123.46 USD is above 123.45 USD');
      expect((await t.db.select().from(payouts).where(eq(payouts.id, big.id)))[0]!.status).toBe('pending');
    } finally {
      await t.call('PUT', '/api/settings', { body: { payoutDualControlAbove: 0 } });
    }
    for (const bad of [-1, 1.234, 'ten']) {
      const res = await t.call('PUT', '/api/settings', { body: { payoutDualControlAbove: bad } });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['payoutDualControlAbove']);
    }
    expect((await t.call('GET', '/api/settings')).json().settings).toMatchObject({
      payoutDualControlAbove: 0,
      manualMintDualControlAbove: 100,
    });
  });
});

describe('approvers are told of a payout that waits for them', () => {
  /** A referrer with one approved commission of 5.00 (5 % of 100.00) that no payout holds. */
  async function earner() {
    const person = async () => {
      const u = await buildUser(t);
      const token = (await t.login(u.email, PASSWORD)).json().token as string;
      return { ...u, token };
    };
    const [a, b] = [await person(), await person()];
    const code = (await t.call('POST', '/api/referrals/link', { token: a.token })).json().referralCode as string;
    expect((await t.call('POST', '/api/referrals/attribute', { token: b.token, body: { code } })).statusCode).toBe(200);
    await t.call('PUT', '/api/settings', { body: { commissionHoldDays: 0 } });
    try {
      const product = await buildProduct(t, { priceFiat: 100, stock: 10 });
      const order = (
        await t.call('POST', '/api/orders/mock', { body: { userEmail: b.email, productId: product.id, qty: 1 } })
      ).json().order;
      const [c] = await t.db.select().from(commissions).where(eq(commissions.orderId, order.id));
      const ok = await t.call('POST', `/api/referrals/commissions/${c!.id}/approve`, { as: 'finance' });
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      await t.call('PUT', '/api/settings', { body: { commissionHoldDays: 14 } });
    }
    return a;
  }

  const toldOf = (payoutId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.messageCode, 'payout_to_approve'), eq(notifications.link, `/payouts/${payoutId}/show`)),
      );

  it('every other finance and admin account gets it in the bell and by email (absolute link); not the creator, not the recipient, not an operator', async () => {
    const [creator, admin, finance] = [await login('finance'), await login('admin'), await login('finance')];
    const operator = await buildUser(t, { role: 'operator' });
    const recipient = await earner();
    const made = await t.call('POST', '/api/payouts', { token: creator.token, body: { recipientId: recipient.id } });
    expect(made.statusCode, made.body).toBe(201);
    const payout = made.json().payout as { id: string };
    const told = await toldOf(payout.id);
    const who = new Set(told.map((n) => n.userId));
    expect(who.has(admin.id) && who.has(finance.id)).toBe(true);
    for (const id of [creator.id, recipient.id, operator.id]) expect(who.has(id)).toBe(false);
    const mine = told.find((n) => n.userId === admin.id)!;
    expect(mine).toMatchObject({
      title: 'A payout awaits your approval',
      params: { amount: '5.00', currency: 'USD', recipient: recipient.email },
    });
    expect(mine.body).toContain(`created a payout of 5.00 USD to ${recipient.email}`);
    // The stored code and params read in Chinese too, with every parameter filled in.
    const zh = noticeText(mine.messageCode, mine.params, NOTICE_MESSAGES_ZH, NOTICE_LEVELS_ZH)!;
    expect(zh.title).toBe('有一笔提现等待您批准');
    expect(zh.body).toContain(`创建了一笔给 ${recipient.email} 的 5.00 USD 提现`);
    expect(zh.body).not.toContain('%{');
    // The bell answers the code and params, for the reader's language.
    const inbox = (await t.call('GET', '/api/notifications', { token: admin.token })).json();
    expect(inbox.notifications).toContainEqual(
      expect.objectContaining({ messageCode: 'payout_to_approve', link: `/payouts/${payout.id}/show` }),
    );
    const [mail] = await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, admin.email));
    expect(mail?.subject).toBe('A payout awaits your approval');
    expect(mail?.body).toMatch(new RegExp(`https?://[^\\s]+/payouts/${payout.id}/show`));
  });

  it('a payout at or below payoutDualControlAbove tells nobody; a recipient’s own request above it does', async () => {
    expect((await t.call('PUT', '/api/settings', { body: { payoutDualControlAbove: 5 } })).statusCode).toBe(200);
    try {
      const small = await t.call('POST', '/api/payouts', { as: 'finance', body: { recipientId: (await earner()).id } });
      expect(small.statusCode, small.body).toBe(201);
      expect(await toldOf(small.json().payout.id)).toHaveLength(0);
    } finally {
      await t.call('PUT', '/api/settings', { body: { payoutDualControlAbove: 0 } });
    }
    const own = await earner();
    await t.call('PUT', '/api/settings', { body: { minimumPayout: 1 } });
    const asked = await t
      .call('POST', '/api/referrals/payout', { token: own.token, body: { method: 'bank' } })
      .finally(() => t.call('PUT', '/api/settings', { body: { minimumPayout: 50 } }));
    expect(asked.statusCode, asked.body).toBe(201);
    const told = await toldOf(asked.json().payout.id);
    expect(told.length).toBeGreaterThan(0);
    expect(told.some((n) => n.userId === own.id)).toBe(false);
  });
});
