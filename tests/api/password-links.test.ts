import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, emailMessages, passwordLinks, users } from '../../server/db/schema.js';
import { sha256 } from '../../server/lib/crypto.js';
import { buildUser, PASSWORD, type Role } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
const SITE = 'https://shop.example.com';
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_MAX: '10000' });
  expect((await t.call('PUT', '/api/settings', { body: { siteUrl: `${SITE}/any/path` } })).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = 'a-password-of-my-own';
let n = 0;
const newEmail = () => `link.${Date.now().toString(36)}.${n++}@example.com`;
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const setPassword = (token: string, password = NEW_PASSWORD) =>
  t.call('POST', '/api/auth/set-password', { as: null, body: { token, password } });
const invite = (email = newEmail(), as: Role = 'admin') =>
  t.call('POST', '/api/users', { as, body: { email, name: 'Linked User', role: 'operator', passwordSetup: 'link' } });
const resetWithLink = (id: string, as: Role = 'admin') =>
  t.call('POST', `/api/users/${id}/reset-password`, { as, body: { method: 'link' } });
const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const mailsTo = (address: string) =>
  t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, address)).orderBy(desc(emailMessages.id));
const hours = (iso: string) => (new Date(iso).getTime() - Date.now()) / 3_600_000;

describe('a new user with a set-password link', () => {
  it('is created without a password; the link (site URL, 72 hours) is answered once and emailed; only its hash is stored', async () => {
    const email = newEmail();
    const res = await invite(email);
    expect(res.statusCode, res.body).toBe(201);
    const { user, setPasswordLink } = res.json();
    expect(user).toMatchObject({ email, role: 'operator', mustChangePassword: false });
    expect(setPasswordLink.url).toMatch(new RegExp(`^${SITE}/set-password\\?token=[A-Za-z0-9_-]{43}$`));
    expect(hours(setPasswordLink.expiresAt)).toBeGreaterThan(71.9);
    expect(hours(setPasswordLink.expiresAt)).toBeLessThanOrEqual(72);
    const token = tokenOf(setPasswordLink.url);

    expect((await userRow(user.id)).passwordHash).toBeNull();
    expect((await t.login(email, PASSWORD)).statusCode).toBe(401);
    const [stored] = await t.db.select().from(passwordLinks).where(eq(passwordLinks.userId, user.id));
    expect(stored).toMatchObject({ purpose: 'invite', tokenHash: sha256(token), usedAt: null, revokedAt: null });
    expect(JSON.stringify(stored)).not.toContain(token);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toMatch(/^Set your password for \S/);
    expect(mail!.body).toContain(`An administrator created an account for ${email}`);
    expect(mail!.body).toContain(setPasswordLink.url);
    // Shown once: the user's detail never carries it again.
    expect((await t.call('GET', `/api/users/${user.id}`)).body).not.toContain(token);
  });

  it('sets the password once: the user logs in with it, unrestricted; the link then reads as used; audited as the user', async () => {
    const { user, setPasswordLink } = (await invite()).json();
    const token = tokenOf(setPasswordLink.url);
    const short = await setPassword(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toBe('Password must be at least 10 characters.');

    const set = await setPassword(token);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ ok: true, email: user.email });
    const login = (await t.login(user.email, NEW_PASSWORD)).json();
    expect(login).toMatchObject({ ok: true, restriction: null });

    const again = await setPassword(token, 'another-password-here');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      code: 'link_used',
      error:
        'This set-password link was already used: log in with the password you set, or ask an administrator for a new link.',
    });
    expect((await t.login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, user.id), eq(auditEvents.action, 'user.password_set')));
    expect(event).toMatchObject({ actorId: user.id, data: { purpose: 'invite' } });
  });

  it('refuses an unknown or mangled token (400) and an expired link (410) with sentences, changing nothing', async () => {
    const unknown = await setPassword('not-a-real-token-at-all');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'link_invalid',
      error:
        'This set-password link is not valid: check that the whole link was copied, or ask an administrator for a new one.',
    });
    const missing = await t.call('POST', '/api/auth/set-password', { as: null, body: { password: NEW_PASSWORD } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.token).toBe('Token is required.');

    const { user, setPasswordLink } = (await invite()).json();
    await t.db
      .update(passwordLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordLinks.userId, user.id));
    const expired = await setPassword(tokenOf(setPasswordLink.url));
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({
      code: 'link_expired',
      error: 'This set-password link has expired: ask an administrator for a new one.',
    });
    expect((await userRow(user.id)).passwordHash).toBeNull();
  });

  it('refuses bad bodies with the field named, and nothing is created', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { passwordSetup: 'link', password: 'a-long-enough-password' },
        'Password must be left out when a set-password link is sent.',
      ],
      [{ passwordSetup: 'password' }, 'Password is required (or choose a set-password link).'],
      [{}, 'Password is required (or choose a set-password link).'],
    ];
    for (const [extra, sentence] of cases) {
      const email = newEmail();
      const res = await t.call('POST', '/api/users', { body: { email, role: 'user', ...extra } });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.password).toBe(sentence);
      expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    }
    const bad = await t.call('POST', '/api/users', { body: { email: newEmail(), passwordSetup: 'carrier-pigeon' } });
    expect(bad.json().fields.passwordSetup).toBe('Password setup must be one of password, link.');
  });
});

describe('a password reset with a set-password link', () => {
  it('ends the sessions, the old password, the lockout and a must-change flag; the link (24 hours) sets a new password', async () => {
    const u = await buildUser(t, { role: 'finance' });
    const token = (await t.login(u.email)).json().token as string;
    const first = await t.call('POST', `/api/users/${u.id}/reset-password`); // a temporary one first
    expect(first.json().user?.mustChangePassword, first.body).toBe(true);
    for (let i = 0; i < 5; i++) await t.login(u.email, 'wrong password');
    expect((await userRow(u.id)).lockedUntil).not.toBeNull();

    const reset = await resetWithLink(u.id);
    expect(reset.statusCode, reset.body).toBe(200);
    const { setPasswordLink, user, temporaryPassword } = reset.json();
    expect(temporaryPassword).toBeUndefined();
    expect(user).toMatchObject({ id: u.id, mustChangePassword: false, lockedUntil: null });
    expect((await t.call('GET', `/api/users/${u.id}`)).json().user.loginFailures).toEqual([]);
    expect(hours(setPasswordLink.expiresAt)).toBeGreaterThan(23.9);
    expect(hours(setPasswordLink.expiresAt)).toBeLessThanOrEqual(24);
    expect((await t.call('GET', '/api/auth/me', { token })).statusCode).toBe(401);
    expect((await t.login(u.email, PASSWORD)).statusCode).toBe(401);
    const [mail] = await mailsTo(u.email);
    expect(mail!.subject).toMatch(/^Reset your password for \S/);
    expect(mail!.body).toContain(setPasswordLink.url);

    expect((await setPassword(tokenOf(setPasswordLink.url))).statusCode).toBe(200);
    expect((await t.login(u.email, NEW_PASSWORD)).json()).toMatchObject({ ok: true, restriction: null });
  });

  it('a newer link or a temporary password ends the open link (410, replaced)', async () => {
    const u = await buildUser(t, { role: 'user' });
    const first = tokenOf((await resetWithLink(u.id)).json().setPasswordLink.url);
    const second = tokenOf((await resetWithLink(u.id)).json().setPasswordLink.url);
    const replaced = await setPassword(first);
    expect(replaced.statusCode).toBe(410);
    expect(replaced.json()).toMatchObject({
      code: 'link_replaced',
      error:
        'This set-password link no longer works: a newer link was sent or the password was changed since. Use the latest link, or ask an administrator for a new one.',
    });

    const temporary = (
      await t.call('POST', `/api/users/${u.id}/reset-password`, { body: { method: 'temporary' } })
    ).json().temporaryPassword as string;
    expect((await setPassword(second)).json().code).toBe('link_replaced');
    expect((await t.login(u.email, temporary)).json()).toMatchObject({ ok: true, restriction: 'password_change' });
  });

  it('the user’s own password change ends an open link', async () => {
    const u = await buildUser(t, { role: 'operator' });
    const session = (await t.login(u.email)).json().token as string;
    // A link made for them meanwhile (e.g. by a colleague reacting to a forgotten-password call): their own change wins.
    const { issuePasswordLink } = await import('../../server/modules/auth/password-links.js');
    const link = await t.db.transaction((tx) => issuePasswordLink(tx, u, 'reset', SITE, null));
    const changed = await t.call('POST', '/api/auth/password', {
      token: session,
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    expect((await setPassword(tokenOf(link.url), 'yet-another-password')).json().code).toBe('link_replaced');
    expect((await t.login(u.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an unknown method with the field named; not one’s own account', async () => {
    const u = await buildUser(t);
    const bad = await t.call('POST', `/api/users/${u.id}/reset-password`, { body: { method: 'sms' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.method).toBe('Method must be one of temporary, link.');
    const me = (await t.call('GET', '/api/auth/me')).json().user;
    expect((await resetWithLink(me.id)).statusCode).toBe(409);
    expect(await t.db.select().from(passwordLinks).where(eq(passwordLinks.userId, me.id))).toEqual([]);
  });
});

describe('who may make links', () => {
  it('admins only (finance, operator and users 403; no token 401); nothing is made for the refused', async () => {
    const target = await buildUser(t);
    for (const role of ['finance', 'operator', 'user'] as const) {
      const email = newEmail();
      expect((await invite(email, role)).statusCode).toBe(403);
      expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      expect((await resetWithLink(target.id, role)).statusCode).toBe(403);
    }
    expect(
      (await t.call('POST', '/api/users', { as: null, body: { email: newEmail(), passwordSetup: 'link' } })).statusCode,
    ).toBe(401);
    expect(
      (await t.call('POST', `/api/users/${target.id}/reset-password`, { as: null, body: { method: 'link' } }))
        .statusCode,
    ).toBe(401);
    expect(await t.db.select().from(passwordLinks).where(eq(passwordLinks.userId, target.id))).toEqual([]);
  });

  it('setting a password with a link is rate-limited like the login', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_MAX: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push(
          (
            await limited.call('POST', '/api/auth/set-password', {
              as: null,
              body: { token: `guess-${i}`, password: NEW_PASSWORD },
            })
          ).statusCode,
        );
      expect(codes).toEqual([400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});
