/** The Coupons list as the live-screen tests watch it (live.test.ts, live-processes.test.ts). */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

type Marked = { liveMark?: number };

/**
 * From the dashboard, opens Coupons from the menu and searches for `tag`, which finds none yet; then leaves a mark in
 * the page's memory, which a reload would lose (`sameDocument`).
 */
export async function openCouponSearch(page: Page, tag: string) {
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('menuitem', { name: 'Coupons' }).click();
  await page.waitForURL(/\/coupons/);
  await page.getByPlaceholder('Search code or description').fill(tag);
  await expect
    .poll(() =>
      page
        .getByText('No results found')
        .or(page.getByText(/no coupons/i))
        .count(),
    )
    .toBe(1);
  await page.evaluate(() => ((window as unknown as Marked).liveMark = 1));
}

/** Whether the page is still the document openCouponSearch marked (it was not reloaded). */
export const sameDocument = async (page: Page) =>
  (await page.evaluate(() => (window as unknown as Marked).liveMark)) === 1;

/** The list's row of a coupon. */
export const couponRow = (page: Page, code: string) => page.locator('tbody tr', { hasText: code });
