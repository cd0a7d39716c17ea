import { describe, expect, it } from 'vitest';
import { apiCall, login, browserForFile } from './browser.js';

const b = await browserForFile();
const { page } = b;

const api = (path: string, body?: unknown) => apiCall(page, path, body);

describe('Mark fulfilled in Chromium', () => {
  let orderId: string;
  let stillPaid: string;

  it('an operator marks a paid order of goods fulfilled after confirming', async () => {
    await login(page, b.url, 'operator@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    const sku = `GOODS-${Date.now()}`;
    const { product } = await api('/api/products', {
      title: `Gift box ${sku}`,
      sku,
      priceFiat: 30,
      priceCrypto: '0.01',
      rwaType: 'collectibles',
      status: 'active',
      stock: 5,
    });
    const { order } = await api('/api/orders/mock', { userEmail: 'shopper@rwa.dev', productId: product.id, qty: 1 });
    orderId = order.id;
    stillPaid = (await api('/api/orders/mock', { userEmail: 'shopper@rwa.dev', productId: product.id, qty: 1 })).order
      .id;
    await page.goto(b.url(`/orders/${orderId}/show`));
    await page.getByRole('button', { name: 'Mark fulfilled' }).click();
    await expect.poll(() => page.getByText('Mark this order fulfilled?').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByText('Order marked fulfilled').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await api(`/api/orders/${orderId}`)).order.status).toBe('fulfilled');
    await expect.poll(() => page.getByRole('button', { name: 'Mark fulfilled' }).count()).toBe(0);
  });

  it('finance sees no such button, even on a paid order of goods', async () => {
    await page.evaluate(() => localStorage.clear());
    await login(page, b.url, 'finance@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    const { order } = await api(`/api/orders/${orderId}`);
    expect(order.status).toBe('fulfilled');
    expect((await api(`/api/orders/${stillPaid}`)).order.status).toBe('paid');
    await page.goto(b.url(`/orders/${stillPaid}/show`));
    await expect.poll(() => page.getByText('Summary').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Mark fulfilled' }).count()).toBe(0);
  });
});
