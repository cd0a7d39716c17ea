import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/schema.js';
import { buildUser } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

// Each enforced setting takes effect without a restart. maxLoginAttempts and the site name are tested in
// dashboard-settings.test.ts, twoFactorAuth ("Require 2FA for all users") in two-factor.test.ts.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_never-shown-1234',
    STRIPE_WEBHOOK_SECRET: 'whsec_never-shown-5678',
    REFERRAL_SALT: 'a-referral-salt-never-shown',
  });
});
afterAll(async () => {
  await t.close();
});

async function idleSession(minutes: number) {
  const u = await buildUser(t, { role: 'finance' });
  const token = (await t.login(u.email)).json().token as string;
  await t.db
    .update(sessions)
    .set({ lastSeenAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(sessions.userId, u.id));
  return token;
}

describe('settings take effect at once', () => {
  it('sessionTimeout: the next request of a session idle longer than the new timeout is a 401', async () => {
    await t.call('PUT', '/api/settings', { body: { sessionTimeout: 5 } });
    try {
      expect((await t.call('GET', '/api/orders', { token: await idleSession(4) })).statusCode).toBe(200);
      const expired = await t.call('GET', '/api/orders', { token: await idleSession(6) });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().code).toBe('session_expired');
      // Lengthened, the same idleness is fine.
      await t.call('PUT', '/api/settings', { body: { sessionTimeout: 60 } });
      expect((await t.call('GET', '/api/orders', { token: await idleSession(45) })).statusCode).toBe(200);
    } finally {
      await t.call('PUT', '/api/settings', { body: { sessionTimeout: 30 } });
    }
  });

  it('sessionMaxHours: a session older than the lifetime is a 401 however recently it was used; a new login works', async () => {
    /** A session of a new user that began `hours` ago and was used a moment ago. */
    const sessionFrom = async (hours: number) => {
      const u = await buildUser(t, { role: 'finance' });
      const token = (await t.login(u.email)).json().token as string;
      await t.db
        .update(sessions)
        .set({ createdAt: new Date(Date.now() - hours * 3_600_000), lastSeenAt: new Date() })
        .where(eq(sessions.userId, u.id));
      return { u, token };
    };
    expect((await t.call('GET', '/api/settings')).json().settings.sessionMaxHours).toBe(12);
    expect((await t.call('GET', '/api/orders', { token: (await sessionFrom(11.5)).token })).statusCode).toBe(200);
    const { u, token } = await sessionFrom(12.5);
    const expired = await t.call('GET', '/api/orders', { token });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('session_expired');
    expect((await t.call('GET', '/api/orders', { token })).statusCode).toBe(401); // ended, not only refused once
    const again = (await t.login(u.email)).json().token as string;
    expect((await t.call('GET', '/api/orders', { token: again })).statusCode).toBe(200);
    expect((await t.call('PUT', '/api/settings', { body: { sessionMaxHours: 0 } })).statusCode).toBe(400);
    expect((await t.call('PUT', '/api/settings', { body: { sessionMaxHours: 721 } })).statusCode).toBe(400);
  });

  it('site URL: the referral links the server builds use it; unset, the address of the request', async () => {
    const token = (await t.login((await buildUser(t)).email)).json().token as string;
    const before = (await t.call('POST', '/api/referrals/link', { token })).json();
    expect(before.link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/shop\?ref=/);
    await t.call('PUT', '/api/settings', { body: { siteUrl: 'https://shop.example.com/any/path' } });
    try {
      const after = (await t.call('POST', '/api/referrals/link', { token })).json();
      expect(after.link).toBe(`https://shop.example.com/shop?ref=${before.referralCode}`);
    } finally {
      await t.call('PUT', '/api/settings', { body: { siteUrl: '' } });
    }
  });

  it('timezone: the apps read it from the public settings (dates in the UI); an unknown zone is refused naming the field', async () => {
    await t.call('PUT', '/api/settings', { body: { timezone: 'Asia/Shanghai' } });
    try {
      expect((await t.call('GET', '/api/settings/public', { as: null })).json().settings.timezone).toBe(
        'Asia/Shanghai',
      );
      const bad = await t.call('PUT', '/api/settings', { body: { timezone: 'Mars/Olympus' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toHaveProperty('timezone');
      expect((await t.call('GET', '/api/settings')).json().settings.timezone).toBe('Asia/Shanghai');
    } finally {
      await t.call('PUT', '/api/settings', { body: { timezone: 'UTC' } });
    }
  });
});

describe('GET /api/debug/env', () => {
  it('answers the effective configuration to admins with every secret redacted', async () => {
    const res = await t.call('GET', '/api/debug/env');
    expect(res.statusCode).toBe(200);
    for (const secret of ['never-shown-1234', 'never-shown-5678', 'a-referral-salt-never-shown'])
      expect(res.body).not.toContain(secret);
    const env = Object.fromEntries(
      (res.json().env as { key: string; value: unknown; redacted: boolean }[]).map((e) => [e.key, e]),
    );
    expect(env['stripe.secretKey']).toMatchObject({ value: '[redacted]', redacted: true });
    expect(env.referralSalt).toMatchObject({ value: '[redacted]', redacted: true });
    expect(env.rateLimitMax).toMatchObject({ value: 100000, redacted: false });
    expect(env.env).toMatchObject({ value: 'test' });
    for (const as of ['finance', 'operator', 'user'] as const)
      expect((await t.call('GET', '/api/debug/env', { as })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/debug/env', { as: null })).statusCode).toBe(401);
  });
});
