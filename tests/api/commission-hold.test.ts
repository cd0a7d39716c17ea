/**
 * A pending commission is on hold for commissionHoldDays after its order was paid: the list, the CSV and the answer of
 * a decision say until when (`heldUntil`), and say nothing once the hold is over or the commission is decided. Bulk
 * Approve leaves a held one pending with the sentence that names the same date.
 */
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Commission } from '../../src/common/referrals.js';
import { commissions } from '../../server/db/schema.js';
import { buildProduct, buildUser, PASSWORD } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_MAX: '10000' });
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
const holdDays = (days: number) => t.call('PUT', '/api/settings', { body: { commissionHoldDays: days } });

async function signedIn(email: string) {
  const u = await buildUser(t, { email });
  return { ...u, token: (await t.login(u.email, PASSWORD)).json().token as string };
}

describe('the hold date of a commission', () => {
  const tag = `hold${Date.now().toString(36)}`;
  let ids: string[];
  beforeAll(async () => {
    const referrer = await signedIn(`ref.${tag}@test.dev`);
    const code = (await t.call('POST', '/api/referrals/link', { token: referrer.token })).json().referralCode;
    const shopper = await signedIn(`buyer.${tag}@test.dev`);
    await t.call('POST', '/api/referrals/attribute', { token: shopper.token, body: { code } });
    const product = await buildProduct(t, { priceFiat: 100, stock: 10 });
    ids = [];
    for (let n = 0; n < 2; n++) {
      const order = (
        await t.call('POST', '/api/orders/mock', { body: { userEmail: shopper.email, productId: product.id, qty: 1 } })
      ).json().order;
      const [c] = await t.db
        .select({ id: commissions.id })
        .from(commissions)
        .where(and(eq(commissions.orderId, order.id), eq(commissions.level, 1)));
      ids.push(c!.id);
    }
  });
  const listed = async () => {
    const res = await t.call('GET', `/api/commissions?q=${tag}&sort=createdAt&order=asc`, { as: 'finance' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().commissions as Commission[];
  };
  const csvRows = async () => {
    const res = await t.call('GET', `/api/commissions/export.csv?q=${tag}&sort=createdAt&order=asc`);
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = parse(res.body, { bom: true }) as string[][];
    return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]])));
  };

  it('is earnedAt plus the hold days while the commission is pending and held, in the list and the CSV', async () => {
    expect((await holdDays(14)).statusCode).toBe(200);
    const rows = await listed();
    expect(rows.map((c) => c.id)).toEqual(ids);
    for (const c of rows) {
      expect(c.heldUntil).toBe(new Date(Date.parse(c.earnedAt) + 14 * DAY).toISOString());
      expect(c.heldUntil).toBe(c.approvableAt);
    }
    expect((await csvRows()).map((r) => r.heldUntil)).toEqual(rows.map((c) => c.heldUntil));
  });

  it('Bulk Approve leaves the held ones pending, each refused with the sentence naming that date', async () => {
    const res = await t.call('POST', '/api/commissions/bulk', { as: 'finance', body: { action: 'approve', ids } });
    expect(res.statusCode, res.body).toBe(200);
    const held = (await listed())[0]!.heldUntil!.slice(0, 10);
    expect(res.json()).toMatchObject({ done: 0, refused: 2 });
    for (const r of res.json().results)
      expect(r.error).toBe(
        `This commission is on hold until ${held} (14 days after payment), so that refunds come first.`,
      );
  });

  it('is null once the hold is over, and for a decided commission', async () => {
    expect((await holdDays(0)).statusCode).toBe(200);
    expect((await listed()).map((c) => c.heldUntil)).toEqual([null, null]);
    const reject = await t.call('POST', `/api/referrals/commissions/${ids[0]}/reject`, {
      as: 'finance',
      body: { reason: 'A test order' },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(reject.json().commission.heldUntil).toBeNull();
    expect((await holdDays(14)).statusCode).toBe(200);
    const [rejected, pending] = await listed();
    expect([rejected!.status, rejected!.heldUntil]).toEqual(['rejected', null]);
    expect(pending!.heldUntil).not.toBeNull();
    expect((await csvRows()).map((r) => r.heldUntil)).toEqual(['', pending!.heldUntil]);
  });
});
