import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../server/db/schema.js';
import { buildOrder, buildUser, PASSWORD } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
const email = (tag: string) => `${tag}.${Date.now().toString(36)}.${++seq}@people.dev`;
const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: 'New Colleague',
  email: email('new'),
  role: 'operator',
  password: 'a-long-password',
  ...overrides,
});
const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const tokenOf = async (address: string, password = PASSWORD) =>
  (await t.login(address, password)).json().token as string;

describe('users', () => {
  it('lists with search, role, status and KYC filters, sorts and pages, and counts total, active and verified', async () => {
    const tag = `fern${Date.now().toString(36)}`;
    const a = await buildUser(t, { role: 'finance', email: `${tag}.a@people.dev`, name: 'Fern Alder' });
    const b = await buildUser(t, { role: 'user', email: `${tag}.b@people.dev`, status: 'suspended' });
    await t.db
      .update(users)
      .set({ kycStatus: 'verified', firstName: 'Fern', lastName: 'Birch' })
      .where(eq(users.id, b.id));

    const all = (await t.call('GET', `/api/users?q=${tag}&limit=50`)).json();
    expect(all.users.map((u: { id: string }) => u.id).sort()).toEqual([a.id, b.id].sort());
    expect(all.total).toBe(2);
    expect(all.users[0]).not.toHaveProperty('passwordHash');
    const stats = all.stats;
    expect(stats.total).toBeGreaterThanOrEqual(2);
    expect(stats.active).toBeLessThan(stats.total);
    expect(stats.verified).toBeGreaterThanOrEqual(1);

    expect(
      (await t.call('GET', `/api/users?q=${tag}&role=finance`)).json().users.map((u: { id: string }) => u.id),
    ).toEqual([a.id]);
    expect(
      (await t.call('GET', `/api/users?q=${tag}&status=suspended`)).json().users.map((u: { id: string }) => u.id),
    ).toEqual([b.id]);
    expect(
      (await t.call('GET', `/api/users?q=${tag}&kycStatus=verified`)).json().users.map((u: { id: string }) => u.id),
    ).toEqual([b.id]);
    expect((await t.call('GET', '/api/users?q=Fern%20Birch')).json().users.map((u: { id: string }) => u.id)).toEqual([
      b.id,
    ]);
    const sorted = (await t.call('GET', `/api/users?q=${tag}&sort=email&order=asc`))
      .json()
      .users.map((u: { email: string }) => u.email);
    expect(sorted).toEqual([...sorted].sort());
    const page = (await t.call('GET', `/api/users?q=${tag}&sort=email&order=asc&limit=1&offset=1`)).json();
    expect(page.users.map((u: { email: string }) => u.email)).toEqual([sorted[1]]);
    expect(page.total).toBe(2);

    for (const [query, field] of [
      ['role=owner', 'role'],
      ['status=gone', 'status'],
      ['sort=password', 'sort'],
      ['limit=0', 'limit'],
    ]) {
      const res = await t.call('GET', `/api/users?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fields, query).toHaveProperty(field);
    }
  });

  it('shows a user with their orders count and open sessions; 404 for an unknown one', async () => {
    const u = await buildUser(t, { role: 'user' });
    await tokenOf(u.email);
    await buildOrder(t, { userEmail: u.email });
    const detail = (await t.call('GET', `/api/users/${u.id}`, { as: 'operator' })).json().user;
    expect(detail).toMatchObject({
      id: u.id,
      email: u.email,
      role: 'user',
      status: 'active',
      isActive: true,
      ordersCount: 1,
      failedLoginCount: 0,
    });
    expect(detail.sessions).toHaveLength(1);
    const missing = await t.call('GET', '/api/users/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('User not found.');
  });

  it('adds a user who can log in at once; refuses bad fields and a taken email (any case), adding nothing', async () => {
    const body = newUser();
    const res = await t.call('POST', '/api/users', { body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user).toMatchObject({
      email: body.email,
      role: 'operator',
      status: 'active',
      kycStatus: 'pending',
    });
    expect((await t.login(body.email, body.password)).statusCode).toBe(200);

    const before = (await t.db.select().from(users)).length;
    for (const [bad, field, sentence] of [
      [{ email: 'not-an-email' }, 'email', 'Email must be a valid email address.'],
      [{ password: 'short' }, 'password', 'Password must be at least 10 characters.'],
      [{ role: 'owner' }, 'role', 'Role must be one of admin, finance, operator, user.'],
      [{ status: 'gone' }, 'status', 'Status must be one of active, inactive, suspended.'],
      [{ phone: 'call me' }, 'phone', 'Phone may use digits, spaces, ( ) - and a leading +.'],
      [{ name: 'x'.repeat(121) }, 'name', undefined],
    ] as const) {
      const refused = await t.call('POST', '/api/users', { body: newUser(bad) });
      expect(refused.statusCode, field).toBe(400);
      if (sentence) expect(refused.json().fields[field], field).toBe(sentence);
      else expect(refused.json().fields, field).toHaveProperty(field);
    }
    const taken = await t.call('POST', '/api/users', { body: newUser({ email: body.email.toUpperCase() }) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'email_taken',
      fields: { email: 'This email is already used by another user.' },
    });
    expect((await t.db.select().from(users)).length).toBe(before);
  });

  it('edits a user; a new role ends their sessions; an email another user has is a 409', async () => {
    const u = await buildUser(t, { role: 'operator' });
    const token = await tokenOf(u.email);
    expect((await t.call('GET', '/api/orders', { token })).statusCode).toBe(200);
    const res = await t.call('PUT', `/api/users/${u.id}`, {
      body: { role: 'finance', phone: '+1 (612) 555-0100', firstName: 'Ada' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'finance', phone: '+1 (612) 555-0100', firstName: 'Ada' });
    expect((await t.call('GET', '/api/orders', { token })).statusCode).toBe(401);
    const other = await buildUser(t);
    const clash = await t.call('PUT', `/api/users/${u.id}`, { body: { email: other.email } });
    expect(clash.statusCode).toBe(409);
    expect((await userRow(u.id))!.email).toBe(u.email);
    const audited = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, u.id));
    expect(audited.map((e) => e.action)).toContain('user.update');
  });

  it('suspends (their next call is a 401 and they cannot log in) and reactivates', async () => {
    const u = await buildUser(t, { role: 'finance' });
    const token = await tokenOf(u.email);
    const res = await t.call('POST', `/api/users/${u.id}/suspend`);
    expect(res.json().user).toMatchObject({ status: 'suspended', isActive: false });
    expect((await t.call('GET', '/api/payments', { token })).statusCode).toBe(401);
    expect((await t.login(u.email)).statusCode).not.toBe(200);
    expect((await t.call('POST', `/api/users/${u.id}/reactivate`)).json().user.status).toBe('active');
    expect((await t.login(u.email)).statusCode).toBe(200);
  });

  it('refuses suspending yourself or changing your own role (403), so the last active admin stays, changing nothing', async () => {
    const lone = await createTestApp();
    try {
      const admin = await buildUser(lone, { role: 'admin' });
      const token = (await lone.login(admin.email)).json().token as string;
      const self = await lone.call('POST', `/api/users/${admin.id}/suspend`, { token });
      expect(self.statusCode).toBe(403);
      expect(self.json().error).toBe('You cannot suspend your own account.');
      const other = await buildUser(lone, { role: 'admin' });
      const otherToken = (await lone.login(other.email)).json().token as string;
      await lone.call('PUT', `/api/users/${other.id}`, { token, body: { role: 'operator' } });
      const demote = await lone.call('PUT', `/api/users/${admin.id}`, { token: otherToken, body: { role: 'user' } });
      expect(demote.statusCode).toBe(401); // the demoted admin's session ended with the new role
      const last = await lone.call('PUT', `/api/users/${admin.id}`, { token, body: { role: 'finance' } });
      expect(last.statusCode).toBe(403);
      expect(last.json().error).toBe('You cannot change your own role.');
      expect((await lone.call('DELETE', `/api/users/${admin.id}`, { token })).json().error).toBe(
        'You cannot delete your own account.',
      );
      const [row] = await lone.db.select().from(users).where(eq(users.id, admin.id));
      expect(row).toMatchObject({ role: 'admin', status: 'active' });
    } finally {
      await lone.close();
    }
  });

  it('deletes a user who has left nothing behind; one with orders is deactivated, and the answer says which', async () => {
    const fresh = await buildUser(t);
    const gone = await t.call('DELETE', `/api/users/${fresh.id}`);
    expect(gone.json()).toMatchObject({ ok: true, outcome: 'deleted', user: null });
    expect(await userRow(fresh.id)).toBeUndefined();

    const buyer = await buildUser(t);
    await buildOrder(t, { userEmail: buyer.email });
    const kept = await t.call('DELETE', `/api/users/${buyer.id}`);
    expect(kept.json()).toMatchObject({ ok: true, outcome: 'deactivated', user: { status: 'inactive' } });
    expect(kept.json().message).toBe(
      `User ${buyer.email} has records, so the account was deactivated instead of deleted.`,
    );
    expect((await userRow(buyer.id))!.status).toBe('inactive');
  });

  it('shows the failed logins by address and unlocks an address locked by them', async () => {
    const u = await buildUser(t, { role: 'operator' });
    for (let i = 0; i < 5; i++) await t.login(u.email, 'wrong-password');
    expect((await t.login(u.email)).json().code).toBe('invalid_credentials');
    expect((await t.login(u.email, 'wrong-password', '127.0.0.2')).statusCode).toBe(401);
    const detail = (await t.call('GET', `/api/users/${u.id}`)).json().user;
    expect(detail.lockedUntil).not.toBeNull();
    expect(detail.failedLoginCount).toBe(7);
    expect(detail.loginFailures).toEqual([
      { ip: '127.0.0.2', failures: 1, lastFailedAt: expect.any(String), lockedUntil: null },
      { ip: '127.0.0.1', failures: 6, lastFailedAt: expect.any(String), lockedUntil: detail.lockedUntil },
    ]);
    const res = await t.call('POST', `/api/users/${u.id}/unlock`);
    expect(res.json().user.lockedUntil).toBeNull();
    expect((await t.call('GET', `/api/users/${u.id}`)).json().user.loginFailures).toEqual([]);
    expect((await t.login(u.email)).statusCode).toBe(200);
  });

  it('is for staff to read and admins to change: finance and operators read, shoppers see nothing', async () => {
    const u = await buildUser(t);
    for (const role of ['finance', 'operator'] as const) {
      expect((await t.call('GET', '/api/users', { as: role })).statusCode).toBe(200);
      expect((await t.call('GET', `/api/users/${u.id}`, { as: role })).statusCode).toBe(200);
      for (const [method, url, body] of [
        ['POST', '/api/users', newUser()],
        ['PUT', `/api/users/${u.id}`, { name: 'X' }],
        ['DELETE', `/api/users/${u.id}`, undefined],
        ['POST', `/api/users/${u.id}/suspend`, undefined],
        ['POST', `/api/users/${u.id}/unlock`, undefined],
      ] as const) {
        expect((await t.call(method, url, { as: role, body })).statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    expect((await t.call('GET', '/api/users', { as: 'user' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/users', { as: null })).statusCode).toBe(401);
    expect((await userRow(u.id))!.status).toBe('active');
  });
});
