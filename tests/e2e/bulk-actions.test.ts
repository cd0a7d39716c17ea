import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiCall, browserForFile, login } from './browser.js';

const b = await browserForFile();
const { page } = b;

const tag = `BULK${Date.now().toString(36).toUpperCase()}`;

/** Three new products named `<tag> <batch> <n>`, answered by title. */
async function threeProducts(batch: string) {
  const made: { id: string; title: string }[] = [];
  for (const n of [1, 2, 3]) {
    const sku = `${tag}-${batch}-${n}`;
    const { product } = await apiCall(page, '/api/products', { title: `${tag} ${batch} ${n}`, sku, priceFiat: 10, priceCrypto: '0.01', rwaType: 'art', status: 'active', stock: 5 });
    made.push(product);
  }
  return made;
}

const rows = () => page.locator('tbody tr');
const bulkToolbar = () => page.locator('[data-test="bulk-actions-toolbar"]');
/** The products list searched for one batch: its three rows, then each selected by its checkbox. */
async function selectBatch(batch: string) {
  await page.getByPlaceholder('Search products').fill(`${tag} ${batch}`);
  await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(3);
  for (const n of [1, 2, 3]) await rows().filter({ hasText: `${tag} ${batch} ${n}` }).getByRole('checkbox').check();
  await expect.poll(() => page.getByText('3 items selected').isVisible()).toBe(true);
}

describe('Bulk actions in Chromium', () => {
  it('an admin selects three products, sets them inactive after a confirmation naming the count, and sees each row changed', async () => {
    await login(page, b.url, 'admin@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    await threeProducts('status');
    await page.getByRole('menuitem', { name: 'Products' }).click();
    await page.waitForURL(/\/products/);
    await selectBatch('status');
    await bulkToolbar().getByRole('button', { name: 'Set inactive' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Set 3 products to Inactive?').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByText('Done: 3. Refused: 0.').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await rows().allInnerTexts()).filter((text) => text.includes('Inactive')).length, { timeout: 15_000 }).toBe(3);
    // The selection is cleared.
    await expect.poll(() => page.locator('tbody input[type=checkbox]:checked').count()).toBe(0);
  });

  it('deleting three products of which one was ordered: two go, the third is named with the reason and stays', async () => {
    const [sold] = await threeProducts('delete');
    const { order } = await apiCall(page, '/api/orders', { userEmail: 'shopper@rwa.dev', productId: sold!.id, qty: 1 });
    expect(order.id).toBeTruthy();
    await page.goto(b.url('/products'));
    await selectBatch('delete');
    await bulkToolbar().getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Delete 3 products?').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByText('Done: 2. Refused: 1.').isVisible(), { timeout: 15_000 }).toBe(true);
    const refusals = page.getByTestId('bulk-refusals');
    await expect.poll(() => refusals.isVisible()).toBe(true);
    expect((await refusals.locator('li').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
      `${sold!.title} "${sold!.title}" is part of existing orders and cannot be deleted. Set its status to inactive instead.`,
    ]);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(1);
    expect(await rows().first().innerText()).toContain(sold!.title);
    await expect.poll(() => page.locator('tbody input[type=checkbox]:checked').count()).toBe(0);
  });

  it('exports only the orders selected on the Orders list', async () => {
    await page.goto(b.url('/orders'));
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBeGreaterThan(2);
    for (const n of [0, 1]) await rows().nth(n).getByRole('checkbox').check();
    const ids = await Promise.all([0, 1].map(async (n) => (await rows().nth(n).locator('[title]').first().getAttribute('title'))!));
    const [download] = await Promise.all([page.waitForEvent('download'), bulkToolbar().getByRole('button', { name: 'Export selected' }).click()]);
    const lines = fs.readFileSync((await download.path())!, 'utf8').trim().split('\r\n');
    expect(lines.slice(1).map((l) => l.split(',')[0]).sort()).toEqual([...ids].sort());
  });
});
