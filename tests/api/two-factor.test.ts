import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginChallenges, users } from '../../server/db/schema.js';
import { buildUser, PASSWORD, type Role } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
// Many logins from one address: the login rate limit is raised for this file.
beforeAll(async () => {
  t = await createTestApp({ TOTP_ENCRYPTION_KEY: 'a test key of enough length', LOGIN_RATE_LIMIT_MAX: '10000' });
});
afterAll(async () => {
  await t.close();
});

/** The code of `secret` `steps` 30-second steps from now. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function loggedIn(role: Role = 'operator') {
  const u = await buildUser(t, { role });
  const token = (await t.login(u.email)).json().token as string;
  expect(token).toEqual(expect.any(String));
  return { ...u, token };
}

/** A user with 2FA on: their secret and recovery codes (the code of the current step is spent by the enrolment). */
async function enrolled(role: Role = 'operator') {
  const u = await loggedIn(role);
  const setup = (await t.call('POST', '/api/auth/2fa/setup', { token: u.token })).json();
  const enabled = await t.call('POST', '/api/auth/2fa/enable', {
    token: u.token,
    body: { code: await codeAt(setup.secret) },
  });
  expect(enabled.statusCode).toBe(200);
  return { ...u, secret: setup.secret as string, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

const challengeFor = async (email: string) => (await t.login(email)).json().challenge as string;
const second = (challenge: string, code: string) =>
  t.call('POST', '/api/admin/auth/login/2fa', { as: null, body: { challenge, code } });

describe('enrolment', () => {
  it('offers a QR code and the secret, confirms with a current code, answers 10 recovery codes once and never the secret again', async () => {
    const u = await loggedIn();
    expect((await t.call('GET', '/api/auth/2fa', { token: u.token })).json().twoFactor).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
    });
    const setup = await t.call('POST', '/api/auth/2fa/setup', { token: u.token });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);

    const wrong = await t.call('POST', '/api/auth/2fa/enable', { token: u.token, body: { code: '000000' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'invalid_code', fields: { code: expect.any(String) } });
    expect((await t.call('POST', '/api/auth/2fa/enable', { token: u.token, body: {} })).json().fields).toHaveProperty(
      'code',
    );

    const ok = await t.call('POST', '/api/auth/2fa/enable', { token: u.token, body: { code: await codeAt(secret) } });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);

    const status = (await t.call('GET', '/api/auth/2fa', { token: u.token })).json().twoFactor;
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10, enabledAt: expect.any(String) });
    expect((await t.call('POST', '/api/auth/2fa/setup', { token: u.token })).statusCode).toBe(409);
    // Nothing answers the secret again, and the database holds it sealed (TOTP_ENCRYPTION_KEY is set here) and the codes hashed.
    const detail = await t.call('GET', `/api/users/${u.id}`);
    expect(detail.json().user).toMatchObject({ twoFactorEnabled: true, recoveryCodesLeft: 10 });
    expect(detail.body).not.toContain(secret);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.totpSecret).toMatch(/^v1:/);
    expect(row!.totpSecret).not.toContain(secret);
    const { recoveryCodes } = await import('../../server/db/schema.js');
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.id));
    expect(
      stored.map((r) => r.codeHash).some((h) => codes.some((c) => h.includes(c) || h.includes(c.replace('-', '')))),
    ).toBe(false);
  });

  it('enabling needs a set-up first; turning off needs a current code', async () => {
    const u = await loggedIn();
    expect(
      (await t.call('POST', '/api/auth/2fa/enable', { token: u.token, body: { code: '123456' } })).json().code,
    ).toBe('two_factor_not_started');
    expect(
      (await t.call('POST', '/api/auth/2fa/disable', { token: u.token, body: { password: PASSWORD, code: '123456' } }))
        .statusCode,
    ).toBe(409);
    const e = await enrolled();
    expect(
      (await t.call('POST', '/api/auth/2fa/disable', { token: e.token, body: { password: PASSWORD, code: '000000' } }))
        .statusCode,
    ).toBe(422);
    // The password as well: a wrong one is refused naming the field, even with a right code, and the code is not spent.
    const noPassword = await t.call('POST', '/api/auth/2fa/disable', {
      token: e.token,
      body: { code: await codeAt(e.secret, 1) },
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().fields).toHaveProperty('password');
    const wrongPassword = await t.call('POST', '/api/auth/2fa/disable', {
      token: e.token,
      body: { password: 'not-the-password', code: await codeAt(e.secret, 1) },
    });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json()).toMatchObject({ fields: { password: 'The current password is not correct.' } });
    const off = await t.call('POST', '/api/auth/2fa/disable', {
      token: e.token,
      body: { password: PASSWORD, code: await codeAt(e.secret, 1) },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().twoFactor).toMatchObject({ enabled: false });
    // Without 2FA, the password alone gives a token again.
    expect((await t.login(e.email)).json()).toMatchObject({ ok: true, token: expect.any(String) });
  });
});

describe('logging in with 2FA', () => {
  it('answers a challenge instead of a token; the challenge and a current code give the token', async () => {
    const e = await enrolled('admin');
    const first = await t.login(e.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      ok: false,
      twoFactorRequired: true,
      challenge: expect.any(String),
      error: expect.any(String),
    });
    expect(first.json()).not.toHaveProperty('token');
    expect(first.json()).not.toHaveProperty('accessToken');
    const res = await second(first.json().challenge, await codeAt(e.secret, 1));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, token: expect.any(String), user: { id: e.id }, restriction: null });
    expect((await t.call('GET', '/api/orders', { token: res.json().token })).statusCode).toBe(200);
  });

  it('bypass attempts: the challenge is no token, a forged, reused or expired challenge and a replayed code are refused', async () => {
    const e = await enrolled('admin');
    const challenge = await challengeFor(e.email);
    // Skipping the second step: the challenge opens nothing.
    expect((await t.call('GET', '/api/auth/me', { token: challenge })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/users', { token: challenge })).statusCode).toBe(401);
    // A forged challenge.
    const forged = await second('x'.repeat(43), await codeAt(e.secret, 1));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('challenge_invalid');

    const code = await codeAt(e.secret, 1);
    expect((await second(challenge, code)).statusCode).toBe(200);
    // The same challenge again, even with another valid code.
    expect((await second(challenge, await codeAt(e.secret, -1))).json().code).toBe('challenge_invalid');
    // The same code with a new challenge: a replay within its window.
    const replay = await second(await challengeFor(e.email), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('invalid_code');
    // An expired challenge.
    const old = await challengeFor(e.email);
    await t.db
      .update(loginChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginChallenges.userId, e.id));
    expect((await second(old, e.recoveryCodes[0]!)).json().code).toBe('challenge_invalid');
  });

  it("a recovery code works once (in any case, without its dash); a code of another user's secret does not work", async () => {
    const e = await enrolled();
    const other = await enrolled();
    expect((await second(await challengeFor(e.email), await codeAt(other.secret, 1))).json().code).toBe('invalid_code');
    expect((await second(await challengeFor(e.email), other.recoveryCodes[0]!)).json().code).toBe('invalid_code');

    const code = e.recoveryCodes[3]!;
    const used = await second(await challengeFor(e.email), code.replace('-', '').toLowerCase());
    expect(used.statusCode).toBe(200);
    expect((await second(await challengeFor(e.email), code)).json().code).toBe('invalid_code');
    expect(
      (await t.call('GET', '/api/auth/2fa', { token: used.json().token })).json().twoFactor.recoveryCodesLeft,
    ).toBe(9);
  });

  it('wrong codes count toward the lockout of maxLoginAttempts; the right code is refused while locked', async () => {
    const e = await enrolled();
    const challenge = await challengeFor(e.email);
    for (let i = 0; i < 4; i++) expect((await second(challenge, '000000')).json().code).toBe('invalid_code');
    const fifth = await second(challenge, '000000');
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json().code).toBe('account_locked');
    expect((await second(challenge, await codeAt(e.secret, 1))).json().code).toBe('account_locked');
    expect((await t.login(e.email)).json().code).toBe('invalid_credentials');
    expect((await t.login(e.email, PASSWORD, '127.0.0.2')).json().twoFactorRequired).toBe(true);
  });

  it('a correct password does not reset the count while the code is wrong', async () => {
    const e = await enrolled();
    for (let i = 0; i < 4; i++) expect((await second(await challengeFor(e.email), '111111')).statusCode).toBe(401);
    expect((await second(await challengeFor(e.email), '111111')).json().code).toBe('account_locked');
  });

  it('refuses bad bodies with the field named', async () => {
    for (const [body, field] of [
      [{ code: '123456' }, 'challenge'],
      [{ challenge: 'abc' }, 'code'],
      [{ challenge: 'abc', code: 'x'.repeat(41) }, 'code'],
    ] as const) {
      const res = await t.call('POST', '/api/admin/auth/login/2fa', { as: null, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
  });
});

describe('wrong codes outside the login count toward the same lockout', () => {
  const disable = (token: string, code: string, password = PASSWORD) =>
    t.call('POST', '/api/auth/2fa/disable', { token, body: { password, code } });
  const enable = (token: string, code: string) => t.call('POST', '/api/auth/2fa/enable', { token, body: { code } });
  const twoFactorOn = async (id: string) => !!(await t.db.select().from(users).where(eq(users.id, id)))[0]!.totpSecret;

  it('turning 2FA off: the fifth wrong code or recovery code locks the account; then even the right code is refused and 2FA stays on', async () => {
    const e = await enrolled();
    for (const code of ['000000', 'AAAAA-BBBBB', '111111', '222222']) {
      const wrong = await disable(e.token, code);
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().code).toBe('invalid_code');
    }
    const fifth = await disable(e.token, '333333');
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json()).toMatchObject({
      code: 'account_locked',
      error: 'Too many failed attempts from this address. It is locked out of this account for 15 more minutes.',
    });
    expect((await disable(e.token, await codeAt(e.secret, 1))).json().code).toBe('account_locked');
    expect((await disable(e.token, e.recoveryCodes[0]!)).json().code).toBe('account_locked');
    expect(await twoFactorOn(e.id)).toBe(true);
    expect((await t.login(e.email)).json().code).toBe('invalid_credentials');
  });

  it('confirming an enrolment: wrong codes lock the account as at login, and the right code is refused while locked', async () => {
    const u = await loggedIn();
    const { secret } = (await t.call('POST', '/api/auth/2fa/setup', { token: u.token })).json();
    for (let i = 0; i < 4; i++) expect((await enable(u.token, '000000')).json().code).toBe('invalid_code');
    expect((await enable(u.token, 'not a code')).statusCode).toBe(403);
    const locked = await enable(u.token, await codeAt(secret));
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe('account_locked');
    expect(await twoFactorOn(u.id)).toBe(false);
    expect((await t.login(u.email)).json().code).toBe('invalid_credentials');
  });

  it('wrong codes at login and wrong codes or passwords at turning 2FA off add up to one count', async () => {
    const e = await enrolled();
    for (let i = 0; i < 2; i++) expect((await second(await challengeFor(e.email), '000000')).statusCode).toBe(401);
    expect((await disable(e.token, '000000')).statusCode).toBe(422);
    expect((await disable(e.token, await codeAt(e.secret, 1), 'a wrong password')).statusCode).toBe(422);
    expect((await second(await challengeFor(e.email), '000000')).json().code).toBe('account_locked');
    expect(await twoFactorOn(e.id)).toBe(true);
  });

  it('an account locked by wrong passwords cannot turn 2FA off, even with a right code; an admin unlock lets it', async () => {
    const e = await enrolled();
    for (let i = 0; i < 5; i++) await t.login(e.email, 'wrong password');
    const refused = await disable(e.token, await codeAt(e.secret, 1));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('account_locked');
    expect(await twoFactorOn(e.id)).toBe(true);
    expect((await t.call('POST', `/api/users/${e.id}/unlock`)).statusCode).toBe(200);
    expect((await disable(e.token, await codeAt(e.secret, 1))).statusCode).toBe(200);
  });
});

describe('"Require 2FA for all users" (twoFactorAuth)', () => {
  /** The admin who turns the requirement on and off: enrolled, as the rule asks. */
  let admin: Awaited<ReturnType<typeof enrolled>>;
  const requireTwoFactor = (on: boolean) =>
    t.call('PUT', '/api/settings', { token: admin.token, body: { twoFactorAuth: on } });
  beforeAll(async () => {
    admin = await enrolled('admin');
  });

  it('an admin without 2FA cannot turn it on (409, nothing saved); a reset to the defaults leaves it off for them', async () => {
    const refused = await t.call('PUT', '/api/settings', { body: { twoFactorAuth: true, siteName: 'Never saved' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'two_factor_enrol_first',
      error:
        'Set up two-factor authentication for your own account before requiring it for all users, or you would be locked out.',
    });
    expect((await t.call('GET', '/api/settings')).json().settings).toMatchObject({
      twoFactorAuth: false,
      siteName: 'RWA Management System',
    });
    // Saving the other settings with it still off is fine.
    expect(
      (await t.call('PUT', '/api/settings', { body: { twoFactorAuth: false, siteName: 'Saved' } })).statusCode,
    ).toBe(200);
    const reset = await t.call('POST', '/api/settings/reset');
    expect(reset.statusCode).toBe(200);
    expect(reset.json().settings).toMatchObject({ twoFactorAuth: false, siteName: 'RWA Management System' });
    // Other roles may not change settings at all; without a token, 401.
    expect((await t.call('PUT', '/api/settings', { as: 'operator', body: { twoFactorAuth: true } })).statusCode).toBe(
      403,
    );
    expect((await t.call('PUT', '/api/settings', { as: null, body: { twoFactorAuth: true } })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/settings')).json().settings.twoFactorAuth).toBe(false);
    // An admin with 2FA may: the reset to the defaults turns it on for them.
    try {
      expect((await t.call('POST', '/api/settings/reset', { token: admin.token })).json().settings.twoFactorAuth).toBe(
        true,
      );
    } finally {
      expect((await requireTwoFactor(false)).statusCode).toBe(200);
    }
  });

  it("applies to sessions already open: an operator's next call is restricted to enrolment, as a new login is, until they enrol", async () => {
    const open = await loggedIn('operator');
    expect((await t.call('GET', '/api/orders', { token: open.token })).statusCode).toBe(200);
    expect((await requireTwoFactor(true)).statusCode).toBe(200);
    try {
      const refused = await t.call('GET', '/api/orders', { token: open.token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'two_factor_enrolment_required',
        error: expect.stringMatching(/two-factor/),
      });
      // The same answer a login made now gets.
      const fresh = (await t.login(open.email)).json();
      expect(fresh).toMatchObject({ ok: true, restriction: 'two_factor_enrolment' });
      const freshRefused = await t.call('GET', '/api/orders', { token: fresh.token });
      expect(freshRefused.statusCode).toBe(403);
      expect(freshRefused.json()).toMatchObject({ code: refused.json().code, error: refused.json().error });
      expect((await t.call('GET', '/api/auth/me', { token: open.token })).json()).toMatchObject({
        user: { id: open.id },
        restriction: 'two_factor_enrolment',
      });
      // The unenrolled admin of the other tests is restricted as well; the enrolled one is not.
      expect((await t.call('GET', '/api/users')).json().code).toBe('two_factor_enrolment_required');
      expect((await t.call('GET', '/api/users', { token: admin.token })).statusCode).toBe(200);

      // Enrolling from the open session lifts the restriction of both sessions.
      const { secret } = (await t.call('POST', '/api/auth/2fa/setup', { token: open.token })).json();
      expect(
        (await t.call('POST', '/api/auth/2fa/enable', { token: open.token, body: { code: await codeAt(secret) } }))
          .statusCode,
      ).toBe(200);
      expect((await t.call('GET', '/api/orders', { token: open.token })).statusCode).toBe(200);
      expect((await t.call('GET', '/api/orders', { token: fresh.token })).statusCode).toBe(200);
      expect((await t.call('GET', '/api/auth/me', { token: open.token })).json().restriction).toBeNull();

      // An admin's reset of their 2FA takes the open session back to enrolment at once.
      expect((await t.call('POST', `/api/users/${open.id}/reset-2fa`, { token: admin.token })).statusCode).toBe(200);
      expect((await t.call('GET', '/api/orders', { token: open.token })).json().code).toBe(
        'two_factor_enrolment_required',
      );
    } finally {
      expect((await requireTwoFactor(false)).statusCode).toBe(200);
    }
    // Off again: the open session works without 2FA.
    expect((await t.call('GET', '/api/orders', { token: open.token })).statusCode).toBe(200);
  });

  it('sends every user without 2FA, shoppers too, to enrolment at their next login and refuses their other calls until it is done', async () => {
    const staff = await buildUser(t, { role: 'finance' });
    const shopper = await buildUser(t, { role: 'user' });
    await requireTwoFactor(true);
    try {
      const login = (await t.login(staff.email)).json();
      expect(login).toMatchObject({ ok: true, restriction: 'two_factor_enrolment' });
      const token = login.token as string;
      const refused = await t.call('GET', '/api/orders', { token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'two_factor_enrolment_required',
        error: expect.stringMatching(/two-factor/),
      });
      expect(
        (
          await t.call('POST', '/api/auth/password', {
            token,
            body: { currentPassword: PASSWORD, newPassword: 'another-password-1' },
          })
        ).statusCode,
      ).toBe(403);
      expect((await t.call('GET', '/api/auth/me', { token })).json()).toMatchObject({
        restriction: 'two_factor_enrolment',
      });
      expect((await t.call('GET', '/api/auth/2fa', { token })).json().twoFactor).toMatchObject({
        enabled: false,
        required: true,
      });

      const { secret } = (await t.call('POST', '/api/auth/2fa/setup', { token })).json();
      expect(
        (await t.call('POST', '/api/auth/2fa/enable', { token, body: { code: await codeAt(secret) } })).statusCode,
      ).toBe(200);
      expect((await t.call('GET', '/api/orders', { token })).statusCode).toBe(200);
      expect((await t.call('GET', '/api/auth/me', { token })).json().restriction).toBeNull();

      // A shopper too: their own orders wait for the enrolment; the public catalogue sees them as a visitor.
      const shop = (await t.login(shopper.email)).json();
      expect(shop).toMatchObject({ ok: true, restriction: 'two_factor_enrolment' });
      expect((await t.call('GET', '/api/shop/orders', { token: shop.token })).json().code).toBe(
        'two_factor_enrolment_required',
      );
      expect((await t.call('GET', '/api/shop/products', { token: shop.token })).statusCode).toBe(200);
      expect((await t.call('GET', '/api/auth/2fa', { token: shop.token })).json().twoFactor).toMatchObject({
        enabled: false,
        required: true,
      });
      const setup = (await t.call('POST', '/api/auth/2fa/setup', { token: shop.token })).json();
      expect(
        (
          await t.call('POST', '/api/auth/2fa/enable', {
            token: shop.token,
            body: { code: await codeAt(setup.secret) },
          })
        ).statusCode,
      ).toBe(200);
      expect((await t.call('GET', '/api/shop/orders', { token: shop.token })).statusCode).toBe(200);

      // Turning 2FA off while it is required sends the session back to enrolment.
      expect(
        (
          await t.call('POST', '/api/auth/2fa/disable', {
            token,
            body: { password: PASSWORD, code: await codeAt(secret, 1) },
          })
        ).statusCode,
      ).toBe(200);
      expect((await t.call('GET', '/api/orders', { token })).json().code).toBe('two_factor_enrolment_required');
    } finally {
      await requireTwoFactor(false);
    }
  });
});

describe("a shopper's own 2FA", () => {
  it('a shopper enrols, then logs in with the password and a code; turning it off needs the password and a code', async () => {
    const shopper = await enrolled('user');
    expect((await t.call('GET', '/api/auth/2fa', { token: shopper.token })).json().twoFactor).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
      required: false,
    });
    const first = (await t.login(shopper.email)).json();
    expect(first).toMatchObject({ ok: false, twoFactorRequired: true, challenge: expect.any(String) });
    expect(first).not.toHaveProperty('token');
    expect((await second(first.challenge, '000000')).json().code).toBe('invalid_code');
    const res = await second(first.challenge, await codeAt(shopper.secret, 1));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      token: expect.any(String),
      user: { id: shopper.id, role: 'user' },
      restriction: null,
    });
    const token = res.json().token as string;
    expect((await t.call('GET', '/api/shop/orders', { token })).statusCode).toBe(200);
    // A shopper's session is no staff's: the back office stays closed.
    expect((await t.call('GET', '/api/orders', { token })).statusCode).toBe(403);
    // Without a token the 2FA routes answer 401.
    for (const [method, path, body] of [
      ['GET', '/api/auth/2fa', undefined],
      ['POST', '/api/auth/2fa/setup', {}],
      ['POST', '/api/auth/2fa/enable', { code: '123456' }],
      ['POST', '/api/auth/2fa/disable', { password: PASSWORD, code: '123456' }],
    ] as const) {
      expect((await t.call(method, path, { as: null, body })).statusCode, path).toBe(401);
    }
    const off = await t.call('POST', '/api/auth/2fa/disable', {
      token,
      body: { password: PASSWORD, code: shopper.recoveryCodes[0]! },
    });
    expect(off.statusCode).toBe(200);
    expect((await t.login(shopper.email)).json()).toMatchObject({ ok: true, token: expect.any(String) });
  });
});

describe('admin resets', () => {
  it('a password reset answers a temporary password once; its sessions end; the next login must change it before anything else', async () => {
    const u = await loggedIn('operator');
    const reset = await t.call('POST', `/api/users/${u.id}/reset-password`);
    expect(reset.statusCode).toBe(200);
    const temporary = reset.json().temporaryPassword as string;
    expect(temporary).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/);
    expect(reset.json().user).toMatchObject({ id: u.id, mustChangePassword: true });
    expect((await t.call('GET', '/api/auth/me', { token: u.token })).statusCode).toBe(401);
    expect((await t.login(u.email)).statusCode).toBe(401);

    const login = (await t.login(u.email, temporary)).json();
    expect(login).toMatchObject({ ok: true, restriction: 'password_change' });
    const refused = await t.call('GET', '/api/orders', { token: login.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('password_change_required');
    const wrong = await t.call('POST', '/api/auth/password', {
      token: login.token,
      body: { currentPassword: 'nope', newPassword: 'a-brand-new-password' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().fields).toHaveProperty('currentPassword');
    const short = await t.call('POST', '/api/auth/password', {
      token: login.token,
      body: { currentPassword: temporary, newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toHaveProperty('newPassword');
    expect(
      (
        await t.call('POST', '/api/auth/password', {
          token: login.token,
          body: { currentPassword: temporary, newPassword: 'a-brand-new-password' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.call('GET', '/api/orders', { token: login.token })).statusCode).toBe(200);
    expect((await t.login(u.email, 'a-brand-new-password')).json()).toMatchObject({ ok: true, restriction: null });
    expect((await t.call('GET', `/api/users/${u.id}`)).json().user.mustChangePassword).toBe(false);
  });

  it('a 2FA reset removes the enrolment: the password alone logs in again', async () => {
    const e = await enrolled('finance');
    expect((await t.call('GET', `/api/users/${e.id}`)).json().user).toMatchObject({
      twoFactorEnabled: true,
      recoveryCodesLeft: 10,
    });
    const reset = await t.call('POST', `/api/users/${e.id}/reset-2fa`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().user.twoFactorEnabled).toBe(false);
    expect((await t.call('GET', `/api/users/${e.id}`)).json().user).toMatchObject({
      twoFactorEnabled: false,
      twoFactorEnabledAt: null,
      recoveryCodesLeft: 0,
    });
    expect((await t.login(e.email)).json()).toMatchObject({ ok: true, token: expect.any(String) });
    expect((await t.call('POST', `/api/users/${e.id}/reset-2fa`)).statusCode).toBe(409);
  });

  it('admins only; not on oneself; an unknown user is a 404', async () => {
    const u = await buildUser(t, { role: 'operator' });
    for (const path of ['reset-password', 'reset-2fa']) {
      for (const as of ['finance', 'operator', 'user'] as const)
        expect((await t.call('POST', `/api/users/${u.id}/${path}`, { as })).statusCode).toBe(403);
      expect((await t.call('POST', `/api/users/${u.id}/${path}`, { as: null })).statusCode).toBe(401);
      expect((await t.call('POST', `/api/users/00000000-0000-4000-8000-000000000000/${path}`)).statusCode).toBe(404);
    }
    const me = (await t.call('GET', '/api/auth/me')).json().user;
    const self = await t.call('POST', `/api/users/${me.id}/reset-password`);
    expect(self.statusCode).toBe(409);
    expect(self.json().error).toMatch(/your own password/);
    expect((await t.call('POST', `/api/users/${me.id}/reset-2fa`)).statusCode).toBe(409);
    // A refused reset changed nothing.
    expect((await t.login(u.email)).json().ok).toBe(true);
  });
});
