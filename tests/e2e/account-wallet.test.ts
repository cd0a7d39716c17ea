import type { Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/common/products';
import { apiCall, confirmSignup, DEV_PASSWORD, login, openBrowser, screenshot } from './browser.js';

const WAIT = { timeout: 15_000 };
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];
const run = Date.now().toString(36);

let staff: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  staff = await openBrowser();
  await login(staff.page, staff.url, 'admin@rwa.dev');
  await staff.page.waitForURL((u) => !u.pathname.startsWith('/login'));
});
afterAll(async () => {
  await staff?.close();
});

const asStaff = (path: string, body?: unknown) => apiCall(staff.page, path, body);

/** A confirmed shopper with one paid order and `points` points more than it earned. */
async function member(email: string, points: number) {
  const signup = await fetch(staff.url('/api/shop/auth/signup'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Wes Wallet', email, password: DEV_PASSWORD }),
  });
  expect(signup.status).toBe(202);
  await confirmSignup(email);
  const sku = `AW-${run}-${email.length}-${Math.floor(Math.random() * 1e6)}`.toUpperCase();
  const { product } = await asStaff('/api/products', {
    title: `Wallet ${sku}`,
    sku,
    priceFiat: 100,
    priceCrypto: '0.01',
    rwaType: 'collectibles',
    status: 'active',
    stock: 10,
  });
  expect((await asStaff('/api/orders/mock', { userEmail: email, productId: product.id, qty: 1 })).ok).toBe(true);
  expect((await asStaff('/api/membership/points/add', { email, amount: points, reason: 'Wallet check' })).ok).toBe(
    true,
  );
}

/** The on-sale token with the most stock: checkout asks for a wallet for it. */
async function tokenProduct(): Promise<Product> {
  const { products } = (await (await fetch(staff.url('/api/shop/products?limit=100'))).json()) as {
    products: Product[];
  };
  return products.filter((p) => p.tokenId !== null).sort((x, y) => y.stock - x.stock)[0]!;
}

const headings = (page: Page) => page.locator('main h2').allInnerTexts();
const overflow = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

describe('the shopper’s wallet on the Account page in Chromium', () => {
  for (const size of SIZES) {
    it(`at ${size.width} px a member sees their orders first, sets a wallet, converts points and sees the tokens; checkout offers the wallet`, async () => {
      const perToken = (await asStaff('/api/settings')).settings.pointsPerToken as number;
      const email = `wallet-${size.width}-${run}@example.com`;
      await member(email, 3 * perToken);
      const shopper = await openBrowser();
      try {
        const { page } = shopper;
        await page.setViewportSize(size);
        await page.goto(shopper.url('/shop'));
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
        await page.locator('#login-email').fill(email);
        await page.locator('#login-password').fill(DEV_PASSWORD);
        await page.getByRole('button', { name: 'Log in', exact: true }).click();
        await expect.poll(() => page.getByText(`Logged in as ${email}`).isVisible(), WAIT).toBe(true);

        // Orders first, then the rest of the account in its own sections.
        await expect.poll(() => page.locator('article').count(), WAIT).toBe(1);
        expect(await headings(page)).toEqual([
          'Your orders',
          'Membership',
          'Wallet',
          'Notifications',
          'Two-factor authentication',
          'Identity verification (KYC)',
        ]);
        const nav = page.getByRole('navigation', { name: 'Sections of your account' });
        expect(await nav.getByRole('link').allInnerTexts()).toEqual([
          'Orders',
          'Membership',
          'Wallet',
          'Notifications',
          'Security',
          'Identity check',
        ]);

        // No wallet yet: the conversion is refused with the sentence saying where to add one, and the form links there.
        const membership = page.getByRole('region', { name: 'Membership', exact: true });
        // The points given, and those the paid order earned.
        const points = () =>
          membership
            .getByTestId('shop-member-points')
            .innerText()
            .then((t) => Number(t.replace(/[^0-9]/g, '')));
        await expect.poll(points, WAIT).toBeGreaterThanOrEqual(3 * perToken);
        const before = await points();
        await membership.getByLabel('Points to convert').fill(String(2 * perToken));
        await membership.getByRole('button', { name: 'Convert', exact: true }).click();
        await expect
          .poll(() => membership.getByRole('alert').innerText(), WAIT)
          .toBe(
            'Add a wallet address on your Account page, under Wallet, before converting points: the tokens are minted to it.',
          );
        await membership.getByRole('link', { name: 'Go to Wallet' }).click();
        const field = page.getByRole('textbox', { name: 'Wallet address' });
        await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(
          await field.evaluate((el) => {
            const r = el.getBoundingClientRect();
            return r.top >= 0 && r.bottom <= window.innerHeight;
          }),
        ).toBe(true);

        // The Wallet section: a wrong address is refused in place; a right one is saved checksummed.
        const walletSection = page.getByRole('region', { name: 'Wallet', exact: true });
        await field.fill('0x1234');
        await walletSection.getByRole('button', { name: 'Save' }).click();
        await expect
          .poll(() => walletSection.getByText('A wallet address is 0x followed by 40 hex digits.').isVisible(), WAIT)
          .toBe(true);
        const wallet = privateKeyToAccount(generatePrivateKey()).address;
        await field.fill(wallet.toLowerCase());
        await field.press('Enter');
        await expect.poll(() => walletSection.getByText('Wallet saved.').isVisible(), WAIT).toBe(true);
        await expect.poll(() => field.inputValue(), WAIT).toBe(wallet);
        await expect.poll(() => membership.getByText(`Tokens go to ${wallet}.`).isVisible(), WAIT).toBe(true);
        // The whole address shows in its field, even on a phone.
        expect(
          await field.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1),
        ).toBe(true);

        // Converting now mints to it: the conversion is listed, then minted, and the tokens show.
        await membership.getByLabel('Points to convert').fill(String(2 * perToken));
        await membership.getByRole('button', { name: 'Convert', exact: true }).click();
        await expect
          .poll(() => membership.getByRole('status').innerText(), WAIT)
          .toBe(`${2 * perToken} points become 2 LOYALTY: the tokens are being minted to your wallet.`);
        await expect.poll(points, WAIT).toBe(before - 2 * perToken);
        const conversions = membership.getByRole('list', { name: 'Your conversions' }).getByRole('listitem');
        await expect.poll(() => conversions.count(), WAIT).toBe(1);
        expect(await conversions.first().innerText()).toContain(`${2 * perToken} points → 2 LOYALTY`);
        await expect
          .poll(
            async () => {
              await page.reload();
              await membership.getByTestId('shop-member-points').waitFor();
              return `${await conversions
                .first()
                .innerText()
                .catch(() => '')} | ${await membership
                .getByTestId('shop-token-LOYALTY')
                .innerText()
                .catch(() => '')}`;
            },
            { timeout: 45_000, interval: 1500 },
          )
          .toMatch(/Minted \| 2 LOYALTY$/);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        if (size.width === 390) {
          await page.evaluate(() => window.scrollTo(0, 0));
          await screenshot(page, 'account-wallet-390-en');
        }

        // Checkout fills the wallet for a token with the account's.
        await page.goto(shopper.url(`/shop/products/${(await tokenProduct()).id}`));
        await page.getByRole('button', { name: 'Add to cart' }).click();
        await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
        await page.getByTestId('cart-count').click();
        await page.getByRole('link', { name: 'Check out' }).click();
        await expect.poll(() => page.getByLabel('Wallet address').inputValue(), WAIT).toBe(wallet);
      } finally {
        await shopper.close();
      }
    }, 120_000);
  }
});
