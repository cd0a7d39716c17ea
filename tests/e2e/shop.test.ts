import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../src/common/products';
import type { Request, Response } from 'playwright-core';
import { confirmLinkFor, DEV_PASSWORD, browserForFile, screenSettled, screenshot } from './browser.js';

const b = await browserForFile();
const { page } = b;

const WALLET = '0x1234567890abcdef1234567890abcdef12345678';
/** react-admin's own message keys, found in every chunk of its code. */
const REACT_ADMIN = /\bra\.(action|auth|notification|page)\./;

async function json<T>(path: string, init: { token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(b.url(path), {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await res.json()) as T;
}

/**
 * The on-sale token with the most stock that any wallet may hold: the whole browser run buys from it. A new shopper's
 * wallet is no verified holder, so a token that requires one (the demo's bonds and real estate) would wait to be minted.
 */
async function tokenProduct(): Promise<Product> {
  const { products } = await json<{ products: Product[] }>('/api/shop/products?limit=100');
  return products.filter((p) => p.tokenId !== null && !p.requiresVerifiedHolders).sort((x, y) => y.stock - x.stock)[0]!;
}

async function addToCart(product: Product) {
  await page.goto(b.url(`/shop/products/${product.id}`));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect.poll(() => page.getByTestId('cart-count').textContent()).not.toBeNull();
}

/** From a filled cart to the sandbox's card page. */
async function checkOut() {
  await page.goto(b.url('/shop/checkout'));
  await page.getByLabel('Wallet address').fill(WALLET);
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/\/pay\/sandbox\/[0-9a-f-]{36}$/);
}

async function pay(card: string) {
  await page.getByLabel('Name on card').fill('Robin Buyer');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

describe('the shop in Chromium', () => {
  it('loads its first page with under 150 KB of gzip JavaScript and none of react-admin', async () => {
    const scripts: Promise<{ url: string; gzip: number; admin: boolean }>[] = [];
    let asked = 0;
    const request = (r: Request) => void (r.resourceType() === 'script' && asked++);
    const response = (r: Response) => {
      if (r.request().resourceType() === 'script')
        scripts.push(
          r.body().then((body) => ({
            url: r.url(),
            gzip: zlib.gzipSync(body).length,
            admin: REACT_ADMIN.test(body.toString()),
          })),
        );
    };
    page.on('request', request);
    page.on('response', response);
    await page.goto(b.url('/shop'));
    // The first page as a shopper sees it (its products in), and every script it asked for answered.
    await screenSettled(page);
    await expect.poll(() => scripts.length).toBe(asked);
    page.off('request', request);
    page.off('response', response);
    const loaded = await Promise.all(scripts);
    const kb = loaded.reduce((sum, s) => sum + s.gzip, 0) / 1024;
    console.info(`shop first page: ${loaded.length} scripts, ${kb.toFixed(1)} KB gzip`);
    expect(loaded.length).toBeGreaterThan(0);
    expect(kb).toBeLessThan(150);
    expect(loaded.filter((s) => s.admin).map((s) => s.url)).toEqual([]);
  });

  it('an empty cart reads "Your cart is empty"', async () => {
    await page.goto(b.url('/shop/cart'));
    await expect.poll(() => page.getByText('Your cart is empty').isVisible()).toBe(true);
  });

  it('a new shopper signs up, buys a token with a card, sees "Payment Successful!" and the mint on the Account page', async () => {
    const email = `buyer-${Date.now()}@example.com`;
    await page.goto(b.url('/shop/account'));
    await page.locator('#signup-name').fill('Robin Buyer');
    await page.locator('#signup-email').fill(email);
    await page.locator('#signup-password').fill(DEV_PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.getByText('Check your email').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText(`We sent a message to ${email}.`, { exact: false }).isVisible()).toBe(true);
    // The emailed link makes the account and logs in.
    await page.goto(b.url(await confirmLinkFor(email)));
    await expect.poll(() => page.getByText(`Logged in as ${email}`).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(new URL(page.url()).search).toBe('');

    const product = await tokenProduct();
    await addToCart(product);
    await page.reload();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    await page.goto(b.url('/shop/cart'));
    await expect.poll(() => page.getByRole('link', { name: product.title }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Check out' }).click();
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect.poll(() => page.getByText('Enter the wallet address to receive your tokens.').isVisible()).toBe(true);
    await page.getByLabel('Wallet address').fill(WALLET);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/pay\/sandbox\//);

    await pay('4242 4242 4242 4242');
    await page.waitForURL(/\/shop\/checkout\/complete\?orderId=/);
    await expect.poll(() => page.getByText('Payment Successful!').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText('Thank you for your purchase').isVisible()).toBe(true);
    const tx = page.locator('[title^="0x"]').filter({ hasText: /^0x[0-9a-f]{8}$/ });
    await expect.poll(() => tx.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('cart-count').count()).toBe(0);

    await page.getByRole('link', { name: 'See your orders' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Your orders' }).isVisible()).toBe(true);
    const firstOrder = page.locator('article').first();
    await expect.poll(() => firstOrder.getByText('Completed').isVisible()).toBe(true);
    await expect.poll(() => firstOrder.getByText('Minted').isVisible()).toBe(true);
    expect(await firstOrder.locator('[title^="0x"]').textContent()).toMatch(/^0x[0-9a-f]{8}$/);
    // The transaction's link is the shopper's own page of it in the shop, not the back office's.
    await firstOrder.getByRole('link', { name: /^0x[0-9a-f]{8}$/ }).click();
    await page.waitForURL(/\/shop\/tx\/0x[0-9a-f]{64}\?order=/);
    await expect.poll(() => page.getByRole('heading', { name: 'Your tokens minted' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Confirmed', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(new RegExp(`^${WALLET}$`, 'i')).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('You are not allowed to see this page').count()).toBe(0);
    await page.screenshot({ path: 'test-results/shop-transaction.png' }).catch(() => {});
  });

  it('a coupon lowers the total in the cart', async () => {
    const { token } = await json<{ token: string }>('/api/admin/auth/login', {
      body: { email: 'admin@rwa.dev', password: DEV_PASSWORD },
    });
    const code = `SHOP10-${Date.now()}`;
    const created = await json<{ ok: boolean }>('/api/coupons', {
      token,
      body: { code, discountType: 'percentage', discountValue: 10 },
    });
    expect(created.ok).toBe(true);

    await addToCart(await tokenProduct());
    // The crypto price names its unit: the dev chain's native token.
    await expect
      .poll(() =>
        page
          .getByText(/^\d+(\.\d+)? ETH$/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await page.goto(b.url('/shop/cart'));
    const total = page.getByTestId('cart-total');
    await expect.poll(() => total.isVisible()).toBe(true);
    const amount = async () => Number((await total.textContent())!.replace(/[^0-9.]/g, ''));
    const before = await amount();
    await page.getByLabel('Coupon code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.getByText(/^Discount \(/).isVisible()).toBe(true);
    await expect.poll(amount).toBeLessThan(before);
    await page.reload();
    await expect.poll(amount).toBeLessThan(before);
  });

  it('the card page shows the lines, the coupon’s discount, tax and shipping that make the amount due', async () => {
    await checkOut();
    const summary = page.getByRole('region', { name: 'Order items' });
    for (const label of ['Subtotal', /^Discount \(SHOP10-/, 'Tax', 'Shipping', 'Total']) {
      await expect.poll(() => summary.getByText(label).first().isVisible(), { timeout: 15_000 }).toBe(true);
    }
    const due = (await summary.getByTestId('cart-total').textContent())!;
    expect(await page.getByRole('button', { name: /^Pay / }).textContent()).toBe(`Pay ${due}`);
    await screenshot(page, 'sandbox-pay-en');
    await page.getByRole('button', { name: '中文' }).click();
    await expect.poll(() => page.getByText(/^折扣（SHOP10-/).isVisible()).toBe(true);
    await screenshot(page, 'sandbox-pay-zh');
    await page.getByRole('button', { name: 'EN' }).click();
  });

  it('a declined card says why and leaves the order open: another card then pays the same order', async () => {
    const paymentId = page.url().split('/').pop()!;
    await pay('4000 0000 0000 0002');
    await expect
      .poll(() => page.getByText('Your card was declined. Try another card.').isVisible(), { timeout: 15_000 })
      .toBe(true);
    await screenshot(page, 'sandbox-pay-declined-en');
    expect(await page.getByLabel('Card number').inputValue()).toBe('');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('card-cardNumber');
    const hosted = async () =>
      (await json<{ payment: { status: string; orderId: string } }>(`/api/payments/sandbox/${paymentId}`)).payment;
    expect((await hosted()).status).toBe('pending');

    await pay('4242 4242 4242 4242');
    await page.waitForURL(/\/shop\/checkout\/complete\?orderId=/);
    await expect.poll(() => page.getByText('Payment Successful!').isVisible(), { timeout: 15_000 }).toBe(true);
    const paid = await hosted();
    expect(paid.status).toBe('completed');
    expect(new URL(page.url()).searchParams.get('orderId')).toBe(paid.orderId);
  });
});
