import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, login, openBrowser, resetDevSettings } from './browser.js';

const WAIT = { timeout: 15_000 };

let b: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
beforeAll(async () => {
  b = await openBrowser();
  page = b.page;
});
afterAll(async () => {
  // Other browser tests expect the default settings.
  await resetDevSettings(page).catch(() => undefined);
  await b?.close();
});

const siteName = () => page.getByLabel('Site name');

describe('Settings in Chromium', () => {
  it('an admin saves the site name (the top bar follows at once), sees a refused value under its field, resets to the defaults after confirming, and finds both in the audit log', async () => {
    await login(page, b.url, 'admin@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(b.url('/settings'));
    // Whatever name this server's earlier files left (the demo data's, or the default after a reset).
    await expect.poll(() => siteName().inputValue(), WAIT).not.toBe('');

    await siteName().fill('Harbour Assets');
    await page.getByLabel('Commission hold (days)').fill('3');
    await page.getByLabel('Points per loyalty token').fill('250');
    await page.getByLabel('Points per loyalty token').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/settings-membership.png' }).catch(() => {});
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect.poll(() => page.getByText('Settings saved successfully').isVisible(), WAIT).toBe(true);
    // The top bar hides while the page is scrolled down to the button, so its text is read rather than seen.
    await expect.poll(() => page.getByTestId('site-name').textContent(), WAIT).toBe('Harbour Assets');
    const stored = await page.evaluate(async () => {
      const res = await fetch('/api/settings', {
        headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
      });
      return (await res.json()).settings;
    });
    expect(stored).toMatchObject({ siteName: 'Harbour Assets', commissionHoldDays: 3, pointsPerToken: 250 });

    await page.reload();
    await expect.poll(() => siteName().inputValue(), WAIT).toBe('Harbour Assets');
    await page.getByLabel('Minimum payout').fill('12.345');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect.poll(() => page.getByText(/^Save failed: /).isVisible(), WAIT).toBe(true);
    // Under the field, as well as in the notification.
    expect(
      await page
        .getByText('Minimum payout must be an amount ≥ 0 with at most 2 decimals.', { exact: true })
        .isVisible(),
    ).toBe(true);

    await page.getByRole('button', { name: 'Reset to Default' }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.getByText('Are you sure you want to reset all settings to default?').isVisible(), WAIT)
      .toBe(true);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByText('Settings reset to default').isVisible(), WAIT).toBe(true);
    await expect.poll(() => siteName().inputValue(), WAIT).toBe('RWA Management System');
    await expect.poll(() => page.getByLabel('Commission hold (days)').inputValue(), WAIT).toBe('14');

    // The Audit tab lists both changes, newest first, with who made them.
    await page.getByRole('tab', { name: 'Audit log' }).click();
    const rows = page.locator('tbody tr').filter({ has: page.locator('[data-audit-action^="settings."]') });
    await expect.poll(() => rows.count(), WAIT).toBeGreaterThanOrEqual(2);
    expect(await rows.first().locator('[data-audit-action]').getAttribute('data-audit-action')).toBe('settings.reset');
    expect(await rows.first().innerText()).toContain('admin@rwa.dev');
    await resetDevSettings(page);
  });

  it('an admin filters the audit log by who made the change; Back from another screen returns to the filtered log', async () => {
    await login(page, b.url, 'admin@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    // A change of the admin's own, so the log names them.
    await apiCall(page, '/api/coupons', {
      code: `AUDIT${Date.now().toString(36).toUpperCase()}`,
      discountType: 'percentage',
      discountValue: 5,
    });
    await page.goto(b.url('/settings/audit'));
    const rows = page.locator('tbody tr');
    const everyRowBy = async (email: string) => (await rows.allInnerTexts()).every((row) => row.includes(email));
    await expect.poll(() => rows.count(), WAIT).toBeGreaterThan(0);
    const actor = () => page.getByLabel('Who (email)');

    await actor().fill('nobody@rwa.dev');
    await expect.poll(() => page.getByText('No changes recorded').isVisible(), WAIT).toBe(true);
    await actor().fill('admin@rwa.dev');
    await expect.poll(() => page.locator('tbody [data-audit-action="coupon.create"]').count(), WAIT).toBeGreaterThan(0);
    expect(await everyRowBy('admin@rwa.dev')).toBe(true);
    expect(decodeURIComponent(page.url())).toContain('"actor":"admin@rwa.dev"');

    await page
      .locator('a.RaMenuItemLink-root')
      .filter({ hasText: /^Dashboard$/ })
      .click();
    await page.waitForURL(/\/dashboard$/, WAIT);
    await page.goBack();
    await page.waitForURL(/\/settings\/audit/, WAIT);
    await expect.poll(() => actor().inputValue(), WAIT).toBe('admin@rwa.dev');
    await expect.poll(() => page.locator('tbody [data-audit-action="coupon.create"]').count(), WAIT).toBeGreaterThan(0);
    expect(await everyRowBy('admin@rwa.dev')).toBe(true);
  });

  it('finance may not open Settings', async () => {
    await page.evaluate(() => localStorage.clear());
    await login(page, b.url, 'finance@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(b.url('/settings'));
    await expect.poll(() => page.getByText('You are not allowed to see this page.').isVisible(), WAIT).toBe(true);
    expect(await siteName().count()).toBe(0);
  });
});
