/**
 * Rejecting a commission says why: the reason (3–500 characters, trimmed) is required by the single and the bulk
 * route, kept on each rejected commission, answered with it and written in its audit entry. A missing or bad reason
 * is a 400 that changes nothing; in a batch a refused row leaves the others rejected. Finance and admins decide.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, commissions } from '../../server/db/schema.js';
import { commissionsApproved, commissionsApprovedAmount } from '../../server/modules/metrics/business.js';
import { buildProduct, buildUser, PASSWORD } from './factories.js';
import { metricValue } from './metric-value.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_MAX: '10000' });
  await t.call('PUT', '/api/settings', { body: { commissionHoldDays: 0 } });
});
afterAll(async () => {
  await t?.close();
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
/** A bad reason, its sentence, and the catalogue's code the screens translate it by. */
const BAD_REASONS = [
  [{}, 'Reason is required.', 'field_required'],
  [{ reason: '   ' }, 'Reason must be at least 3 characters.', 'field_required'],
  [{ reason: ' no ' }, 'Reason must be at least 3 characters.', 'field_too_short'],
  [{ reason: 'x'.repeat(501) }, 'Reason can be at most 500 characters.', 'field_too_long'],
] as const;

async function signedIn() {
  const u = await buildUser(t);
  return { ...u, token: (await t.login(u.email, PASSWORD)).json().token as string };
}

/** A pending commission: a referred shopper bought for 100.00 (a mock order made by an admin). */
async function pendingCommission() {
  const referrer = await signedIn();
  const code = (await t.call('POST', '/api/referrals/link', { token: referrer.token })).json().referralCode as string;
  const shopper = await signedIn();
  expect((await t.call('POST', '/api/referrals/attribute', { token: shopper.token, body: { code } })).statusCode).toBe(
    200,
  );
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

const rowsOf = (ids: string[]) =>
  t.db
    .select({ id: commissions.id, status: commissions.status, rejectReason: commissions.rejectReason })
    .from(commissions)
    .where(inArray(commissions.id, ids));
const rejectAudit = (ids: string[]) =>
  t.db
    .select({ id: auditEvents.entityId, data: auditEvents.data })
    .from(auditEvents)
    .where(and(inArray(auditEvents.entityId, ids), eq(auditEvents.action, 'commission.reject')));

describe('rejecting one commission', () => {
  it('refuses a commission already reversed (its order refunded) with a declared 409, and leaves it as it was', async () => {
    const c = await pendingCommission();
    await t.db.update(commissions).set({ status: 'reversed' }).where(eq(commissions.id, c.id));
    const res = await t.call('POST', `/api/referrals/commissions/${c.id}/reject`, {
      as: 'finance',
      body: { reason: 'Too late now' },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(await rowsOf([c.id])).toEqual([{ id: c.id, status: 'reversed', rejectReason: null }]);
    const doc = (await t.call('GET', '/api/docs/json')).json();
    expect(Object.keys(doc.paths['/api/referrals/commissions/{id}/reject'].post.responses)).toContain('409');
  });

  it('needs a reason of 3 to 500 characters: otherwise a 400 naming it, and the commission stays pending', async () => {
    const c = await pendingCommission();
    for (const [body, sentence, messageCode] of BAD_REASONS) {
      const res = await t.call('POST', `/api/referrals/commissions/${c.id}/reject`, { as: 'finance', body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation',
        error: `Invalid field "reason": ${sentence}`,
        fields: { reason: sentence },
        messageCode,
      });
    }
    expect(await rowsOf([c.id])).toEqual([{ id: c.id, status: 'pending', rejectReason: null }]);
    expect(await rejectAudit([c.id])).toEqual([]);
  });

  it('finance rejects with the reason trimmed: kept, answered, listed and audited; operators and users may not', async () => {
    const c = await pendingCommission();
    for (const as of ['operator', 'user'] as const) {
      expect(
        (
          await t.call('POST', `/api/referrals/commissions/${c.id}/reject`, {
            as,
            body: { reason: 'Looks fraudulent' },
          })
        ).statusCode,
      ).toBe(403);
    }
    const res = await t.call('POST', `/api/referrals/commissions/${c.id}/reject`, {
      as: 'finance',
      body: { reason: '  Looks fraudulent  ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().commission).toMatchObject({
      id: c.id,
      status: 'rejected',
      rejectReason: 'Looks fraudulent',
      decidedAt: expect.any(String),
    });
    expect(await rowsOf([c.id])).toEqual([{ id: c.id, status: 'rejected', rejectReason: 'Looks fraudulent' }]);
    expect(await rejectAudit([c.id])).toEqual([
      { id: c.id, data: { amountCents: c.amountCents, reason: 'Looks fraudulent' } },
    ]);
    const listed = (await t.call('GET', '/api/commissions?status=rejected&limit=100')).json().commissions as {
      id: string;
      rejectReason: string | null;
    }[];
    expect(listed.find((x) => x.id === c.id)?.rejectReason).toBe('Looks fraudulent');
  });
});

describe('rejecting a selection', () => {
  it('needs the reason too: a 400 and nothing changes; approving needs none and keeps none', async () => {
    const [a, b] = [await pendingCommission(), await pendingCommission()];
    for (const [extra, sentence, messageCode] of BAD_REASONS) {
      const res = await t.call('POST', '/api/commissions/bulk', {
        as: 'finance',
        body: { ids: [a.id, b.id], action: 'reject', ...extra },
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation',
        fields: { reason: sentence },
        fieldMessages: { reason: { messageCode } },
      });
    }
    expect(await rowsOf([a.id, b.id])).toEqual(
      expect.arrayContaining([
        { id: a.id, status: 'pending', rejectReason: null },
        { id: b.id, status: 'pending', rejectReason: null },
      ]),
    );
    expect(await rejectAudit([a.id, b.id])).toEqual([]);

    const approved = await t.call('POST', '/api/commissions/bulk', {
      as: 'finance',
      body: { ids: [a.id], action: 'approve', reason: 'Not a rejection' },
    });
    expect(approved.json()).toMatchObject({ approved: 1, refused: 0 });
    expect(await rowsOf([a.id])).toEqual([{ id: a.id, status: 'approved', rejectReason: null }]);
  });

  it('rejects each pending commission with the reason; an approved and an unknown one are refused, the others done', async () => {
    const [a, b, c] = [await pendingCommission(), await pendingCommission(), await pendingCommission()];
    const approvedBefore = await metricValue(commissionsApproved);
    const amountBefore = await metricValue(commissionsApprovedAmount);
    expect((await t.call('POST', `/api/referrals/commissions/${b.id}/approve`, { as: 'finance' })).statusCode).toBe(
      200,
    );
    // The metrics' business counters (issue 40) move where the approval happens.
    expect((await metricValue(commissionsApproved)) - approvedBefore).toBe(1);
    expect((await metricValue(commissionsApprovedAmount)) - amountBefore).toBe(b.amountCents);
    expect(
      (
        await t.call('POST', '/api/commissions/bulk', {
          as: 'operator',
          body: { ids: [a.id], action: 'reject', reason: 'Duplicate order' },
        })
      ).statusCode,
    ).toBe(403);

    const res = await t.call('POST', '/api/commissions/bulk', {
      as: 'admin',
      body: { ids: [a.id, b.id, UNKNOWN, c.id], action: 'reject', reason: ' Duplicate order ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, done: 2, refused: 2, rejected: 2, approved: 0 });
    expect(res.json().results).toEqual([
      { id: a.id, ok: true },
      {
        id: b.id,
        ok: false,
        code: 'illegal_transition',
        error: expect.any(String),
        messageCode: 'commission_not_pending',
        params: { status: 'approved', to: 'rejected' },
      },
      {
        id: UNKNOWN,
        ok: false,
        code: 'not_found',
        error: 'Commission not found.',
        messageCode: 'commission_not_found',
      },
      { id: c.id, ok: true },
    ]);
    expect(await rowsOf([a.id, b.id, c.id])).toEqual(
      expect.arrayContaining([
        { id: a.id, status: 'rejected', rejectReason: 'Duplicate order' },
        { id: b.id, status: 'approved', rejectReason: null },
        { id: c.id, status: 'rejected', rejectReason: 'Duplicate order' },
      ]),
    );
    const audited = await rejectAudit([a.id, b.id, c.id]);
    expect(audited.map((e) => [e.id, (e.data as { reason?: string }).reason]).sort()).toEqual(
      [
        [a.id, 'Duplicate order'],
        [c.id, 'Duplicate order'],
      ].sort(),
    );
  });
});
