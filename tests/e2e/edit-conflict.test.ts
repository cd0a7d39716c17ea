/**
 * An edit form that someone else changed meanwhile warns instead of overwriting (issue 41), in Chromium: a product's
 * edit form opened from the list, a field typed, the same product changed through the API by another session. The
 * live stream reloads the record: the form keeps what was typed and warns; Save is refused by the server (the form
 * names the version it opened, If-Match) so the other change stays; "Reload latest" shows it, and a save after that
 * goes through. Waits are web-first (the page holds a stream open, so the network never goes quiet).
 */
import { describe, expect, it } from 'vitest';
import { browserForFile, DEV_PASSWORD, login, serverUrl } from './browser.js';

const b = await browserForFile();
const { page } = b;
const WAIT = { timeout: 15_000 };
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const CHANGED = 'Someone else changed this record after you opened it.';
const REFUSED = 'Someone else changed this record after you opened it: reload it';

type Product = { id: string; title: string; stock: number; updatedAt: string };

/** Another session's call (not the page's): its change reaches the page only through the stream. */
let token: string | null = null;
async function api(method: string, path: string, body?: unknown): Promise<{ product: Product }> {
  token ??= await fetch(serverUrl('/api/admin/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@rwa.dev', password: DEV_PASSWORD }),
  }).then(async (r) => ((await r.json()) as { token: string }).token);
  const res = await fetch(serverUrl(path), {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as { product: Product };
}

const main = () => page.locator('main');
const rows = () => main().locator('tbody tr');

describe('An edit form changed by someone else meanwhile, in Chromium', () => {
  it('warns, keeps what was typed, does not overwrite on Save, and reloads the latest on request', async () => {
    const sku = `CONFLICT-${stamp}`;
    const title = `Contested vase ${stamp}`;
    const { product } = await api('POST', '/api/products', {
      title,
      sku,
      priceFiat: 12,
      priceCrypto: '0.01',
      rwaType: 'art',
      status: 'draft',
      stock: 3,
    });

    await login(page, b.url, 'admin@rwa.dev');
    await page.waitForURL(/\/dashboard$/, WAIT);
    await page.getByRole('menuitem', { name: 'Products' }).click();
    await page.waitForURL(/\/products(\?.*)?$/, WAIT);
    await page.getByPlaceholder('Search products').fill(sku);
    // The list may still show the last search's rows until this one is answered.
    await expect.poll(() => rows().allInnerTexts(), WAIT).toEqual([expect.stringContaining(title)]);
    await rows().first().click();
    await page.waitForURL(/\/products\/[^/]+\/show$/, WAIT);
    await main().getByRole('link', { name: 'Edit' }).first().click();
    await page.waitForURL(/\/products\/[^/]+$/, WAIT);
    const name = page.getByLabel('Name');
    const stock = page.getByLabel('Stock');
    await expect.poll(() => name.inputValue(), WAIT).toBe(title);
    await expect.poll(() => stock.inputValue(), WAIT).toBe('3');
    await name.fill(`Typed vase ${stamp}`);

    // Another session changes the product: the form keeps what was typed, and warns.
    const theirs = (await api('PUT', `/api/products/${product.id}`, { stock: 42 })).product;
    await expect.poll(() => page.getByRole('alert').filter({ hasText: CHANGED }).isVisible(), WAIT).toBe(true);
    expect(await name.inputValue()).toBe(`Typed vase ${stamp}`);
    expect(await stock.inputValue()).toBe('3');

    // Save does not overwrite their change: the server refuses the version the form opened, with its sentence.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText(REFUSED).first().isVisible(), WAIT).toBe(true);
    expect(page.url()).toMatch(/\/products\/[^/]+$/);
    expect(await name.inputValue()).toBe(`Typed vase ${stamp}`);
    expect((await api('GET', `/api/products/${product.id}`)).product).toMatchObject({
      title,
      stock: 42,
      updatedAt: theirs.updatedAt,
    });

    // Reload latest: their values, no warning; a save from there goes through.
    await page.getByRole('button', { name: 'Reload latest' }).click();
    await expect.poll(() => stock.inputValue(), WAIT).toBe('42');
    expect(await name.inputValue()).toBe(title);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: CHANGED }).count(), WAIT).toBe(0);
    await name.fill(`Agreed vase ${stamp}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/products\/[^/]+\/show$/, WAIT);
    await expect
      .poll(async () => (await api('GET', `/api/products/${product.id}`)).product, WAIT)
      .toMatchObject({ title: `Agreed vase ${stamp}`, stock: 42 });
  });
});
