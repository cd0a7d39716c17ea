/**
 * Changing one's own password (POST /api/auth/password): a wrong current password counts toward the same lockout as a
 * wrong one at login (maxLoginAttempts), so a stolen session cannot try passwords. In a file of its own: its logins and
 * changes share the per-address login rate limit, which auth.test.ts's other cases also spend.
 */
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

describe("changing one's password", () => {
  const change = (token: string, currentPassword: string, newPassword = 'a-brand-new-password') =>
    t.call('POST', '/api/auth/password', { token, body: { currentPassword, newPassword } });

  it('wrong current passwords count toward the lockout: the fifth locks this address out, then even the right one is refused here', async () => {
    const u = await buildUser(t, { role: 'user' });
    const token = (await t.login(u.email)).json().token as string;
    for (let i = 0; i < 4; i++) {
      const wrong = await change(token, `not-the-password-${i}`);
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().fields).toHaveProperty('currentPassword');
    }
    const fifth = await change(token, 'still-not-it');
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json().code).toBe('account_locked');
    expect((await change(token, PASSWORD)).json().code).toBe('account_locked');
    // The login from this address answers as a wrong password does; another address still gets in.
    expect((await t.login(u.email)).json().code).toBe('invalid_credentials');
    expect((await t.login(u.email, 'a-brand-new-password')).json().code).toBe('invalid_credentials');
    expect((await t.login(u.email, PASSWORD, '127.0.0.2')).statusCode).toBe(200);
  });

  it('wrong passwords at login and at the change add up to one count; a change that goes through clears it', async () => {
    const u = await buildUser(t, { role: 'operator' });
    const token = (await t.login(u.email)).json().token as string;
    for (let i = 0; i < 2; i++) expect((await t.login(u.email, 'wrong-at-login')).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) expect((await change(token, 'wrong-at-change')).statusCode).toBe(422);
    expect((await change(token, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await t.login(u.email, 'wrong-again')).statusCode).toBe(401);
    expect((await t.login(u.email, 'a-brand-new-password')).statusCode).toBe(200);
  });
});
