import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, openBrowser, screenSettled } from './browser.js';
import { NAV_ITEMS } from '../../src/admin/layout/nav.js';
import en from '../../src/admin/i18n/en.js';

let b: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
beforeAll(async () => {
  b = await openBrowser();
  page = b.page;
  await login(page, b.url, 'admin@rwa.dev');
  await page.waitForURL(/\/dashboard$/);
});
afterAll(async () => {
  await b?.close();
});

/** The staff menu's labels in English, in the registry's order (src/common/resources.ts). */
const NAV = NAV_ITEMS.map((n) => en.app.menu[n.key as keyof typeof en.app.menu]);

describe('layout in Chromium', () => {
  it("the drawer lists the registry's menu items in order, and the top bar names the page and the site", async () => {
    const menu = page.locator('a.RaMenuItemLink-root');
    await expect.poll(() => menu.allInnerTexts()).toEqual(NAV);
    const { settings } = await page.evaluate(async () => (await fetch('/api/settings/public')).json());
    await expect.poll(() => page.getByTestId('site-name').innerText()).toBe(settings.siteName);
    await menu.filter({ hasText: /^Mint Queue$/ }).click();
    await page.waitForURL(/\/mint-queue$/);
    await expect.poll(() => page.getByTestId('page-title').innerText()).toBe('Mint Queue');
    await menu.filter({ hasText: /^Orders$/ }).click();
    await expect.poll(() => page.getByTestId('page-title').innerText()).toBe('Orders');
  });

  it('the menu button closes and reopens the drawer', async () => {
    const width = async () => (await page.locator('a.RaMenuItemLink-root').first().boundingBox())?.width ?? 0;
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect.poll(width).toBeLessThan(100); // icons only
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(width).toBeGreaterThan(150);
  });

  it('the user menu shows the logged-in user’s name and Logout, and closes on an outside click', async () => {
    const profile = page.getByRole('button', { name: 'Profile' });
    expect(await profile.innerText()).toBe('Admin User');
    await profile.click();
    const logout = page.getByRole('menuitem', { name: 'Logout' });
    await expect.poll(() => logout.isVisible()).toBe(true);
    await page.mouse.click(700, 600); // outside the menu
    await expect.poll(() => logout.isVisible()).toBe(false);
  });

  it('a logout in another tab shows the yellow banner, which links to /login and can be dismissed', async () => {
    await page.goto(b.url('/dashboard'));
    // Once the page has its data: a call still on its way when the token goes is refused and (rightly) sends the tab to /login.
    await expect.poll(() => page.locator('main').innerText(), { timeout: 15_000 }).toMatch(/Recent Orders[\s\S]*\$/);
    await screenSettled(page);
    // What the browser delivers to this tab when another one drops the token. A real second tab would also
    // move the focus, and the refetch on focus then (rightly) sends this tab to /login before the check.
    await page.evaluate(() => {
      localStorage.removeItem('authToken');
      window.dispatchEvent(new StorageEvent('storage', { key: 'authToken', oldValue: 'x', newValue: null }));
    });
    const banner = page.getByTestId('not-logged-in-banner');
    await expect.poll(() => banner.innerText()).toBe('Not logged in, please login to access all features.');
    expect(await banner.getByRole('link').getAttribute('href')).toBe('/login');
    await banner.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => banner.count()).toBe(0);
  });
});
