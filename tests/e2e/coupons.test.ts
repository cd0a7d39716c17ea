import { describe, expect, it } from 'vitest';
import { apiCall, login, browserForFile } from './browser.js';

const b = await browserForFile();
const { page } = b;

const api = (path: string, body?: unknown) => apiCall(page, path, body);

const row = (code: string) => page.locator('tbody tr', { hasText: code });
/** Code, Value, Type, Status, Used, Limit, Expires (after the selection checkbox). */
const cells = async (code: string) =>
  (await row(code).locator('td:not(.MuiTableCell-paddingCheckbox)').allInnerTexts()).slice(0, 7);

async function search(code: string) {
  await page.goto(b.url(`/coupons?filter=${encodeURIComponent(JSON.stringify({ q: code }))}`));
  await expect.poll(() => page.getByPlaceholder('Search code or description').inputValue()).toBe(code);
  await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
  await expect.poll(() => row(code).count()).toBe(1);
}

const tag = Date.now().toString(36).toUpperCase();

const codeField = () => page.getByRole('textbox', { name: /^Code/ });

describe('Coupons in Chromium', () => {
  const code = `E2E-${tag}`;

  it('an admin creates a coupon and finds it in the list with its use, limit and expiry', async () => {
    await login(page, b.url, 'admin@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(b.url('/coupons'));
    await page.getByRole('link', { name: 'Add Coupon' }).click();
    await page.waitForURL(/\/coupons\/create$/);
    // A textbox: until the form replaces the list, a plain label match can find the list's "Sort by code" header.
    await codeField().fill(code);
    await page.getByRole('combobox', { name: 'Discount type' }).click();
    await page.getByRole('option', { name: 'Fixed Amount' }).click();
    await page.getByLabel('Discount value').fill('25');
    await page.getByLabel('Usage limit').fill('50');
    await page.getByLabel('End date').fill('2099-12-31');
    await page.getByLabel('Description').fill('Browser test coupon');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/coupons\/[0-9a-f-]{36}\/show$/);
    await search(code);
    expect((await cells(code)).map((t) => t.trim())).toEqual([
      code,
      '$25.00',
      'Fixed Amount',
      'Active',
      '0',
      '50',
      'Dec 31, 2099',
    ]);
  });

  it('edits it: the list shows the new value and limit', async () => {
    await search(code);
    await row(code).getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/coupons\/[0-9a-f-]{36}$/); // react-admin's edit route
    // The form is filled in once the record has loaded; typing before that would be overwritten.
    await expect.poll(() => page.getByLabel('Usage limit').inputValue(), { timeout: 15_000 }).toBe('50');
    await page.getByLabel('Usage limit').fill('');
    await page.getByRole('combobox', { name: 'Discount type' }).click();
    await page.getByRole('option', { name: 'Percentage' }).click();
    await page.getByLabel('Discount value').fill('12.5');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/show$/);
    await search(code);
    expect((await cells(code)).slice(1, 7).map((t) => t.trim())).toEqual([
      '12.5%',
      'Percentage',
      'Active',
      '0',
      'Unlimited',
      'Dec 31, 2099',
    ]);
  });

  it('refuses a taken code under the field, with the server’s sentence', async () => {
    await page.goto(b.url('/coupons/create'));
    await codeField().fill(code.toLowerCase());
    await page.getByLabel('Discount value').fill('5');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('This code is already used by another coupon.').isVisible()).toBe(true);
    expect(page.url()).toMatch(/\/coupons\/create$/);
  });

  it('deletes it after the confirmation', async () => {
    await search(code);
    await row(code).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('Are you sure you want to delete this coupon?').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByText('No coupons found').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await api(`/api/coupons?q=${code}`)).toMatchObject({ total: 0 });
  });

  it('keeps a used coupon, showing why', async () => {
    const used = `USED-${tag}`;
    await api('/api/coupons', { code: used, discountType: 'percentage', discountValue: 10 });
    const sku = `GOODS-${tag}`;
    const { product } = await api('/api/products', {
      title: `Gift box ${sku}`,
      sku,
      priceFiat: 30,
      priceCrypto: '0.01',
      rwaType: 'collectibles',
      status: 'active',
      stock: 5,
    });
    const { order } = await api('/api/orders/mock', {
      userEmail: 'shopper@rwa.dev',
      productId: product.id,
      qty: 1,
      couponCode: used,
    });
    expect(order.status).toBe('paid');
    await search(used);
    expect((await cells(used))[4]?.trim()).toBe('1');
    await row(used).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(
        () =>
          page.getByText(`Coupon "${used}" has been used 1 time and cannot be deleted.`, { exact: false }).isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(await row(used).count()).toBe(1);
  });

  it('finance sees the list and a coupon, without Add, Edit or Delete', async () => {
    await page.evaluate(() => localStorage.clear());
    await login(page, b.url, 'finance@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    await search(`USED-${tag}`);
    expect(await page.getByRole('link', { name: 'Add Coupon' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await row(`USED-${tag}`).getByRole('link', { name: 'Show' }).click();
    await expect.poll(() => page.getByText('Per-customer limit').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
  });
});
