import { describe, expect, it } from 'vitest';
import { login, browserForFile } from './browser.js';

const b = await browserForFile();
const { page } = b;

const apiAs = (path: string) =>
  page.evaluate(async (p) => {
    const res = await fetch(p, { headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` } });
    return res.json();
  }, path);

describe('admin in Chromium', () => {
  it('a wrong password shows the server’s message and stays on /login', async () => {
    await login(page, b.url, 'admin@rwa.dev', 'not-the-password');
    await expect.poll(() => page.getByText('Invalid email or password.').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('logging in lands on the dashboard with the seeded figures', async () => {
    await login(page, b.url, 'admin@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    const { stats } = await apiAs('/api/dashboard/stats');
    expect(stats.totalOrders).toBeGreaterThanOrEqual(300);
    const figure = (label: string, n: number) => new RegExp(`${label}\\s+${n.toLocaleString('en-US')}\\b`);
    await expect
      .poll(() => page.locator('main').innerText(), { timeout: 15_000 })
      .toMatch(figure('Total Orders', stats.totalOrders));
    const text = await page.locator('main').innerText();
    expect(text).toMatch(figure('Total Products', stats.totalProducts));
    expect(text).toMatch(figure('Total Users', stats.totalUsers));
  });

  it('an alert links to the list of what it is about', async () => {
    const { alerts } = await apiAs('/api/dashboard/stats');
    expect(alerts).toContainEqual(expect.objectContaining({ code: 'stale_pending_orders' })); // the seed has old pending orders
    await page.goto(b.url('/dashboard'));
    await page
      .locator('.MuiAlert-root', { hasText: 'pending for more than a day' })
      .getByRole('link', { name: 'View' })
      .click();
    await page.waitForURL(/\/orders\?/);
    expect(JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}')).toEqual({ status: 'pending' });
    await expect.poll(() => page.locator('tbody tr').first().innerText()).toMatch(/Pending/);
  });

  const sku = `E2E-${Date.now()}`;
  const title = `E2E Silver Bar ${sku}`;

  it('creates a product that is still in the list after a reload', async () => {
    await page.goto(b.url('/products/create'));
    await page.getByLabel('Name *').fill(title);
    await page.getByLabel('SKU *').fill(sku);
    await page.getByLabel('Fiat price *').fill('25.50');
    await page.getByLabel('Crypto price *').fill('0.01');
    await page.getByLabel('Stock').fill('5');
    await page.getByLabel('Type *').click();
    await page.getByRole('option', { name: 'Commodity', exact: true }).click();
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => !u.pathname.endsWith('/create'));
    await page.goto(b.url('/products'));
    await page.reload();
    await page.getByPlaceholder(/search/i).fill(sku);
    await expect.poll(() => page.getByText(sku, { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
  });

  it('creates an order for it and the stock drops', async () => {
    await page.goto(b.url('/orders'));
    await page
      .getByRole('button', { name: /create order/i })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/customer email/i).fill('shopper@rwa.dev');
    await dialog.getByLabel(/product/i).fill(sku);
    await page.getByRole('option', { name: new RegExp(sku) }).click();
    await dialog.getByLabel(/quantity/i).fill('2');
    await dialog.getByRole('button', { name: /^create order$/i }).click();
    await expect.poll(() => page.getByText('Order created successfully!').isVisible(), { timeout: 15_000 }).toBe(true);
    const { products } = await apiAs(`/api/products?q=${sku}`);
    expect(products[0].stock).toBe(3);
    await page.goto(b.url(`/products/${products[0].id}/show`));
    await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toMatch(/Stock\s*3\b/);
  });

  it('deleting asks for confirmation; a product that orders use is kept with the server’s sentence', async () => {
    const { products } = await apiAs(`/api/products?q=${sku}`);
    await page.goto(b.url(`/products/${products[0].id}/show`));
    await page.getByRole('button', { name: /^delete$/i }).click();
    await expect.poll(() => page.getByText('Are you sure you want to delete this product?').isVisible()).toBe(true);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /confirm/i })
      .click();
    await expect
      .poll(() => page.getByText(/cannot be deleted\. Set its status to inactive instead\./).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect((await apiAs(`/api/products/${products[0].id}`)).product.id).toBe(products[0].id);
  });

  it('logout returns to /login, and /dashboard then redirects to /login', async () => {
    await page.goto(b.url('/dashboard'));
    await page.getByRole('button', { name: /profile/i }).click();
    await page.getByRole('menuitem', { name: /logout/i }).click();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await page.goto(b.url('/dashboard'));
    await page.waitForURL(/\/login$/);
  });

  it('a finance user sees products but no edit, create or delete buttons', async () => {
    await login(page, b.url, 'finance@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(b.url('/products'));
    await expect.poll(() => page.getByText(sku, { exact: true }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: /^edit$/i }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^delete$/i }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^create$/i }).count()).toBe(0);
    await page.goto(b.url('/settings'));
    await expect.poll(() => page.getByText('You are not allowed to see this page.').isVisible()).toBe(true);
  });

  it('the language toggle switches the screens to Chinese', async () => {
    await page.goto(b.url('/orders'));
    await page.getByRole('button', { name: '中文' }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: '商品' }).isVisible()).toBe(true);
    expect(await page.locator('main').innerText()).toContain('订单');
    await page.getByRole('button', { name: 'EN' }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Products' }).isVisible()).toBe(true);
  });
});
