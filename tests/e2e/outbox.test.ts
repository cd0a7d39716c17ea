/**
 * Without a mail server a new user's sign-up email is read in the admin's outbox: an admin opens the message from its
 * row (at 1440 and 390 px), reads its whole text and follows its link, which makes the account and logs in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_PASSWORD, login, openBrowser } from './browser.js';

const WAIT = { timeout: 15_000 };
let b: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b?.close();
});

const email = `outbox.${Date.now().toString(36)}@example.com`;

describe('The email outbox in Chromium', () => {
  it('an admin opens a sign-up email from its row, follows its link, and the shopper is logged in', async () => {
    const signup = await fetch(b.url('/api/shop/auth/signup'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Olive Outbox', email, password: DEV_PASSWORD }),
    });
    expect(signup.status).toBeLessThan(300);

    const page = b.page;
    await login(page, b.url, 'admin@rwa.dev');
    await page.waitForURL(/\/dashboard$/, WAIT);
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Email outbox' }).click();
    await page.getByPlaceholder('Search address or subject').fill(email);
    const row = page.locator('tbody tr', { hasText: email });
    await expect.poll(() => row.count(), WAIT).toBe(1);
    await row.locator('td').nth(2).click();

    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
    await expect.poll(() => dialog.getByText(`To ${email}`, { exact: false }).isVisible(), WAIT).toBe(true);
    const link = dialog.getByRole('link', { name: /\/shop\/account\?confirm=/ });
    await expect.poll(() => link.count(), WAIT).toBe(1);
    const href = (await link.getAttribute('href'))!;
    await page.screenshot({ path: 'test-results/outbox-message.png' }).catch(() => {});
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count(), WAIT).toBe(0);

    // At a phone's width a tap on the line opens the same message, from the menu's drawer onwards.
    const phone = await b.context.newPage();
    try {
      await phone.setViewportSize({ width: 390, height: 844 });
      await phone.goto(b.url('/'));
      await phone.getByRole('button', { name: 'Open menu' }).click();
      await phone.locator('a.RaMenuItemLink-root', { hasText: /^Settings$/ }).click();
      await phone.getByRole('tab', { name: 'Email outbox' }).click();
      await phone.getByPlaceholder('Search address or subject').fill(email);
      const line = phone.locator('.phone-list > li', { hasText: email });
      await expect.poll(() => line.count(), WAIT).toBe(1);
      await line.click();
      await expect
        .poll(
          () =>
            phone
              .getByRole('dialog')
              .getByRole('link', { name: /confirm=/ })
              .count(),
          WAIT,
        )
        .toBe(1);
      await phone.screenshot({ path: 'test-results/outbox-message-phone.png' }).catch(() => {});
    } finally {
      await phone.close();
    }

    // The shopper follows the link: the account is made and logged in.
    const shopper = await openBrowser();
    try {
      await shopper.page.goto(new URL(href, b.url('/')).toString());
      await expect.poll(() => shopper.page.getByText(`Logged in as ${email}`).isVisible(), WAIT).toBe(true);
    } finally {
      await shopper.close();
    }
  });
});
