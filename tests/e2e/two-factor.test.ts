import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, openBrowser } from './browser.js';

/** PUT /api/settings with the page's token; answers the status. */
const putSettings = (page: import('playwright-core').Page, body: Record<string, unknown>) =>
  page.evaluate(async (b) => {
    const res = await fetch('/api/settings', {
      method: 'PUT',
      body: JSON.stringify(b),
      headers: { authorization: `Bearer ${localStorage.getItem('authToken')}`, 'content-type': 'application/json' },
    });
    return res.status;
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

/** A JSON call to the test server from here, with `token`. */
async function api<T = Record<string, unknown>>(
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(admin.url(path), {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** A new user made by the logged-in admin of the `admin` browser. */
const createUser = (body: { email: string; name: string; role: string; password: string }) =>
  admin.page.evaluate(async (b) => {
    await fetch('/api/users', {
      method: 'POST',
      body: JSON.stringify(b),
      headers: { authorization: `Bearer ${localStorage.getItem('authToken')}`, 'content-type': 'application/json' },
    });
  }, body);

/** A new admin with 2FA on, and their session: only such an admin may require 2FA of everyone. */
async function enrolledAdmin() {
  const adminEmail = `guard.${Date.now().toString(36)}@rwa.dev`;
  await createUser({ email: adminEmail, name: 'Gina Guard', role: 'admin', password: PASSWORD });
  const { token } = (
    await api<{ token: string }>('/api/admin/auth/login', { body: { email: adminEmail, password: PASSWORD } })
  ).body;
  const { secret } = (await api<{ secret: string }>('/api/auth/2fa/setup', { token, body: {} })).body;
  expect((await api('/api/auth/2fa/enable', { token, body: { code: await codeAt(secret) } })).status).toBe(200);
  return token;
}
const requireTwoFactor = async (token: string, on: boolean) =>
  expect((await api('/api/settings', { method: 'PUT', token, body: { twoFactorAuth: on } })).status).toBe(200);

describe('Two-factor login in Chromium', () => {
  it('a colleague enrols from the user menu, logs in with a code; the admin sees it, resets their password, and they change it', async () => {
    const a = admin.page;
    await login(a, admin.url, 'admin@rwa.dev');
    await a.waitForURL(/\/dashboard$/);
    const created = await a.evaluate(
      async (body) => {
        const res = await fetch('/api/users', {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { authorization: `Bearer ${localStorage.getItem('authToken')}`, 'content-type': 'application/json' },
        });
        return res.json();
      },
      { email, name: 'Tess Twofactor', role: 'operator', password: PASSWORD },
    );
    const userId = created.user.id as string;

    // Enrolment from the user menu: QR code and secret, a current code, the recovery codes once.
    const p = staff.page;
    await login(p, staff.url, email, PASSWORD);
    await p.waitForURL(/\/dashboard$/);
    await p
      .getByRole('button', { name: /profile|Tess Twofactor/i })
      .first()
      .click();
    await p.getByRole('menuitem', { name: 'Two-factor authentication' }).click();
    await p.waitForURL(/\/two-factor$/);
    await p.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await expect
      .poll(() => p.getByRole('img', { name: 'QR code for the authenticator app' }).isVisible(), WAIT)
      .toBe(true);
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
    await expect
      .poll(() => security.getByText('Must change the password at the next login').isVisible(), WAIT)
      .toBe(true);

    // Their open tab is logged out; the temporary password (and a recovery code) leads to the change-password form only.
    await p.goto(staff.url('/orders'));
    await p.waitForURL(/\/login/, WAIT);
    await login(p, staff.url, email, temporary);
    await expect.poll(() => p.getByLabel(/Authentication code/).isVisible(), WAIT).toBe(true);
    await p.getByLabel(/Authentication code/).fill(recovery[0]!);
    await p.getByRole('button', { name: 'Verify' }).click();
    await p.waitForURL(/\/change-password$/, WAIT);
    await expect
      .poll(() => p.getByText('An administrator reset your password. Choose a new one to continue.').isVisible(), WAIT)
      .toBe(true);
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
    await createUser({ email: newEmail, name: 'Rita Required', role: 'finance', password: PASSWORD });
    // The dev admin has no 2FA: requiring it would lock them out, so they may not.
    expect(await putSettings(a, { twoFactorAuth: true })).toBe(409);
    const guard = await enrolledAdmin();
    await requireTwoFactor(guard, true);
    try {
      const p = staff.page;
      await p.evaluate(() => localStorage.clear());
      await login(p, staff.url, newEmail, PASSWORD);
      await p.waitForURL(/\/two-factor$/, WAIT);
      await expect
        .poll(
          () =>
            p
              .getByText('Your organisation requires two-factor authentication for all users. Set it up to continue.')
              .isVisible(),
          WAIT,
        )
        .toBe(true);
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
      // The dev admin's tab, open since before, is taken to enrolment at its next screen.
      await a.goto(admin.url('/orders'));
      await a.waitForURL(/\/two-factor$/, WAIT);
    } finally {
      await requireTwoFactor(guard, false);
    }
  });

  it("a shopper enrols from the shop's Account page, logs out and logs in with a code; when 2FA is required, one without it is led to enrol there", async () => {
    const p = staff.page;
    const stamp = Date.now().toString(36);
    const shopper = `shopper.${stamp}@example.com`;
    await createUser({ email: shopper, name: 'Sam Shopper', role: 'user', password: PASSWORD });
    const logIn = async (who: string) => {
      await p.locator('#login-email').fill(who);
      await p.locator('#login-password').fill(PASSWORD);
      await p.getByRole('button', { name: 'Log in', exact: true }).click();
    };
    await p.goto(staff.url('/shop/account'));
    await p.evaluate(() => localStorage.clear());
    await p.reload();
    await logIn(shopper);
    await expect.poll(() => p.getByText(`Logged in as ${shopper}`).isVisible(), WAIT).toBe(true);
    const section = p.getByRole('region', { name: 'Two-factor authentication' });
    await expect.poll(() => section.getByText('Two-factor authentication is off.').isVisible(), WAIT).toBe(true);
    await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await expect
      .poll(() => section.getByRole('img', { name: 'QR code for the authenticator app' }).isVisible(), WAIT)
      .toBe(true);
    const secret = (await section.getByTestId('totp-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await section.getByLabel(/Code from the app/).fill('000000');
    await section.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => section.getByRole('alert').innerText(), WAIT).toMatch(/code is not correct/);
    await section.getByLabel(/Code from the app/).fill(await codeAt(secret));
    await section.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => section.getByText('Save your recovery codes').isVisible(), WAIT).toBe(true);
    expect(await section.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await expect
      .poll(() => section.getByTestId('two-factor-status').innerText(), WAIT)
      .toMatch(/^Two-factor authentication is on .*Recovery codes left: 10\./);

    // Logged out, the login asks for the code after the password.
    await p.getByRole('button', { name: 'Log out' }).click();
    await logIn(shopper);
    await expect.poll(() => p.getByLabel(/Authentication code/).isVisible(), WAIT).toBe(true);
    await p.getByLabel(/Authentication code/).fill('123456');
    await p.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => p.getByText('The authentication code is not correct.').isVisible(), WAIT).toBe(true);
    await p.getByLabel(/Authentication code/).fill(await codeAt(secret, 1));
    await p.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => p.getByText(`Logged in as ${shopper}`).isVisible(), WAIT).toBe(true);
    await expect.poll(() => p.getByRole('heading', { name: 'Your orders' }).isVisible(), WAIT).toBe(true);
    await p.getByRole('button', { name: 'Log out' }).click();

    // Required for all: a shopper without 2FA is told so and shown the enrolment, and nothing else of the account.
    const other = `unenrolled.${stamp}@example.com`;
    await createUser({ email: other, name: 'Una Unenrolled', role: 'user', password: PASSWORD });
    const guard = await enrolledAdmin();
    await requireTwoFactor(guard, true);
    try {
      await logIn(other);
      await expect
        .poll(
          () =>
            p
              .getByText('This shop requires two-factor authentication for every account.', { exact: false })
              .isVisible(),
          WAIT,
        )
        .toBe(true);
      expect(await p.getByRole('heading', { name: 'Your orders' }).count()).toBe(0);
      await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();
      const otherSecret = (await section.getByTestId('totp-secret').innerText()).trim();
      await section.getByLabel(/Code from the app/).fill(await codeAt(otherSecret));
      await section.getByRole('button', { name: 'Confirm' }).click();
      await section.getByRole('button', { name: 'I have saved them' }).click();
      await expect.poll(() => p.getByRole('heading', { name: 'Your orders' }).isVisible(), WAIT).toBe(true);
      expect(
        await p.getByText('This shop requires two-factor authentication for every account.', { exact: false }).count(),
      ).toBe(0);
    } finally {
      await requireTwoFactor(guard, false);
    }
  });
});
