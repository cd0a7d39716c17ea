import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, coupons } from '../../server/db/schema.js';
import { buildCoupon, buildProduct, buildUser, couponInput } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const rows = async () => ({
  coupons: await t.db.select().from(coupons).orderBy(coupons.id),
  audit: Number((await t.db.select({ n: sql<string>`count(*)` }).from(auditEvents))[0]!.n),
});
const day = 86_400_000;

describe('coupons', () => {
  it('creates one with exact values and reads it back; the write is audited', async () => {
    const body = couponInput({
      discountType: 'fixed',
      discountValue: '12.5',
      usageLimit: 100,
      perCustomerLimit: 2,
      minimumSubtotal: 50,
      description: 'Spring sale',
      endDate: '2099-01-31',
    });
    const res = await t.call('POST', '/api/coupons', { body, as: 'operator' });
    expect(res.statusCode, res.body).toBe(201);
    const coupon = res.json().coupon;
    expect(coupon).toMatchObject({
      code: body.code,
      discountType: 'fixed',
      discountValue: 12.5,
      usageLimit: 100,
      perCustomerLimit: 2,
      minimumSubtotal: 50,
      description: 'Spring sale',
      startDate: null,
      endDate: '2099-01-31T00:00:00.000Z',
      usedCount: 0,
      status: 'active',
    });
    expect((await t.call('GET', `/api/coupons/${coupon.id}`, { as: 'finance' })).json().coupon).toEqual(coupon);
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.entityId} = ${coupon.id}`);
    expect(audit).toMatchObject({ action: 'coupon.create', entity: 'coupon' });
  });

  it('derives the status from the end date, and filters and searches by it', async () => {
    const tag = `TAG${Date.now().toString(36).toUpperCase()}`;
    const old = await buildCoupon(t, { code: `${tag}-OLD`, endDate: new Date(Date.now() - day).toISOString() });
    const live = await buildCoupon(t, {
      code: `${tag}-LIVE`,
      description: 'for the shop',
      endDate: new Date(Date.now() + day).toISOString(),
    });
    const open = await buildCoupon(t, { code: `${tag}-OPEN` });
    expect([old.status, live.status, open.status]).toEqual(['expired', 'active', 'active']);
    const list = async (query: string) => (await t.call('GET', `/api/coupons?q=${tag}&${query}`)).json();
    expect((await list('')).total).toBe(3);
    expect((await list('status=expired')).coupons.map((c: { id: string }) => c.id)).toEqual([old.id]);
    expect((await list('status=active&sort=code&order=asc')).coupons.map((c: { code: string }) => c.code)).toEqual([
      `${tag}-LIVE`,
      `${tag}-OPEN`,
    ]);
    expect(
      (await t.call('GET', '/api/coupons?q=for%20the%20shop')).json().coupons.map((c: { id: string }) => c.id),
    ).toContain(live.id);
  });

  it('keeps codes unique whatever their case, also when two requests race', async () => {
    const first = await buildCoupon(t);
    const res = await t.call('POST', '/api/coupons', { body: couponInput({ code: first.code.toLowerCase() }) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'code_taken', fields: { code: expect.any(String) } });
    const body = couponInput();
    const raced = await Promise.all([1, 2, 3].map(() => t.call('POST', '/api/coupons', { body })));
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const other = await buildCoupon(t);
    expect((await t.call('PUT', `/api/coupons/${other.id}`, { body: { code: first.code } })).statusCode).toBe(409);
  });

  it.each([
    [{ code: '' }, 'code', 'Code is required.'],
    [{ code: 'NO SPACES' }, 'code', 'Code may use letters, digits, dash and underscore only.'],
    [{ discountType: 'free' }, 'discountType', 'Discount type must be percentage or fixed.'],
    [{ discountValue: undefined }, 'discountValue', 'Discount value is required.'],
    [{ discountValue: '1.234' }, 'discountValue', 'Discount value must be a number ≥ 0 with at most 2 decimals.'],
    [{ discountValue: 0 }, 'discountValue', 'Discount value must be more than 0.'],
    [{ discountValue: 100.01 }, 'discountValue', 'A percentage discount can be at most 100.'],
    [{ usageLimit: 0 }, 'usageLimit', 'Usage limit must be a whole number of at least 1.'],
    [{ usageLimit: 1.5 }, 'usageLimit', 'Usage limit must be a whole number of at least 1.'],
    [
      { usageLimit: 2, perCustomerLimit: 3 },
      'perCustomerLimit',
      'Per-customer limit cannot be more than the usage limit.',
    ],
    [{ minimumSubtotal: -1 }, 'minimumSubtotal', 'Minimum subtotal must be a number ≥ 0 with at most 2 decimals.'],
    [
      { startDate: 'soon' },
      'startDate',
      'Start date is malformed: write a date as YYYY-MM-DD or an ISO 8601 date and time.',
    ],
    [{ startDate: '2030-02-01', endDate: '2030-01-01' }, 'endDate', 'End date must be after the start date.'],
  ])('refuses %j: 400 naming %s, nothing written', async (overrides, field, sentence) => {
    const before = await rows();
    const res = await t.call('POST', '/api/coupons', { body: couponInput(overrides) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation',
      error: `Invalid field "${field}": ${sentence}`,
      fields: { [field]: sentence },
    });
    expect(await rows()).toEqual(before);
  });

  it('updates only the fields sent, checking them against the stored ones', async () => {
    const coupon = await buildCoupon(t, { usageLimit: 10, endDate: '2098-01-01' });
    const res = await t.call('PUT', `/api/coupons/${coupon.id}`, { body: { discountValue: 25 } });
    expect(res.json().coupon).toMatchObject({
      discountValue: 25,
      usageLimit: 10,
      endDate: '2098-01-01T00:00:00.000Z',
      code: coupon.code,
    });
    const bad = await t.call('PUT', `/api/coupons/${coupon.id}`, { body: { perCustomerLimit: 11 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ perCustomerLimit: 'Per-customer limit cannot be more than the usage limit.' });
    const cleared = await t.call('PUT', `/api/coupons/${coupon.id}`, { body: { endDate: null, usageLimit: null } });
    expect(cleared.json().coupon).toMatchObject({ endDate: null, usageLimit: null, discountValue: 25 });
  });

  it('If-Match names the version read: a coupon changed since is refused with 412 and kept as it is', async () => {
    const coupon = await buildCoupon(t, { usageLimit: 10 });
    const read = (await t.call('GET', `/api/coupons/${coupon.id}`)).json().coupon;
    const put = (body: unknown, version: string) =>
      t.call('PUT', `/api/coupons/${coupon.id}`, { body, headers: { 'if-match': version } });
    const first = await put({ usageLimit: 20 }, `"${read.updatedAt}"`);
    expect(first.statusCode, first.body).toBe(200);
    const stale = await put({ usageLimit: 5 }, `"${read.updatedAt}"`);
    expect(stale.statusCode, stale.body).toBe(412);
    expect(stale.json()).toMatchObject({ code: 'record_changed', messageCode: 'record_changed' });
    expect((await t.call('GET', `/api/coupons/${coupon.id}`)).json().coupon).toMatchObject({
      usageLimit: 20,
      updatedAt: first.json().coupon.updatedAt,
    });
    expect((await put({ usageLimit: 30 }, `"${first.json().coupon.updatedAt}"`)).statusCode).toBe(200);
  });

  it('deletes an unused coupon; a used one is kept with a sentence', async () => {
    const unused = await buildCoupon(t);
    expect((await t.call('DELETE', `/api/coupons/${unused.id}`)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/coupons/${unused.id}`)).statusCode).toBe(404);
    const used = await buildCoupon(t);
    await t.db
      .update(coupons)
      .set({ usedCount: 3 })
      .where(sql`${coupons.id} = ${used.id}`);
    const res = await t.call('DELETE', `/api/coupons/${used.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      `Coupon "${used.code}" has been used 3 times and cannot be deleted. Set its end date to retire it instead.`,
    );
    const lower = await t.call('PUT', `/api/coupons/${used.id}`, { body: { usageLimit: 2 } });
    expect(lower.json().fields).toEqual({
      usageLimit: 'Usage limit cannot be below the 3 times this coupon was already used.',
    });
  });
});

describe('coupons on orders', () => {
  const order = (body: Record<string, unknown>, path = '/api/orders') => t.call('POST', path, { body });
  const couponRow = async (id: string) =>
    (
      await t.db
        .select()
        .from(coupons)
        .where(sql`${coupons.id} = ${id}`)
    )[0]!;
  let customer: string;
  let productId: string;
  beforeAll(async () => {
    customer = (await buildUser(t)).email;
    productId = (await buildProduct(t, { priceFiat: '40', stock: 100 })).id;
  });

  it('takes the discount off the amount, holds a use while pending and counts it once paid', async () => {
    const c = await buildCoupon(t, { discountValue: 25 });
    const pending = await order({ userEmail: customer, productId, qty: 2, couponCode: c.code.toLowerCase() });
    expect(pending.statusCode, pending.body).toBe(201);
    expect(pending.json().order).toMatchObject({
      amountFiat: 60,
      subtotal: 80,
      discount: 20,
      tax: 0,
      shipping: 0,
      couponCode: c.code,
    });
    expect(await couponRow(c.id)).toMatchObject({ reservedCount: 1, usedCount: 0 });
    const paid = await order({ userEmail: customer, productId, qty: 1, couponCode: c.code }, '/api/orders/mock');
    expect(paid.json().order).toMatchObject({ status: 'paid', amountFiat: 30, payment: { amount: 30 } });
    expect(await couponRow(c.id)).toMatchObject({ reservedCount: 1, usedCount: 1 });
  });

  it('refuses a coupon that does not apply with its sentence, and writes nothing', async () => {
    const expired = await buildCoupon(t, { endDate: '2020-01-01' });
    const res = await order({ userEmail: customer, productId, qty: 1, couponCode: expired.code });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'invalid_coupon',
      error: `Coupon "${expired.code}" expired on 2020-01-01.`,
      fields: { couponCode: expect.any(String) },
    });
    expect(await couponRow(expired.id)).toMatchObject({ reservedCount: 0, usedCount: 0 });
  });

  it('never gives out more uses than the limit, even to orders racing for the last ones', async () => {
    const c = await buildCoupon(t, { usageLimit: 3 });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => order({ userEmail: customer, productId, qty: 1, couponCode: c.code })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 201)).toHaveLength(3);
    expect(codes.filter((s) => s !== 201).every((s) => s === 409 || s === 422)).toBe(true);
    expect(await couponRow(c.id)).toMatchObject({ reservedCount: 3, usedCount: 0 });
    const more = await order({ userEmail: customer, productId, qty: 1, couponCode: c.code });
    expect(more.json().error).toBe(`Coupon "${c.code}" has been used up.`);
  });

  it('a coupon with uses held cannot be deleted, and shows them', async () => {
    const c = await buildCoupon(t);
    await order({ userEmail: customer, productId, qty: 1, couponCode: c.code });
    expect((await t.call('GET', `/api/coupons/${c.id}`)).json().coupon).toMatchObject({
      reservedCount: 1,
      usedCount: 0,
    });
    expect((await t.call('DELETE', `/api/coupons/${c.id}`)).statusCode).toBe(409);
  });
});
