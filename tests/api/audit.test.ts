import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

type Event = { action: string; entity: string; entityId: string | null; actorEmail: string | null; ip: string | null; data: Record<string, unknown>; createdAt: string };
const events = async (query: string, as: 'admin' | null = 'admin') => (await t.call('GET', `/api/audit?${query}`, { as })).json() as { events: Event[]; total: number };

describe('the audit log', () => {
  it('records who changed what, the values before and after, from which address; newest first', async () => {
    const u = await buildUser(t, { role: 'operator' });
    await t.call('PUT', `/api/users/${u.id}`, { body: { role: 'finance', phone: '+1 555 0100' } });
    await t.call('POST', `/api/users/${u.id}/suspend`);
    const { events: trail, total } = await events(`entity=user&entityId=${u.id}`);
    expect(total).toBe(2);
    expect(trail.map((e) => e.action)).toEqual(['user.suspend', 'user.update']);
    const update = trail[1]!;
    expect(update.data).toEqual({ before: { role: 'operator', phone: null }, after: { role: 'finance', phone: '+1 555 0100' } });
    expect(update.actorEmail).toMatch(/^admin\./);
    expect(update.ip).toBe('127.0.0.1');
  });

  it('filters by who (email or id), action and dates, and pages', async () => {
    const tag = `audit${Date.now().toString(36)}`;
    for (let i = 0; i < 3; i++) await t.call('POST', '/api/coupons', { body: { code: `${tag}${i}`, discountType: 'percentage', discountValue: 5 } });
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
    expect(bad.json().fields.startDate).toBe('startDate must be a date (YYYY-MM-DD or an ISO date and time).');
  });

  it('is for admins only', async () => {
    for (const role of ['finance', 'operator', 'user'] as const) expect((await t.call('GET', '/api/audit', { as: role })).statusCode, role).toBe(403);
    expect((await t.call('GET', '/api/audit', { as: null })).statusCode).toBe(401);
  });
});
