import type { Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { apiCall, chipContrasts, confirmSignup, DEV_PASSWORD, login, browserForFile, screenshot } from './browser.js';

const b = await browserForFile();
const { page } = b;

const api = (p: string, body?: unknown, headers?: Record<string, string>) => apiCall(page, p, body, headers);

const run = Date.now().toString(36).toUpperCase();
const email = `member-${run.toLowerCase()}@example.com`;
const wallet = privateKeyToAccount(generatePrivateKey()).address;
/** Made by the first test: a goods product the member buys, and a cheap one they redeem points on. */
let bought: { id: string; priceFiat: number };
let reward: { id: string; title: string };

const figure = (p: Page, testId: string) =>
  p
    .getByTestId(testId)
    .innerText()
    .then((t) => Number(t.replace(/[^0-9]/g, '')));
const points = () => figure(page, 'member-points');

async function logInAs(who: string) {
  await page.goto(b.url('/login'));
  await page.evaluate(() => {
    localStorage.removeItem('authToken');
    localStorage.removeItem('authUser');
  });
  await login(page, b.url, who);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

async function openMembership() {
  await page.goto(b.url('/membership'));
  await page.getByTestId('member-card').waitFor({ timeout: 15_000 });
}

describe('membership in Chromium', () => {
  it('a member’s points rise after a paid purchase', async () => {
    await logInAs('admin@rwa.dev');
    const goods = (sku: string, priceFiat: number) =>
      api('/api/products', {
        title: `Member ${sku}`,
        sku,
        priceFiat,
        priceCrypto: '0.01',
        rwaType: 'collectibles',
        status: 'active',
        stock: 10,
      });
    bought = (await goods(`MB-${run}`, 250)).product;
    reward = (await goods(`MR-${run}`, 1)).product;
    expect(bought.id && reward.id).toBeTruthy();

    const signup = await fetch(b.url('/api/shop/auth/signup'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Mia Member', email, password: DEV_PASSWORD }),
    });
    expect(signup.status).toBe(202);
    await confirmSignup(email);
    await logInAs(email);
    // a shopper's menu offers their own membership
    await expect.poll(() => page.getByRole('menuitem', { name: 'Membership' }).count()).toBe(1);
    // the staff's redemption requests are refused to a shopper
    await page.goto(b.url('/redemptions'));
    await expect.poll(() => page.getByTestId('not-allowed').isVisible(), { timeout: 15_000 }).toBe(true);
    await openMembership();
    expect(await page.getByTestId('member-email').innerText()).toBe(email);
    expect(await points()).toBe(0);
    expect(await page.getByTestId('level-chip').first().innerText()).toBe('Bronze');
    expect(await page.getByRole('button', { name: 'Add Points' }).count()).toBe(0);
    expect(await page.getByRole('search').count()).toBe(0);

    // the member pays an order in the card sandbox, as the shop's checkout does
    const session = await api(
      '/api/checkout/session',
      {
        items: [{ productId: bought.id, qty: 1 }],
        email,
        provider: 'sandbox',
        returnUrl: '/shop/checkout/complete',
        cancelUrl: '/shop/cart',
      },
      { 'idempotency-key': `member-${run}` },
    );
    expect(session.paymentId).toBeTruthy();
    const paid = await api(`/api/payments/sandbox/${session.paymentId}/confirm`, {
      cardNumber: '4242424242424242',
      expiry: '12/39',
      cvc: '123',
      name: 'Mia Member',
    });
    expect(paid.payment.status).toBe('completed');

    await page.getByTestId('member-card').getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(points, { timeout: 15_000 }).toBe(250);
    expect(await figure(page, 'member-orders')).toBe(1);
    await page.getByRole('tab', { name: 'Points History' }).click();
    const row = page.getByTestId('points-history').locator('tbody tr').first();
    await expect.poll(() => row.locator('.column-type').innerText()).toBe('Earned');
    expect(await row.locator('.column-amount').innerText()).toBe('+250');
  });

  it('staff find the member by email and add points through the dialog', async () => {
    await logInAs('operator@rwa.dev');
    await page.goto(b.url('/membership'));
    await page.getByRole('textbox', { name: 'Member email' }).fill(email);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('member-email').innerText(), { timeout: 15_000 }).toBe(email);
    expect(await points()).toBe(250);

    await page.getByRole('button', { name: 'Add Points' }).click();
    const dialog = page.getByRole('dialog');
    // the first field has the focus; 0 is refused in the form with a sentence, Enter submits
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('amount');
    await page.keyboard.type('0');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Welcome bonus');
    await page.keyboard.press('Tab');
    await dialog.getByRole('button', { name: 'Add Points' }).click();
    await expect.poll(() => dialog.getByText('Enter a number of points other than 0.').isVisible()).toBe(true);
    await dialog.getByRole('spinbutton', { name: 'Points' }).fill('1000');
    await dialog.getByRole('spinbutton', { name: 'Points' }).press('Enter');
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(points, { timeout: 15_000 }).toBe(1250);
    await page.getByRole('tab', { name: 'Points History' }).click();
    const row = page.getByTestId('points-history').locator('tbody tr').first();
    await expect.poll(() => row.locator('.column-amount').innerText()).toBe('+1,000');
    expect(await row.locator('.column-reason').innerText()).toBe('Welcome bonus');
  });

  it('a history longer than a page turns its pages', async () => {
    // 24 more entries that cancel out (the balance the next tests expect stays 1,250): 26 in all.
    for (let i = 0; i < 24; i++) {
      const made = await api('/api/membership/points/add', {
        email,
        amount: i % 2 ? -1 : 1,
        reason: `Paging check ${i}`,
      });
      expect(made.ok, JSON.stringify(made)).toBe(true);
    }
    await page.goto(b.url(`/membership?email=${encodeURIComponent(email)}`));
    await expect.poll(() => page.getByTestId('member-email').innerText(), { timeout: 15_000 }).toBe(email);
    await page.getByRole('tab', { name: 'Points History' }).click();
    const rows = page.getByTestId('points-history').locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(25);
    expect(await rows.first().locator('.column-reason').innerText()).toBe('Paging check 23');
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    expect(await rows.first().locator('.column-amount').innerText()).toBe('+250'); // the purchase, the oldest
    expect(await points()).toBe(1250);
    // The tab, the member and the page are in the address: elsewhere and Back, the same page shows.
    expect(page.url()).toMatch(/\/membership\/points\?/);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(new URL(page.url()).searchParams.get('email')).toBe(email);
    await page.getByRole('menuitem', { name: 'Orders' }).click();
    await page.waitForURL(/\/orders/);
    await page.goBack();
    await expect.poll(() => page.getByTestId('member-email').innerText(), { timeout: 15_000 }).toBe(email);
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    expect(await rows.first().locator('.column-amount').innerText()).toBe('+250');
    expect(await page.getByRole('tab', { name: 'Points History' }).getAttribute('aria-selected')).toBe('true');
  });

  it('finance reads any member’s card but neither adds points nor edits levels', async () => {
    await logInAs('finance@rwa.dev');
    await page.goto(b.url(`/membership?email=${encodeURIComponent(email)}`));
    await expect.poll(() => page.getByTestId('member-email').innerText(), { timeout: 15_000 }).toBe(email);
    expect(await points()).toBe(1250);
    expect(await page.getByRole('button', { name: 'Add Points' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Convert Tokens' }).count()).toBe(0);
    await page.getByTestId('levels-table').waitFor();
    expect(await page.getByTestId('levels-table').getByRole('button', { name: 'Edit' }).count()).toBe(0);
  });

  it('the member converts points to the loyalty token and sees the balance read from the chain once minted', async () => {
    await logInAs(email);
    await page.goto(b.url('/referral-dashboard'));
    await page.getByRole('textbox', { name: 'Payout wallet' }).fill(wallet);
    await page.getByRole('button', { name: 'Save wallet' }).click();
    await expect.poll(() => page.getByText('Payout wallet saved').isVisible(), { timeout: 15_000 }).toBe(true);

    await openMembership();
    expect(await page.getByTestId('token-balances').innerText()).toContain(wallet);
    await page.getByRole('button', { name: 'Convert Tokens' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('spinbutton', { name: 'Tokens to receive' }).fill('2');
    await expect.poll(() => dialog.getByTestId('convert-cost').innerText()).toBe('Costs 200 points.');
    await dialog.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(points, { timeout: 15_000 }).toBe(1050);

    await page.getByRole('tab', { name: 'Conversions' }).click();
    const row = page.getByTestId('conversion-history').locator('tbody tr').first();
    await expect.poll(() => row.locator('.column-from').innerText()).toBe('Points');
    expect(await row.locator('.column-to').innerText()).toBe('Loyalty token');
    expect(await row.locator('.column-amount').innerText()).toBe('200 → 2');
    // the mint worker mints it; Refresh until the chain holds the tokens
    await expect
      .poll(
        async () => {
          await page.getByTestId('member-card').getByRole('button', { name: 'Refresh' }).click();
          return page
            .getByTestId('token-balance-LOYALTY')
            .innerText()
            .catch(() => '');
        },
        { timeout: 45_000, interval: 1500 },
      )
      .toBe('2');
    await expect.poll(() => row.locator('.column-status').innerText()).toBe('Succeeded');
    // the transaction's hash, shortened; unlinked for a member (the transaction page belongs to the mint queue's staff)
    expect(await row.locator('.column-txHash').innerText()).toMatch(/^0x[0-9a-fA-F]{8}$/);
    expect(await row.locator('.column-txHash [title^="0x"]').getAttribute('title')).toMatch(/^0x[0-9a-fA-F]{64}$/);
    expect(await row.locator('.column-txHash').getByRole('link').count()).toBe(0);
  });

  it('the member redeems points on a product in the shop and staff approve it after a confirmation', async () => {
    await page.goto(b.url('/shop/account'));
    await expect
      .poll(() => page.getByTestId('shop-member-points').innerText(), { timeout: 15_000 })
      .toBe('1,050 points');
    await page.getByRole('combobox', { name: 'Product' }).click();
    await page.getByRole('option', { name: new RegExp(`^${reward.title} `) }).click();
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect.poll(() => page.getByText(/points are held for/).isVisible(), { timeout: 15_000 }).toBe(true);
    const mine = page.getByRole('list', { name: 'Your redemptions' }).getByRole('listitem').first();
    await expect.poll(() => mine.innerText()).toContain('Pending');

    await logInAs('operator@rwa.dev');
    await page.goto(b.url('/membership'));
    await page.getByRole('tab', { name: 'Redemption requests' }).click();
    await page.waitForURL(/\/redemptions/);
    const row = page.locator('tbody tr', { hasText: email });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.locator('td.column-product').innerText()).toBe(reward.title);
    await row.getByRole('button', { name: 'Approve' }).click();
    const confirm = page.getByRole('dialog');
    await expect.poll(() => confirm.innerText()).toContain(`for ${email}`);
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.getByText('Redemption approved').isVisible(), { timeout: 15_000 }).toBe(true);
    // the pending filter no longer lists it; all statuses show it approved with its order
    await expect.poll(() => row.count()).toBe(0);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Approved' }).click();
    await expect.poll(() => row.locator('td.column-status').innerText(), { timeout: 15_000 }).toBe('Approved');
    expect(await row.locator('td.column-orderId').innerText()).toMatch(/^[0-9a-f-]{12}$/);
    await screenshot(page, 'membership-redemptions-en');
  });

  it('an admin edits a level in its dialog: the member rises to it and the cart shows the member discount as its own line', async () => {
    await logInAs('admin@rwa.dev');
    await openMembership();
    const silver = page.getByTestId('level-SILVER');
    await silver.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('spinbutton', { name: 'Min Orders' }).inputValue()).toBe('2');
    await dialog.getByRole('spinbutton', { name: 'Min Orders' }).fill('1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => silver.locator('td').nth(2).innerText()).toBe('1');

    try {
      await logInAs(email);
      await openMembership();
      await expect.poll(() => page.getByTestId('level-chip').first().innerText(), { timeout: 15_000 }).toBe('Silver');
      await page.goto(b.url(`/shop/products/${bought.id}`));
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.goto(b.url('/shop/cart'));
      // 2 % of 250.00, after no coupon
      await expect.poll(() => page.getByTestId('member-discount').innerText(), { timeout: 15_000 }).toBe('−$5.00');
      expect(await page.getByText('Member discount (Silver, 2%)').count()).toBe(1);
      await screenshot(page, 'membership-shop-cart-en');
    } finally {
      await logInAs('admin@rwa.dev');
      const restored = await page.evaluate(
        async () =>
          (
            await fetch('/api/membership/levels/SILVER', {
              method: 'PUT',
              headers: {
                authorization: `Bearer ${localStorage.getItem('authToken')}`,
                'content-type': 'application/json',
              },
              body: JSON.stringify({ minOrders: 2 }),
            })
          ).status,
      );
      expect(restored).toBe(200);
    }
  });

  it('reads in Chinese and in the dark theme, with readable chips', async () => {
    await logInAs(email);
    await openMembership();
    await page.getByRole('tab', { name: 'Redemptions' }).click();
    await page.getByTestId('redemption-history').waitFor();
    await screenshot(page, 'membership-en-light');
    await page.getByRole('button', { name: '中文' }).click();
    await expect.poll(() => page.getByRole('heading', { name: '会员管理' }).isVisible()).toBe(true);
    expect(await page.getByRole('tab', { name: '积分记录' }).count()).toBe(1);
    // switching the language draws the page again, on its first tab
    await page.getByRole('tab', { name: '兑换记录' }).click();
    await expect.poll(() => page.getByTestId('redemption-history').innerText()).toContain('已批准');
    await screenshot(page, 'membership-zh-light');
    await page.getByRole('button', { name: '切换浅色/深色模式' }).click();
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .toMatch(/rgb\((\d{1,2}), \d{1,2}, \d{1,2}\)/);
    await page.getByRole('tab', { name: '概览' }).click();
    await screenshot(page, 'membership-zh-dark');
    const contrasts = await chipContrasts(page, 'main .MuiChip-filled');
    expect(contrasts.length).toBeGreaterThan(0);
    expect(Math.min(...contrasts)).toBeGreaterThanOrEqual(3);
    await page.getByRole('button', { name: 'EN' }).click();
    await page.getByRole('tab', { name: 'Conversions' }).click();
    await screenshot(page, 'membership-en-dark');
    expect(Math.min(...(await chipContrasts(page, 'main .MuiChip-filled')))).toBeGreaterThanOrEqual(3);
  });
});
