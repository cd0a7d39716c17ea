import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCoupon, buildProduct, buildUser } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { expectSorted, expectUnknownSortRefused } from './list-sorts.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Event = {
  action: string;
  entity: string;
  entityId: string | null;
  actorEmail: string | null;
  ip: string | null;
  data: Record<string, unknown>;
  createdAt: string;
};
const events = async (query: string, as: 'admin' | null = 'admin') =>
  (await t.call('GET', `/api/audit?${query}`, { as })).json() as { events: Event[]; total: number };

/** What the admin's edit form sends back: the product's editable fields as the API gave them. */
const pick = ({
  id: _id,
  createdAt: _c,
  updatedAt: _u,
  imageThumb: _t,
  name: _n,
  ...editable
}: Record<string, unknown>) => editable;

describe('the audit log', () => {
  it('records who changed what, the values before and after, from which address; newest first', async () => {
    const u = await buildUser(t, { role: 'operator' });
    await t.call('PUT', `/api/users/${u.id}`, { body: { role: 'finance', phone: '+1 555 0100' } });
    await t.call('POST', `/api/users/${u.id}/suspend`);
    const { events: trail, total } = await events(`entity=user&entityId=${u.id}`);
    expect(total).toBe(2);
    expect(trail.map((e) => e.action)).toEqual(['user.suspend', 'user.update']);
    const update = trail[1]!;
    expect(update.data).toEqual({
      role: { from: 'operator', to: 'finance' },
      phone: { from: null, to: '+1 555 0100' },
    });
    expect(update.actorEmail).toMatch(/^admin\./);
    expect(update.ip).toBe('127.0.0.1');
  });

  it('filters by who (email or id), action and dates, and pages', async () => {
    const tag = `audit${Date.now().toString(36)}`;
    for (let i = 0; i < 3; i++)
      await t.call('POST', '/api/coupons', {
        body: { code: `${tag}${i}`, discountType: 'percentage', discountValue: 5 },
      });
    const created = await events('action=coupon.create');
    expect(created.total).toBe(3);
    const actorEmail = created.events[0]!.actorEmail!;
    expect((await events(`actor=${encodeURIComponent(actorEmail.toUpperCase())}&action=coupon.create`)).total).toBe(3);
    const page = await events('action=coupon.create&limit=2&offset=2');
    expect(page.events).toHaveLength(1);
    expect(page.total).toBe(3);
    expect((await events('actor=nobody@nowhere.dev')).total).toBe(0);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await events(`action=coupon.create&startDate=${future}`)).total).toBe(0);
    expect((await events(`action=coupon.create&endDate=${future}`)).total).toBe(3);
    const bad = await t.call('GET', '/api/audit?startDate=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.startDate).toBe(
      'startDate is malformed: write a date as YYYY-MM-DD or an ISO 8601 date and time.',
    );
    // Present but malformed: said as malformed (not as missing), in the reader's language through its message code.
    expect(bad.json()).toMatchObject({
      messageCode: 'field_malformed_date',
      params: { field: 'startDate', where: 'query parameter' },
    });
    expect(bad.json().fieldMessages.startDate.messageCode).toBe('field_malformed_date');
    expect((await t.call('GET', '/api/audit?startDate=2026-02-30')).json().messageCode).toBe('field_malformed_date');
  });

  it('sorts by time or action both ways, its CSV in the same order; an unknown sort is a 400 that records nothing', async () => {
    const u = await buildUser(t, { role: 'operator' });
    await t.call('PUT', `/api/users/${u.id}`, { body: { phone: '+1 555 0101' } });
    await t.call('POST', `/api/users/${u.id}/suspend`);
    await t.call('PUT', `/api/users/${u.id}`, { body: { phone: '+1 555 0102' } });
    const trail = { path: '/api/audit', field: 'events', query: `entity=user&entityId=${u.id}` };
    await expectSorted(t, { ...trail, sort: 'action', value: (r) => r.action });
    await expectSorted(t, { ...trail, sort: 'createdAt', value: (r) => r.createdAt });
    const before = (await events('')).total;
    await expectUnknownSortRefused(t, trail);
    expect((await events('')).total).toBe(before);
  });

  it('is for admins only', async () => {
    for (const role of ['finance', 'operator', 'user'] as const)
      expect((await t.call('GET', '/api/audit', { as: role })).statusCode, role).toBe(403);
    expect((await t.call('GET', '/api/audit', { as: null })).statusCode).toBe(401);
  });

  it('an edit records only the fields it changed, each from → to, as the API shows them', async () => {
    const product = await buildProduct(t, { priceFiat: 12 });
    const everything = (await t.call('GET', `/api/products/${product.id}`)).json().product;
    await t.call('PUT', `/api/products/${product.id}`, { body: { ...pick(everything), priceFiat: 14.5 } });
    const [edit] = (await events(`entity=product&entityId=${product.id}&action=product.update`)).events;
    expect(edit!.data).toEqual({ priceFiat: { from: 12, to: 14.5 } });

    const coupon = await buildCoupon(t, { discountValue: 10 });
    await t.call('PUT', `/api/coupons/${coupon.id}`, { body: { discountValue: 15, description: 'Spring' } });
    const [couponEdit] = (await events(`entity=coupon&entityId=${coupon.id}&action=coupon.update`)).events;
    expect(couponEdit!.data).toEqual({
      discountValue: { from: 10, to: 15 },
      description: { from: null, to: 'Spring' },
    });

    await t.call('PUT', '/api/settings', {
      body: { siteName: 'Audited shop', currency: (await t.call('GET', '/api/settings')).json().settings.currency },
    });
    const [settingsEdit] = (await events('entity=settings&action=settings.update')).events;
    expect(settingsEdit!.data).toMatchObject({ siteName: { to: 'Audited shop' } });
    expect(settingsEdit!.data).not.toHaveProperty('currency');
  });
});
