import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chipContrasts, login, openBrowser } from './browser.js';

let b: Awaited<ReturnType<typeof openBrowser>> | undefined;
afterEach(async () => {
  await b?.close();
  b = undefined;
});

/** The relative luminance (0 black … 1 white) of the page's background, read from the element the theme paints. */
const backgroundLuminance = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const colour = getComputedStyle(document.querySelector(sel) ?? document.body).backgroundColor;
    const [r, g, bl] = (colour.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0']).map(Number).map((c) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  }, selector);

const isDark = async (page: Page, selector: string) => (await backgroundLuminance(page, selector)) < 0.2;

describe('light and dark themes in Chromium', () => {
  it('the admin follows a dark system until the toggle says otherwise, and remembers the choice', async () => {
    b = await openBrowser({ colorScheme: 'dark' });
    const { page, url } = b;
    await login(page, url, 'admin@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => isDark(page, 'body')).toBe(true);
    await page.getByRole('button', { name: 'Toggle light/dark mode' }).click();
    await expect.poll(() => isDark(page, 'body')).toBe(false);
    await page.reload();
    await page.getByTestId('page-title').waitFor();
    await expect.poll(() => isDark(page, 'body')).toBe(false);
    // The status chips stay readable on the dark page: their text keeps a contrast of at least 3 to 1.
    await page.getByRole('button', { name: 'Toggle light/dark mode' }).click();
    await expect.poll(() => isDark(page, 'body')).toBe(true);
    await page.goto(url('/orders'));
    await page.locator('tbody .MuiChip-filled').first().waitFor();
    const contrasts = await chipContrasts(page);
    expect(contrasts.length).toBeGreaterThan(0);
    expect(Math.min(...contrasts)).toBeGreaterThanOrEqual(3);
  });

  it('the shop starts light on a light system, turns dark on its toggle, and keeps it after a reload', async () => {
    b = await openBrowser({ colorScheme: 'light' });
    const { page, url } = b;
    await page.goto(url('/shop'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => isDark(page, 'body')).toBe(false);
    await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
    await expect.poll(() => isDark(page, 'body')).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: 'Switch to the light theme' }).waitFor();
    await expect.poll(() => isDark(page, 'body')).toBe(true);
    // The hosted payment pages keep the provider's light look.
    await page.goto(url('/pay/sandbox/00000000-0000-4000-8000-000000000000'));
    await page.getByText('This payment does not exist.').waitFor();
    expect(await isDark(page, 'body')).toBe(false);
  });

  it('a system that asks for less motion gets buttons and menus that do not move, in the admin and the shop', async () => {
    // openBrowser's contexts ask for reduced motion (the whole browser run does); the page is switched back to compare.
    b = await openBrowser();
    const { page, url } = b;
    /** The longest transition of the element, in seconds. */
    const longestTransition = (name: string | RegExp) =>
      page
        .getByRole('button', { name })
        .first()
        .evaluate((el) =>
          Math.max(
            ...getComputedStyle(el)
              .transitionDuration.split(',')
              .map((d) => parseFloat(d)),
          ),
        );
    await login(page, url, 'admin@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => longestTransition('Toggle light/dark mode')).toBeLessThan(0.001);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect.poll(() => longestTransition('Toggle light/dark mode')).toBeGreaterThan(0.05);
    await page.goto(url('/shop'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => longestTransition(/Switch to the dark theme/)).toBeGreaterThan(0.05);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(() => longestTransition(/Switch to the dark theme/)).toBeLessThan(0.001);
  });
});
