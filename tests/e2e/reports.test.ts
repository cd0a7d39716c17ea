import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, login, openBrowser, downloadedText } from './browser.js';

const WAIT = { timeout: 20_000 };
let b: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
beforeAll(async () => {
  b = await openBrowser();
  page = b.page;
  await login(page, b.url, 'finance@rwa.dev');
  await page.waitForURL(/\/dashboard$/);
});
afterAll(async () => {
  await b?.close();
});

describe('Reports in Chromium', () => {
  it('finance sees the year’s figures as the server computes them, both charts and the monthly breakdown', async () => {
    await page.goto(b.url('/reports?range=1y'));
    const { data } = await apiCall(page, '/api/reports/dashboard?dateRange=1y');
    const revenueCard = page.locator('.MuiCard-root', { hasText: 'Total Revenue' });
    await expect
      .poll(() => revenueCard.innerText(), WAIT)
      .toContain(
        new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(data.totals.revenue.value),
      );
    await expect.poll(() => page.locator('.recharts-wrapper').count(), WAIT).toBe(2);
    expect(await page.locator('.recharts-line').count()).toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: 'Monthly Breakdown' }).isVisible(), WAIT).toBe(true);
    const months = data.series.filter(
      (p: { revenue: number; orders: number; users: number }) => p.revenue || p.orders || p.users,
    ).length;
    expect(await page.locator('tbody tr').count()).toBe(months);
  });

  it('switching to the last 7 days and the Revenue type shows the days and the financial figures', async () => {
    await page.getByLabel('Date Range').click();
    await page.getByRole('option', { name: 'Last 7 days' }).click();
    await page.getByLabel('Report Type').click();
    await page.getByRole('option', { name: 'Revenue' }).click();
    await expect.poll(() => page.url()).toMatch(/range=7d/);
    const details = page.getByTestId('report-details');
    await expect.poll(() => details.getByText('Revenue details').isVisible(), WAIT).toBe(true);
    for (const label of ['Gross payments', 'Refunds', 'Net revenue', 'Commissions', 'Payouts']) {
      expect(await details.getByText(label, { exact: true }).first().isVisible()).toBe(true);
    }
  });

  it('Export Report downloads the chosen report as CSV', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Report' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^report-financial-7d-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await downloadedText(download))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Day,Gross,Refunds,Net,Commissions,Payouts');
    expect(lines).toHaveLength(8);
  });

  it('a custom range shows its days, and its revenue is the payments list’s net for the same days', async () => {
    await page.getByLabel('Date Range').click();
    await page.getByRole('option', { name: 'Custom range' }).click();
    // The custom range starts as the period shown: its days fill in before one is changed.
    const from = page.getByLabel('From', { exact: true });
    await expect.poll(() => page.url(), WAIT).toContain('range=custom');
    await expect.poll(() => from.inputValue(), WAIT).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await from.fill('2026-01-01');
    await expect.poll(() => page.url(), WAIT).toContain('from=2026-01-01');
    await page.getByLabel('To', { exact: true }).fill('2026-03-31');
    await expect.poll(() => page.url(), WAIT).toContain('to=2026-03-31');
    expect(page.url()).toContain('range=custom');
    const period = page.getByTestId('report-period').filter({ hasText: /Jan 1, 2026 – Mar 31, 2026/ });
    await expect.poll(() => period.isVisible(), WAIT).toBe(true);
    const { data } = await apiCall(page, '/api/reports/dashboard?dateRange=custom&from=2026-01-01&to=2026-03-31');
    const usd = (v: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(v);
    const revenueCard = page.locator('.MuiCard-root', { hasText: 'Total Revenue' });
    await expect.poll(() => revenueCard.innerText(), WAIT).toContain(usd(data.totals.revenue.value));
    expect(await revenueCard.innerText()).toContain(
      `Gross ${usd(data.totals.gross.value)} − refunds ${usd(data.totals.refunds.value)}`,
    );
    // The same days on the payments list, reached from the menu.
    await page.getByRole('menuitem', { name: 'Payments' }).click();
    await page.waitForURL(/\/payments/);
    const net = page.locator('.MuiCard-root', { hasText: 'Net revenue' });
    await expect.poll(() => net.innerText(), WAIT).toMatch(/\$/);
    await page.getByLabel('From', { exact: true }).fill('2026-01-01');
    await page.getByLabel('From', { exact: true }).press('Tab');
    await expect.poll(() => decodeURIComponent(page.url())).toMatch(/"from":"2026-01-01"/);
    await page.getByLabel('To', { exact: true }).fill('2026-03-31');
    await page.getByLabel('To', { exact: true }).press('Tab');
    await expect.poll(() => decodeURIComponent(page.url())).toMatch(/"to":"2026-03-31"/);
    await expect.poll(() => net.innerText(), WAIT).toContain(usd(data.totals.revenue.value));
  });

  it('a shopper may not open the page', async () => {
    await page.evaluate(() => localStorage.clear());
    await login(page, b.url, 'shopper@rwa.dev');
    await page.waitForURL(/referral-dashboard/);
    await page.goto(b.url('/reports'));
    await expect.poll(() => page.getByText('You are not allowed to see this page.').isVisible(), WAIT).toBe(true);
  });
});
