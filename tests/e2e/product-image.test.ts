import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, openBrowser } from './browser.js';

let b: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let productId: string;
beforeAll(async () => {
  b = await openBrowser();
  page = b.page;
});
afterAll(async () => {
  await b?.close();
});

describe('product image in Chromium', () => {
  it('an admin uploads an image on the product page; the page, the list and the public catalogue show it', async () => {
    await login(page, b.url, 'admin@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    const product = await page.evaluate(async () => {
      const res = await fetch('/api/products?status=active&limit=1&sort=title&order=asc', {
        headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
      });
      return (await res.json()).products[0] as { id: string; title: string };
    });
    productId = product.id;
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a6f97' } })
      .png()
      .toBuffer();
    await page.goto(b.url(`/products/${product.id}/show`));
    await page
      .getByTestId('product-image-input')
      .setInputFiles({ name: 'bond.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.getByText('Image uploaded').isVisible(), { timeout: 15_000 }).toBe(true);
    const shown = page.locator(`main img[alt="${product.title}"]`);
    await expect.poll(() => shown.getAttribute('src')).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    // Its address comes before its pixels: waited for as a person waits for the picture.
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 }).toBe(640);

    await page.goto(b.url('/products?sort=title&order=ASC'));
    const thumb = page.locator('tbody tr').first().locator('img');
    await expect.poll(() => thumb.getAttribute('src')).toMatch(/\.thumb\.webp$/);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);

    const publicView = await page.evaluate(
      async (id) => (await (await fetch(`/api/shop/products/${id}`)).json()).product,
      product.id,
    );
    expect(publicView.imageThumb).toMatch(/\.thumb\.webp$/);

    // The shop's product page shows the full image.
    await page.goto(b.url(`/shop/products/${product.id}`));
    const inShop = page.locator(`img[src^="/uploads/"]`).first();
    await expect.poll(() => inShop.getAttribute('src'), { timeout: 15_000 }).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    await expect.poll(() => inShop.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
  });

  it('a file that is not an image is refused with the server’s sentence', async () => {
    await page.goto(b.url(`/products/${productId}/show`));
    await page
      .getByTestId('product-image-input')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('plain text') });
    await expect
      .poll(() => page.getByText('Image upload failed: The image must be a JPEG, PNG or WebP file.').isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
  });

  it('an admin attaches a document to a tokenised product and replaces it; the history keeps both, the shop links the current one', async () => {
    const product = await page.evaluate(async () => {
      const res = await fetch('/api/products?status=active&limit=100&sort=title&order=asc', {
        headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
      });
      const all = (await res.json()).products as { id: string; title: string; tokenId: string | null }[];
      return all.find((p) => p.tokenId !== null)!;
    });
    const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\ntrailer << >>\n%%EOF\n`);
    await page.goto(b.url(`/products/${product.id}/show`));
    const section = page.getByTestId('product-documents');
    await section
      .getByTestId('product-document-input')
      .setInputFiles({ name: 'appraisal-2025.pdf', mimeType: 'application/pdf', buffer: pdf('2025') });
    await expect.poll(() => section.getByText('appraisal-2025.pdf').isVisible(), { timeout: 15_000 }).toBe(true);
    await section
      .getByTestId('product-document-replace-input')
      .first()
      .setInputFiles({ name: 'appraisal-2026.pdf', mimeType: 'application/pdf', buffer: pdf('2026') });
    await expect.poll(() => section.getByText('appraisal-2026.pdf').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => section.getByText(/^Replaced /).count()).toBe(1);
    await expect.poll(() => section.getByText('Current', { exact: true }).count()).toBe(1);

    await page.goto(b.url(`/shop/products/${product.id}`));
    const inShop = page.getByTestId('product-documents');
    await expect
      .poll(() => inShop.getByRole('link', { name: 'Appraisal: appraisal-2026.pdf' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await inShop.getByText('appraisal-2025.pdf').count()).toBe(0);
  });
});
