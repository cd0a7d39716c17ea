/**
 * The System page in Chromium: an admin opens it from the menu (at 1440 and 390 px) and reads each background loop and
 * each queue with its status, the page fitting the screen; finance has no System entry in the menu.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOP_NAMES, QUEUE_NAMES } from '../../src/common/system.schemas.js';
import { login, openBrowser } from './browser.js';

const WAIT = { timeout: 15_000 };
let b: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b?.close();
});

const STATUSES = /^(OK|Stale|Failing|Off)$/;

/** Every loop and queue has its row with a status chip, the process's facts show, and nothing spills sideways. */
async function expectSystemScreen(page: Page) {
  await expect.poll(() => page.getByRole('heading', { name: 'System', level: 1 }).isVisible(), WAIT).toBe(true);
  await expect.poll(() => page.getByText('Node.js', { exact: true }).isVisible(), WAIT).toBe(true);
  for (const name of LOOP_NAMES) {
    const chip = page.getByTestId(`loop-${name}`).locator('.MuiChip-root');
    await expect.poll(() => chip.textContent(), WAIT).toMatch(STATUSES);
  }
  for (const name of QUEUE_NAMES) {
    await expect.poll(() => page.getByTestId(`queue-${name}-pending`).textContent(), WAIT).toMatch(/^\d+$/);
  }
  await expect.poll(() => page.getByTestId('loop-mint_worker').getByText('Mint worker').isVisible(), WAIT).toBe(true);
  const payouts = page.getByTestId('queue-payouts_awaiting_approval');
  await expect.poll(() => payouts.getByText('Payouts awaiting approval').isVisible(), WAIT).toBe(true);
  await expect
    .poll(() => page.getByTestId('dependency-database').locator('.MuiChip-root').textContent(), WAIT)
    .toBe('OK');
  const spill = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(spill).toBeLessThanOrEqual(0);
}

describe('The System page in Chromium', () => {
  it('an admin opens it from the menu at 1440 px and at 390 px and reads the loops and queues', async () => {
    const page = b.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, b.url, 'admin@rwa.dev');
    await page.waitForURL(/\/dashboard$/, WAIT);
    await page.getByRole('menuitem', { name: 'System' }).click();
    await page.waitForURL(/\/system$/, WAIT);
    await expectSystemScreen(page);
    await page.screenshot({ path: 'test-results/system.png', fullPage: true }).catch(() => {});

    const phone = await b.context.newPage();
    try {
      await phone.setViewportSize({ width: 390, height: 844 });
      await phone.goto(b.url('/'));
      await phone.getByRole('button', { name: 'Open menu' }).click();
      await phone.locator('a.RaMenuItemLink-root', { hasText: /^System$/ }).click();
      await phone.waitForURL(/\/system$/, WAIT);
      await expectSystemScreen(phone);
      await phone.screenshot({ path: 'test-results/system-phone.png', fullPage: true }).catch(() => {});
    } finally {
      await phone.close();
    }
  });

  it('finance has no System entry in the menu', async () => {
    const finance = await openBrowser();
    try {
      await finance.page.setViewportSize({ width: 1440, height: 900 });
      await login(finance.page, finance.url, 'finance@rwa.dev');
      await finance.page.waitForURL(/\/dashboard$/, WAIT);
      await expect.poll(() => finance.page.getByRole('menuitem', { name: 'Reports' }).isVisible(), WAIT).toBe(true);
      expect(await finance.page.getByRole('menuitem', { name: 'System' }).count()).toBe(0);
    } finally {
      await finance.close();
    }
  });
});
