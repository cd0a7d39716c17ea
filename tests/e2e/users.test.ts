import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, openBrowser } from './browser.js';

const WAIT = { timeout: 15_000 };

let admin: Awaited<ReturnType<typeof openBrowser>>;
let colleague: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  admin = await openBrowser();
  colleague = await openBrowser();
});
afterAll(async () => {
  await admin?.close();
  await colleague?.close();
});

const email = `operator.${Date.now().toString(36)}@rwa.dev`;
const PASSWORD = 'colleague-password-1';

const row = (page: Page) => page.locator('tr', { hasText: email });

describe('Users in Chromium', () => {
  it('an admin adds an operator, who logs in; suspended, the operator’s open tab is sent to the login page on its next call', async () => {
    const page = admin.page;
    await login(page, admin.url, 'admin@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(admin.url('/users'));
    await expect
      .poll(() => page.getByText('Manage user accounts, roles, and permissions').isVisible(), WAIT)
      .toBe(true);
    await expect.poll(() => page.getByText('Total Users').isVisible(), WAIT).toBe(true);

    await page.getByRole('link', { name: 'Add User' }).click();
    await page.getByLabel('Email *').fill(email);
    await page.getByLabel('Name', { exact: true }).fill('Olive Operator');
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Operator' }).click();
    await page.getByLabel('Initial password *').fill('short');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByText('Password must be at least 10 characters.').first().isVisible(), WAIT)
      .toBe(true);
    await page.getByLabel('Initial password *').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/users\/[0-9a-f-]{36}\/show$/);
    await expect.poll(() => page.getByText('Olive Operator').first().isVisible(), WAIT).toBe(true);

    const other = colleague.page;
    await login(other, colleague.url, email, PASSWORD);
    await other.waitForURL(/\/dashboard$/);
    await other.goto(colleague.url('/products'));
    await expect.poll(() => other.getByRole('heading', { name: 'Products' }).first().isVisible(), WAIT).toBe(true);

    await page.goto(admin.url(`/users?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`));
    await expect.poll(() => row(page).count(), WAIT).toBe(1);
    await row(page).getByRole('button', { name: 'Suspend' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByText('User suspended: their sessions have ended').isVisible(), WAIT).toBe(true);
    await expect.poll(() => row(page).getByText('Suspended').isVisible(), WAIT).toBe(true);

    await other.goto(colleague.url('/orders'));
    await other.waitForURL(/\/login/, WAIT);
    await login(other, colleague.url, email, PASSWORD);
    await expect
      .poll(
        () => other.getByText('This account is suspended. Please contact an administrator.').first().isVisible(),
        WAIT,
      )
      .toBe(true);

    await row(page).getByRole('button', { name: 'Reactivate' }).click();
    await expect.poll(() => page.getByText('User reactivated').isVisible(), WAIT).toBe(true);
  });

  it('an admin adds a colleague with a set-password link; opened in a fresh browser it sets the password once, and the colleague logs in', async () => {
    const page = admin.page;
    const invited = `linked.${Date.now().toString(36)}@rwa.dev`;
    const chosen = 'my-own-chosen-password';
    await page.goto(admin.url('/users/create'));
    await page.getByLabel('Email *').fill(invited);
    await page.getByLabel('Name', { exact: true }).fill('Lina Linked');
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Operator' }).click();
    await page.getByLabel('Send a set-password link').check();
    expect(await page.getByLabel('Initial password *').count()).toBe(0);
    await expect.poll(() => page.getByText(/one-time link to choose their own password/).isVisible(), WAIT).toBe(true);
    await page.getByRole('button', { name: 'Save' }).click();

    const shown = page.getByTestId('set-password-link');
    await expect.poll(() => shown.isVisible(), WAIT).toBe(true);
    const link = (await shown.innerText()).trim();
    expect(link).toMatch(/\/set-password\?token=[A-Za-z0-9_-]{43}$/);
    await page.getByRole('dialog').getByRole('button', { name: 'Copy' }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByRole('button', { name: 'Copied' }).isVisible(), WAIT)
      .toBe(true);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(/\/users\/[0-9a-f-]{36}\/show$/);
    await expect.poll(() => page.getByText('Lina Linked').first().isVisible(), WAIT).toBe(true);

    // The link names the Site URL setting's origin when one is set: the same path and token on this test server.
    const fresh = await openBrowser();
    try {
      const p = fresh.page;
      const target = fresh.url(`/set-password${new URL(link).search}`);
      await p.goto(target);
      await expect.poll(() => p.getByRole('heading', { name: 'Set your password' }).isVisible(), WAIT).toBe(true);
      await p.locator('input[name="password"]').fill('short');
      await p.locator('input[name="repeat"]').fill('short');
      await p.getByRole('button', { name: 'Set password' }).click();
      await expect
        .poll(() => p.getByText('Password must be at least 10 characters.').first().isVisible(), WAIT)
        .toBe(true);
      await p.locator('input[name="password"]').fill(chosen);
      await p.locator('input[name="repeat"]').fill(chosen);
      await p.getByRole('button', { name: 'Set password' }).click();
      await expect
        .poll(() => p.getByTestId('set-password-done').textContent(), WAIT)
        .toBe(`Your password is set. Log in as ${invited} with it.`);

      await p.getByRole('link', { name: 'Log in' }).click();
      await login(p, fresh.url, invited, chosen);
      await p.waitForURL(/\/dashboard$/);

      // Used once: the same link now answers a sentence.
      await p.goto(target);
      await p.locator('input[name="password"]').fill('another-password-here');
      await p.locator('input[name="repeat"]').fill('another-password-here');
      await p.getByRole('button', { name: 'Set password' }).click();
      await expect
        .poll(() => p.getByTestId('set-password-error').textContent(), WAIT)
        .toBe(
          'This set-password link was already used: log in with the password you set, or ask an administrator for a new link.',
        );
    } finally {
      await fresh.close();
    }
  });

  it('finance reads the users but has no Add User, Suspend or Delete; a shopper may not open the page', async () => {
    const page = colleague.page;
    await page.goto(colleague.url('/login'));
    await page.evaluate(() => localStorage.clear());
    await login(page, colleague.url, 'finance@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(colleague.url('/users'));
    await expect.poll(() => page.getByText('Total Users').isVisible(), WAIT).toBe(true);
    await expect.poll(() => page.locator('tbody tr').count(), WAIT).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Add User' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Suspend' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
  });
});
