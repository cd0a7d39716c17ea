import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, DEV_PASSWORD, goTo, login, openBrowser } from './browser.js';
import { NAV_ITEMS } from '../../src/admin/layout/nav.js';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The rules whose outcome a theme changes; every other rule answers the same in both themes. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The page's critical and serious WCAG 2.1 A/AA violations, one line each (rule, elements, summary); `colours`: only
 * those of the rules a theme changes.
 */
export async function seriousViolations(page: Page, colours = false): Promise<string[]> {
  // Legacy mode: axe.run in the page itself. The default runs it in parts and joins them in a new tab each time, a
  // renderer process started per screen; the app has no frames, for which the parts are made. Only the violations'
  // elements are described: describing each passing one too (a selector apiece) took 43 % of a full check's time.
  const axe = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  const { violations } = await (colours ? axe.withRules(COLOUR_RULES) : axe.withTags(WCAG)).analyze();
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${v.id} ${n.target.join(' ')} ${n.html.slice(0, 160)}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? v.help}`,
      ),
    );
}

/**
 * Checks each path in turn and reports every failing one together, so one run shows all there is to fix. An admin
 * screen is opened in the running app (browser.ts goTo), a shop page by loading it; each is checked once it shows its
 * data (a heading, rows, no spinner or skeleton).
 */
async function checkAll(page: Page, paths: readonly string[], colours: boolean) {
  const found: string[] = [];
  for (const path of paths) {
    await goTo(page, path);
    for (const line of await seriousViolations(page, colours)) found.push(`${path} ${line}`);
  }
  if (found.length) console.log(found.join('\n'));
  expect(found).toEqual([]);
}

const ADMIN_SCREENS = NAV_ITEMS.map((n) => n.path);

/**
 * The checks of accessibility-light.test.ts and accessibility-dark.test.ts: one file per theme, run side by side. The
 * light one runs every WCAG 2.1 A/AA rule; the dark one the rules the theme changes (colours), the rest answering the
 * same in both.
 */
export function wcagInTheme(scheme: 'light' | 'dark') {
  const colours = scheme === 'dark';
  describe(`WCAG 2.1 AA in the ${scheme} theme (axe-core${colours ? ': its colours' : ''})`, () => {
    let b: Awaited<ReturnType<typeof openBrowser>>;
    let productId: string;
    beforeAll(async () => {
      b = await openBrowser({ colorScheme: scheme });
      await b.page.goto(b.url('/login'));
      await b.page.getByRole('button', { name: /^login$/i }).waitFor();
      // The login page before anyone is logged in.
      const login_ = await seriousViolations(b.page, colours);
      if (login_.length) console.log(`/login ${login_.join('\n')}`);
      expect(login_).toEqual([]);
      await login(b.page, b.url, 'admin@rwa.dev');
      await b.page.waitForURL(/\/dashboard$/);
      const { products } = await apiCall(b.page, '/api/products?limit=1');
      productId = String(products[0].id);
    });
    afterAll(async () => {
      await b?.close();
    });

    it('every admin menu screen has no critical or serious violation', async () => {
      await checkAll(b.page, ADMIN_SCREENS, colours);
    }, 240_000);

    it('a show, an edit and a create page have none', async () => {
      await checkAll(b.page, [`/products/${productId}/show`, `/products/${productId}`, '/products/create'], colours);
    }, 90_000);

    it('every shop page has none', async () => {
      await checkAll(
        b.page,
        [
          '/shop',
          '/shop/products',
          `/shop/products/${productId}`,
          '/shop/cart',
          '/shop/checkout',
          '/shop/no-such-page',
          '/shop/account',
        ],
        colours,
      );
      // The account page again, as a shopper with orders (their status chips) and membership (the admin's token goes).
      await b.page.evaluate(() => localStorage.removeItem('authToken'));
      await b.page.reload();
      await b.page.locator('#login-email').fill('shopper@rwa.dev');
      await b.page.locator('#login-password').fill(DEV_PASSWORD);
      await b.page.locator('#login-password').press('Enter');
      await b.page.getByText('Logged in as shopper@rwa.dev').waitFor();
      await checkAll(b.page, ['/shop/account'], colours);
    }, 120_000);
  });
}
