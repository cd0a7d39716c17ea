/**
 * A first run that looks lived in: the e2e server is seeded from db.json, as `npm start` is, and the seeded admin finds
 * something on every screen of the menu: at least one row, or a figure other than zero.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserForFile, login } from './browser.js';

const b = await browserForFile();
const { page } = b;

const MENU = [
  'Dashboard',
  'Products',
  'Orders',
  'Payments',
  'Payouts',
  'Referrals',
  'Affiliates',
  'Coupons',
  'Mint Queue',
  'Users',
  'Membership',
  'Domain Management',
  'Payment SDK',
  'Settings',
  'Reports',
  'Webhooks',
  'System',
];
/**
 * Screens a first run leaves empty on purpose, with what they say instead: a demo endpoint would send the first run's
 * events to an address nobody listens on, fail, and end in an "endpoint turned off" notice. A row is fine too: an
 * earlier file on the same server may have added one.
 */
const EMPTY_ON_PURPOSE: Record<string, string> = { Webhooks: 'No webhook endpoints yet' };

/**
 * What the screen's main area shows: table rows with cells, and figures other than 0: leaf elements whose text is a
 * number, or a form's fields holding one (Settings is a form).
 */
const shown = (p: Page) =>
  p.locator('main').evaluate((main) => {
    const rows = [...main.querySelectorAll('tbody tr')].filter((tr) => tr.querySelectorAll('td').length > 1).length;
    const texts = [
      ...[...main.querySelectorAll('*')].filter((el) => el.children.length === 0).map((el) => el.textContent ?? ''),
      ...[...main.querySelectorAll('input')].map((input) => input.value),
    ];
    const figures = texts
      .map((text) => text.trim())
      .filter((text) => /^[^\d\s]{0,3}\s?[\d][\d,.\s]*%?$/.test(text) && /[1-9]/.test(text)).length;
    return { rows, figures };
  });

describe('a first run seeded from db.json, in Chromium', () => {
  it('the seeded admin opens every menu item by clicking it and finds a row or a figure other than zero on each', async () => {
    await login(page, b.url, 'admin@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    const menu = page.locator('a.RaMenuItemLink-root');
    await expect.poll(() => menu.allInnerTexts()).toEqual(MENU);
    for (const item of MENU) {
      await menu.filter({ hasText: new RegExp(`^${item}$`) }).click();
      await expect.poll(() => page.getByTestId('page-title').innerText()).toBe(item);
      const empty = EMPTY_ON_PURPOSE[item];
      if (empty) {
        // The worker's server is shared with the files before this one, which may have added an endpoint.
        const settled = async () =>
          (await page.locator('main').innerText()).includes(empty) || (await shown(page)).rows > 0;
        await expect.poll(settled, { timeout: 15_000 }).toBe(true);
        continue;
      }
      const filled = async () => {
        const { rows, figures } = await shown(page);
        return rows > 0 || figures > 0;
      };
      await expect
        .poll(filled, { timeout: 15_000, message: `${item} shows no row and no figure other than 0` })
        .toBe(true);
    }
  });
});
