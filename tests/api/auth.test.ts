import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, PASSWORD } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('health', () => {
  it('answers without a token and names the engine', async () => {
    const res = await t.call('GET', '/api/health', { as: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, db: t.database.kind });
  });

  it('sets security headers', async () => {
    const res = await t.call('GET', '/api/health', { as: null });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('login', () => {
  it('returns a token and the user, and the token opens /api/auth/me', async () => {
    const u = await buildUser(t, { role: 'operator', name: 'Olga Operator' });
    const res = await t.login(u.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      ok: true,
      user: { id: u.id, email: u.email, name: 'Olga Operator', role: 'operator' },
    });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.accessToken).toBe(body.token);
    const me = await t.call('GET', '/api/auth/me', { token: body.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toEqual({ id: u.id, email: u.email, name: 'Olga Operator', role: 'operator' });
  });

  it('refuses a wrong password and an unknown email with the same sentence', async () => {
    const u = await buildUser(t, { role: 'admin' });
    const wrong = await t.login(u.email, 'not-the-password');
    const unknown = await t.login('nobody@test.dev', PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        ok: false,
        success: false,
        error: 'Invalid email or password.',
        code: 'invalid_credentials',
      });
    }
  });

  it('validates the body: missing email, bad email, missing password', async () => {
    const cases: [unknown, string][] = [
      [{ password: 'x' }, 'email'],
      [{ email: 'not-an-email', password: 'x' }, 'email'],
      [{ email: 'a@b.dev' }, 'password'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.call('POST', '/api/admin/auth/login', { as: null, body: payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
      expect(res.json().error).toContain(field);
    }
  });

  it('answers 400 with a sentence for a body that is not JSON', async () => {
    const res = await t.call('POST', '/api/admin/auth/login', {
      as: null,
      headers: { 'content-type': 'application/json' },
      raw: '{nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('The request body is not valid JSON.');
  });

  it('after 5 failures this address is refused even the right password, with the wrong-password answer (lockout.test.ts: per address)', async () => {
    const u = await buildUser(t, { role: 'finance' });
    for (let i = 0; i < 5; i++) expect((await t.login(u.email, 'wrong')).statusCode).toBe(401);
    const right = await t.login(u.email, PASSWORD);
    expect(right.statusCode).toBe(401);
    expect(right.json()).toMatchObject({ code: 'invalid_credentials', error: 'Invalid email or password.' });
  });

  it('a success resets the failure count', async () => {
    const u = await buildUser(t, { role: 'finance' });
    for (let i = 0; i < 4; i++) await t.login(u.email, 'wrong');
    expect((await t.login(u.email)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await t.login(u.email, 'wrong')).statusCode).toBe(401);
  });

  it('refuses a suspended user', async () => {
    const u = await buildUser(t, { status: 'suspended' });
    const res = await t.login(u.email);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'account_suspended', error: expect.stringMatching(/suspended/) });
  });
});

describe('tokens', () => {
  it('401 without a token, with a malformed one, and with an unknown one', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer not-a-real-token' }] as Record<
      string,
      string
    >[]) {
      const res = await t.call('GET', '/api/auth/me', { as: null, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ ok: false, error: 'Authentication required. Please log in.' });
    }
  });

  it('logout revokes the session', async () => {
    const u = await buildUser(t, { role: 'admin' });
    const token = (await t.login(u.email)).json().token;
    expect((await t.call('GET', '/api/auth/me', { token })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/admin/auth/logout', { token })).json()).toEqual({ ok: true });
    expect((await t.call('GET', '/api/auth/me', { token })).statusCode).toBe(401);
  });

  it('an idle session expires after sessionTimeout minutes', async () => {
    const u = await buildUser(t, { role: 'admin' });
    const token = (await t.login(u.email)).json().token;
    const { sessions } = await import('../../server/db/schema.js');
    const { eq } = await import('drizzle-orm');
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.userId, u.id));
    const res = await t.call('GET', '/api/auth/me', { token });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('session_expired');
  });

  it('unknown API paths answer 404 with a sentence', async () => {
    const res = await t.call('GET', '/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/No API endpoint GET \/api\/nope/);
  });

  it('the OpenAPI document is for staff only, and describes the routes', async () => {
    for (const url of ['/api/docs', '/api/docs/json']) {
      expect((await t.call('GET', url, { as: null })).statusCode).toBe(401);
      expect((await t.call('GET', url, { as: 'user' })).statusCode).toBe(403);
    }
    const res = await t.call('GET', '/api/docs/json', { as: 'finance' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/orders', '/api/products/{id}', '/api/mint-jobs']),
    );
  });
});

describe('rate limits', () => {
  it('answers 429 with a sentence past the login limit', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_MAX: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await limited.login('x@test.dev', 'y')).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
      const res = await limited.login('x@test.dev', 'y');
      expect(res.json()).toMatchObject({
        ok: false,
        code: 'rate_limited',
        error: 'Too many requests, please try again later. Rate limit has been adjusted for development environment.',
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('answers 429 past the general API limit with the same sentence', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAX: '5' });
    try {
      const token = await limited.tokenFor('admin');
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await limited.call('GET', '/api/orders?limit=1', { token })).statusCode);
      expect(codes.slice(-1)).toEqual([429]);
      const res = await limited.call('GET', '/api/products', { token });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({
        ok: false,
        code: 'rate_limited',
        error: 'Too many requests, please try again later. Rate limit has been adjusted for development environment.',
      });
    } finally {
      await limited.close();
    }
  });
});
