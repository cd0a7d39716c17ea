/**
 * The Export button of the admin's lists in Chromium: with a filter set on the screen, the file it saves holds the
 * rows of the list under that filter, in its order; a role that may not read a list sees no button for it.
 */
import { parse } from 'csv-parse/sync';
import type { Download } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, browserForFile, login, screenshot, downloadedText } from './browser.js';

const WAIT = { timeout: 20_000 };
const b = await browserForFile();
const { page } = b;
beforeAll(async () => {
  await login(page, b.url, 'admin@rwa.dev');
  await page.waitForURL(/\/dashboard$/);
});
const shot = (name: string) => screenshot(page, name);

const exportButton = () => page.getByRole('button', { name: 'Export', exact: true });

/** Presses Export and reads the saved CSV: its file name, header and records. */
async function exportCsv(): Promise<{ name: string; header: string[]; rows: string[][] }> {
  const [download] = (await Promise.all([page.waitForEvent('download', WAIT), exportButton().click()])) as [
    Download,
    unknown,
  ];
  const records = parse(await downloadedText(download), { bom: true }) as string[][];
  return { name: download.suggestedFilename(), header: records[0]!, rows: records.slice(1) };
}

/** Every row of a JSON list for a query, page after page. */
async function jsonIds(path: string, field: string, query: string): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += 200) {
    const body = await apiCall(page, `${path}?${query}&limit=200&offset=${offset}`);
    const rows = body[field] as { id: string | number }[];
    ids.push(...rows.map((r) => String(r.id)));
    if (rows.length < 200) return ids;
  }
}

describe('Export in Chromium', () => {
  it('Orders filtered to fulfilled and sorted by amount: the file is that list, every page of it', async () => {
    await page.goto(b.url(`/orders?filter=${encodeURIComponent('{"status":"fulfilled"}')}&sort=amountFiat&order=ASC`));
    await expect.poll(() => page.locator('tbody tr').count(), WAIT).toBeGreaterThan(0);
    await shot('export-orders-en');
    const csv = await exportCsv();
    expect(csv.name).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.header.slice(0, 3)).toEqual(['id', 'status', 'customerEmail']);
    expect(new Set(csv.rows.map((r) => r[1]))).toEqual(new Set(['fulfilled']));
    expect(csv.rows.map((r) => r[0])).toEqual(
      await jsonIds('/api/orders', 'orders', 'status=fulfilled&sort=amountFiat&order=asc'),
    );
    // More rows than the screen's page: the export is not the page shown.
    expect(csv.rows.length).toBeGreaterThan(await page.locator('tbody tr').count());
  });

  it('Users searched on the screen: the file holds the matching users', async () => {
    await page.goto(b.url('/users'));
    await expect.poll(() => page.locator('tbody tr').count(), WAIT).toBeGreaterThan(1);
    await page.getByPlaceholder('Search name or email').fill('rwa.dev');
    await expect.poll(() => page.url(), WAIT).toContain('rwa.dev');
    const matching = await jsonIds('/api/users', 'users', 'q=rwa.dev');
    await expect.poll(() => page.locator('tbody tr').count(), WAIT).toBe(Math.min(50, matching.length));
    const csv = await exportCsv();
    expect(csv.name).toMatch(/^users-/);
    expect(csv.rows.length).toBeGreaterThan(0);
    expect(csv.rows.every((r) => r[csv.header.indexOf('email')]!.includes('rwa.dev'))).toBe(true);
    expect(csv.rows.map((r) => r[0])).toEqual(
      await jsonIds('/api/users', 'users', 'q=rwa.dev&sort=createdAt&order=desc'),
    );
  });

  it('Notifications of all users, filtered by recipient: the file holds that recipient’s', async () => {
    const users = await apiCall(page, '/api/users?q=shopper%40rwa.dev');
    const shopper = users.users[0] as { id: string };
    for (const title of ['Export one', 'Export, "two"']) {
      expect(
        (
          await apiCall(page, '/api/notifications/send', {
            userId: shopper.id,
            title,
            body: 'A line.',
            channels: ['in_app'],
          })
        ).ok,
      ).toBe(true);
    }
    await page.goto(b.url('/notifications'));
    await page.getByRole('tab', { name: 'All users' }).click();
    await page.getByPlaceholder('Recipient email').fill('shopper@rwa.dev');
    await expect.poll(() => page.locator('tbody tr', { hasText: 'Export, "two"' }).count(), WAIT).toBe(1);
    // The filter has reached the list (other users' notifications are gone) before Export reads it.
    await expect
      .poll(
        async () => (await page.locator('tbody tr').allInnerTexts()).every((row) => row.includes('shopper@rwa.dev')),
        WAIT,
      )
      .toBe(true);
    const csv = await exportCsv();
    expect(csv.name).toMatch(/^notifications-/);
    expect(new Set(csv.rows.map((r) => r[csv.header.indexOf('userEmail')]))).toEqual(new Set(['shopper@rwa.dev']));
    expect(csv.rows.map((r) => r[csv.header.indexOf('title')])).toEqual(
      expect.arrayContaining(['Export one', 'Export, "two"']),
    );
    expect(csv.rows.map((r) => r[0])).toEqual(
      await jsonIds('/api/notifications', 'notifications', 'scope=all&q=shopper%40rwa.dev'),
    );
  });

  it('while the file downloads the rows so far and a cancel show; cancelled, the button is back and nothing is saved', async () => {
    await page.goto(b.url('/coupons'));
    await expect.poll(() => exportButton().isVisible(), WAIT).toBe(true);
    // The server's answer held back: the download stays under way until it is cancelled.
    await page.route('**/api/coupons/export.csv*', () => {});
    const downloads: Download[] = [];
    page.on('download', (d) => downloads.push(d));
    await exportButton().click();
    const status = page.getByRole('status').filter({ hasText: 'Exporting' });
    await expect.poll(() => status.innerText(), WAIT).toContain('Exporting… 0 rows, 0 MB');
    await shot('export-progress-en');
    await page.getByRole('button', { name: 'Cancel export' }).click();
    await expect.poll(() => exportButton().isVisible(), WAIT).toBe(true);
    expect(downloads).toHaveLength(0);
    await page.unroute('**/api/coupons/export.csv*');
  });

  it('a failed export says so with the server’s sentence, in English and in Chinese', async () => {
    await page.route('**/api/coupons/export.csv*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, error: 'The database is busy.' }),
      }),
    );
    await exportButton().click();
    await expect.poll(() => page.getByText('Export failed: The database is busy.').isVisible(), WAIT).toBe(true);
    await page.getByRole('button', { name: '中文' }).click();
    await expect.poll(() => page.getByRole('button', { name: '导出', exact: true }).isVisible(), WAIT).toBe(true);
    await page.getByRole('button', { name: '导出', exact: true }).click();
    await expect.poll(() => page.getByText('导出失败：The database is busy.').isVisible(), WAIT).toBe(true);
    await shot('export-failed-zh');
    await page.getByRole('button', { name: 'EN' }).click();
    await page.unroute('**/api/coupons/export.csv*');
  });

  it('finance has Export on the users list, and no KYC queue to export', async () => {
    await page.evaluate(() => localStorage.clear());
    await login(page, b.url, 'finance@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(b.url('/users'));
    await expect.poll(() => page.locator('tbody tr').count(), WAIT).toBeGreaterThan(0);
    expect(await exportButton().isVisible()).toBe(true);
    await page.goto(b.url('/kyc'));
    await expect.poll(() => page.getByText('You are not allowed to see this page.').isVisible(), WAIT).toBe(true);
    expect(await exportButton().count()).toBe(0);
  });

  it('an operator’s Settings has no outbox or audit to export', async () => {
    await page.evaluate(() => localStorage.clear());
    await login(page, b.url, 'operator@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(b.url('/notifications'));
    await page.getByRole('tab', { name: 'All users' }).click();
    await expect.poll(() => exportButton().isVisible(), WAIT).toBe(true);
    await page.goto(b.url('/settings'));
    await expect.poll(() => page.getByText('You are not allowed to see this page.').isVisible(), WAIT).toBe(true);
    expect(await exportButton().count()).toBe(0);
  });
});
