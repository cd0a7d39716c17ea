import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, openBrowser, screenshot } from './browser.js';
import { NAV_ITEMS } from '../../src/admin/layout/nav.js';

/**
 * Lists shown on a phone as a simple list of records (primary line, secondary line, status), each opening its record.
 * Payouts, coupons and KYC review do too, but the seed gives them no rows to tap.
 */
const SIMPLE_LISTS = ['/products', '/orders', '/payments', '/users'];
/** Every menu screen and the lists reached from tabs: none may be wider than the window. */
const SCREENS = [...new Set([...NAV_ITEMS.map((n) => n.path), ...SIMPLE_LISTS, '/payouts', '/coupons', '/kyc', '/redemptions', '/notifications'])];

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** How far the page reaches past the window's right edge, in px (0 when nothing is cut off sideways). */
const overflow = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('#main-content').locator('.MuiCard-root, .MuiPaper-root, .MuiTabs-root, h1, h2, h5, h6').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.locator('.MuiCircularProgress-root, .MuiSkeleton-root').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
}

describe.each(['light', 'dark'] as const)('phones and wide screens (%s)', (scheme) => {
  let b: Awaited<ReturnType<typeof openBrowser>>;
  let page: Page;
  beforeAll(async () => {
    b = await openBrowser({ colorScheme: scheme });
    page = b.page;
    await login(page, b.url, 'admin@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
  });
  afterAll(async () => { await b?.close(); });

  it('no screen is wider than the window at 390 px or at 1440 px', async () => {
    const wide: string[] = [];
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      for (const path of SCREENS) {
        await open(page, b.url(path));
        if (size === PHONE) await screenshot(page, `phone-${scheme}${path.replaceAll('/', '-')}`);
        const past = await overflow(page);
        if (past > 0) wide.push(`${path} at ${size.width}px: ${past}px too wide`);
      }
    }
    expect(wide).toEqual([]);
  }, 300_000);

  it('at 390 px each list is a simple list whose rows open their record by a tap; at 1440 px a table', async () => {
    for (const path of SIMPLE_LISTS) {
      await page.setViewportSize(PHONE);
      await open(page, b.url(path));
      const items = page.locator('.phone-list a');
      await items.first().waitFor().catch(() => { throw new Error(`${path} shows no simple list at 390 px`); });
      expect(await page.locator('main table').count(), `${path} has no table on a phone`).toBe(0);
      await items.first().click();
      await page.waitForURL(/\/show$/);
      await page.setViewportSize(DESKTOP);
      await open(page, b.url(path));
      await page.locator('main tbody tr').first().waitFor();
      expect(await page.locator('.phone-list').count(), `${path} has no simple list on a wide screen`).toBe(0);
    }
  }, 180_000);

  it('at 390 px the menu button opens the drawer with every item', async () => {
    await page.setViewportSize(PHONE);
    await open(page, b.url('/products'));
    const first = page.locator('a.RaMenuItemLink-root').first();
    expect(await first.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => page.locator('a.RaMenuItemLink-root').count()).toBeGreaterThanOrEqual(NAV_ITEMS.length);
    await expect.poll(() => first.isVisible()).toBe(true);
    await page.locator('a.RaMenuItemLink-root', { hasText: /^Orders$/ }).click();
    await page.waitForURL(/\/orders$/);
  }, 60_000);
});
