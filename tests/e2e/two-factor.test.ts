import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, openBrowser } from './browser.js';

/** PUT /api/settings with the page's token. */
const putSettings = (page: import('playwright-core').Page, body: Record<string, unknown>) => page.evaluate(async (b) => {
  await fetch('/api/settings', { method: 'PUT', body: JSON.stringify(b), headers: { authorization: `Bearer ${localStorage.getItem('authToken')}`, 'content-type': 'application/json' } });
}, body);

const WAIT = { timeout: 15_000 };

let admin: Awaited<ReturnType<typeof openBrowser>>;
let staff: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  admin = await openBrowser();
  staff = await openBrowser();
});
afterAll(async () => {
  await admin?.close();
  await staff?.close();
});

const email = `twofactor.${Date.now().toString(36)}@rwa.dev`;
const PASSWORD = 'colleague-password-1';
/** The code of `secret` `steps` 30-second steps from now, as the authenticator app would show it. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe('Two-factor login in Chromium', () => {
  it('a colleague enrols from the user menu, logs in with a code; the admin sees it, resets their password, and they change it', async () => {
    const a = admin.page;
    await login(a, admin.url, 'admin@rwa.dev');
    await a.waitForURL(/\/dashboard$/);
    const created = await a.evaluate(async (body) => {
      const res = await fetch('/api/users', {
        method: 'POST', body: JSON.stringify(body),
        headers: { authorization: `Bearer ${localStorage.getItem('authToken')}`, 'content-type': 'application/json' },
      });
      return res.json();
    }, { email, name: 'Tess Twofactor', role: 'operator', password: PASSWORD });
    const userId = created.user.id as string;

    // Enrolment from the user menu: QR code and secret, a current code, the recovery codes once.
    const p = staff.page;
    await login(p, staff.url, email, PASSWORD);
    await p.waitForURL(/\/dashboard$/);
    await p.getByRole('button', { name: /profile|Tess Twofactor/i }).first().click();
    await p.getByRole('menuitem', { name: 'Two-factor authentication' }).click();
    await p.waitForURL(/\/two-factor$/);
    await p.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await expect.poll(() => p.getByRole('img', { name: 'QR code for the authenticator app' }).isVisible(), WAIT).toBe(true);
    const secret = (await p.getByTestId('totp-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await p.getByLabel(/Code from the app/).fill('000000');
    await p.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => p.getByText('The code is not correct.').isVisible(), WAIT).toBe(true);
    await p.getByLabel(/Code from the app/).fill(await codeAt(secret));
    await p.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => p.getByText('Save your recovery codes').isVisible(), WAIT).toBe(true);
    const recovery = await p.getByTestId('recovery-codes').locator('li').allInnerTexts();
    expect(recovery).toHaveLength(10);
    await p.getByRole('button', { name: 'I have saved them, continue' }).click();
    await p.waitForURL(/\/dashboard$/);

    // Logging in again asks for the code after the password.
    await p.evaluate(() => localStorage.clear());
    await login(p, staff.url, email, PASSWORD);
    await expect.poll(() => p.getByLabel(/Authentication code/).isVisible(), WAIT).toBe(true);
    await p.getByLabel(/Authentication code/).fill('123456');
    await p.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => p.getByText('The authentication code is not correct.').isVisible(), WAIT).toBe(true);
    await p.getByLabel(/Authentication code/).fill(await codeAt(secret, 1));
    await p.getByRole('button', { name: 'Verify' }).click();
    await p.waitForURL(/\/dashboard$/);

    // The admin sees the 2FA state and resets the password; the temporary password is shown once.
    await a.goto(admin.url(`/users/${userId}/show`));
    const security = a.getByTestId('user-security');
    await expect.poll(() => security.getByText(/^On since/).isVisible(), WAIT).toBe(true);
    await expect.poll(() => security.getByText('10 recovery codes left').isVisible(), WAIT).toBe(true);
    await security.getByRole('button', { name: 'Reset password' }).click();
    await a.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    const temporary = (await a.getByTestId('temporary-password').innerText()).trim();
    expect(temporary).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    await a.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => security.getByText('Must change the password at the next login').isVisible(), WAIT).toBe(true);

    // Their open tab is logged out; the temporary password (and a recovery code) leads to the change-password form only.
    await p.goto(staff.url('/orders'));
    await p.waitForURL(/\/login/, WAIT);
    await login(p, staff.url, email, temporary);
    await expect.poll(() => p.getByLabel(/Authentication code/).isVisible(), WAIT).toBe(true);
    await p.getByLabel(/Authentication code/).fill(recovery[0]!);
    await p.getByRole('button', { name: 'Verify' }).click();
    await p.waitForURL(/\/change-password$/, WAIT);
    await expect.poll(() => p.getByText('An administrator reset your password. Choose a new one to continue.').isVisible(), WAIT).toBe(true);
    // No other screen until it is changed.
    await p.goto(staff.url('/orders'));
    await p.waitForURL(/\/change-password$/, WAIT);
    await p.locator('input[name="currentPassword"]').fill(temporary);
    await p.locator('input[name="newPassword"]').fill('my-own-new-password');
    await p.locator('input[name="repeat"]').fill('my-own-new-password');
    await p.getByRole('button', { name: 'Change password' }).click();
    await p.waitForURL(/\/dashboard$/, WAIT);
    await p.goto(staff.url('/orders'));
    await expect.poll(() => p.getByRole('heading', { name: 'Orders' }).first().isVisible(), WAIT).toBe(true);
  });

  it('when settings require 2FA, a colleague without it is taken to enrolment before any other screen', async () => {
    const a = admin.page;
    const newEmail = `required.${Date.now().toString(36)}@rwa.dev`;
    await a.evaluate(async (body) => {
      await fetch('/api/users', {
        method: 'POST', body: JSON.stringify(body),
        headers: { authorization: `Bearer ${localStorage.getItem('authToken')}`, 'content-type': 'application/json' },
      });
    }, { email: newEmail, name: 'Rita Required', role: 'finance', password: PASSWORD });
    await putSettings(a, { twoFactorAuth: true });
    try {
      const p = staff.page;
      await p.evaluate(() => localStorage.clear());
      await login(p, staff.url, newEmail, PASSWORD);
      await p.waitForURL(/\/two-factor$/, WAIT);
      await expect.poll(() => p.getByText('Your organisation requires two-factor authentication for staff. Set it up to continue.').isVisible(), WAIT).toBe(true);
      expect(await p.getByRole('link', { name: 'Back to the app' }).count()).toBe(0);
      await p.goto(staff.url('/payments'));
      await p.waitForURL(/\/two-factor$/, WAIT);
      await p.getByRole('button', { name: 'Set up two-factor authentication' }).click();
      const secret = (await p.getByTestId('totp-secret').innerText()).trim();
      await p.getByLabel(/Code from the app/).fill(await codeAt(secret));
      await p.getByRole('button', { name: 'Confirm' }).click();
      await expect.poll(() => p.getByText('Save your recovery codes').isVisible(), WAIT).toBe(true);
      await p.getByRole('button', { name: 'I have saved them, continue' }).click();
      await p.waitForURL(/\/dashboard$/, WAIT);
      await p.goto(staff.url('/payments'));
      await expect.poll(() => p.getByRole('heading', { name: 'Payments' }).first().isVisible(), WAIT).toBe(true);
    } finally {
      await putSettings(a, { twoFactorAuth: false });
    }
  });
});
