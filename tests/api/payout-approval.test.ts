import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, payouts } from '../../server/db/schema.js';
import { buildUser, PASSWORD } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

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
