/**
 * Deciding a payout in Chromium, as its creator and as a second member of staff: who may do what next is said on the
 * payout's page, a money move asks first with its amount, its outcome stays until it is closed, and the payout's
 * orders open. Its recipient then reads the payout's notice in Chinese, in the admin's bell and in the shop's account.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, confirmSignup, DEV_PASSWORD, login, openBrowser, screenshot } from './browser.js';

const WAIT = { timeout: 20_000 };
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const referrerEmail = `payout.referrer.${stamp}@example.com`;
const buyerEmail = `payout.buyer.${stamp}@example.com`;

let finance: Awaited<ReturnType<typeof openBrowser>>;
let admin: Awaited<ReturnType<typeof openBrowser>>;
let referrer: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  [finance, admin, referrer] = await Promise.all([openBrowser(), openBrowser(), openBrowser()]);
});
afterAll(async () => {
  await Promise.all([finance?.close(), admin?.close(), referrer?.close()]);
});

const menu = (page: Page, name: string) =>
  page.locator('a.RaMenuItemLink-root').filter({ hasText: new RegExp(`^${name}$`) });
const nextStep = (page: Page) => page.getByTestId('payout-next-step');
const notice = (page: Page) => page.getByTestId('lasting-notice');

/** A JSON call from the page with the given token ('' for none). */
const call = (page: Page, method: string, path: string, body: unknown, token: string) =>
  page.evaluate(
    async ([m, p, data, tok]) => {
      const res = await fetch(p as string, {
        method: m as string,
        headers: { ...(tok ? { authorization: `Bearer ${tok as string}` } : {}), 'content-type': 'application/json' },
        body: JSON.stringify(data),
      });
      return res.json();
    },
    [method, path, body, token] as const,
  );

/** A referrer with one approved commission of $10.00 (5 % of a $200.00 order of the buyer they brought). */
async function referrerWithCommission(page: Page) {
  for (const [email, name] of [
    [referrerEmail, 'Paula Payout'],
    [buyerEmail, 'Ben Buyer'],
  ]) {
    expect((await call(page, 'POST', '/api/shop/auth/signup', { name, email, password: DEV_PASSWORD }, '')).ok).toBe(
      true,
    );
    await confirmSignup(email);
  }
  const tokenOf = async (email: string) =>
    (await call(page, 'POST', '/api/admin/auth/login', { email, password: DEV_PASSWORD }, '')).token as string;
  const code = (await call(page, 'POST', '/api/referrals/link', {}, await tokenOf(referrerEmail)))
    .referralCode as string;
  expect((await call(page, 'POST', '/api/referrals/attribute', { code }, await tokenOf(buyerEmail))).ok).toBe(true);
  const own = await tokenOf('admin@rwa.dev');
  expect((await call(page, 'PUT', '/api/settings', { commissionHoldDays: 0 }, own)).ok).toBe(true);
  const sku = `PAYOUT-${stamp}`.toUpperCase();
  const { product } = await apiCall(page, '/api/products', {
    title: `Payout vase ${sku}`,
    sku,
    priceFiat: 200,
    priceCrypto: '0.01',
    rwaType: 'art',
    status: 'active',
    stock: 5,
  });
  const made = await apiCall(page, '/api/orders/mock', { userEmail: buyerEmail, productId: product.id, qty: 1 });
  expect(made.ok).toBe(true);
  const { commissions } = await apiCall(page, `/api/commissions?q=${encodeURIComponent(referrerEmail)}`);
  expect(commissions).toHaveLength(1);
  expect((await apiCall(page, `/api/referrals/commissions/${commissions[0].id}/approve`, {})).ok).toBe(true);
  expect((await call(page, 'PUT', '/api/settings', { commissionHoldDays: 14 }, own)).ok).toBe(true);
  return { orderId: commissions[0].orderId as string };
}

/** Opens the referrer's payout from the Payouts list, found by the referrer's email. */
async function openPayout(page: Page) {
  await menu(page, 'Payouts').click();
  await page.waitForURL(/\/payouts(\?.*)?$/, WAIT);
  await page.getByPlaceholder('Recipient, ID, reference or hash').fill(referrerEmail);
  // The search is in the address once applied: a row clicked before would be left again by it.
  await expect.poll(() => decodeURIComponent(page.url()), WAIT).toContain(`"q":"${referrerEmail}"`);
  const row = page.locator('tbody tr', { hasText: referrerEmail });
  await expect.poll(() => row.count(), WAIT).toBe(1);
  await row.click();
  await page.waitForURL(/\/payouts\/[^/]+\/show$/, WAIT);
}

describe('payout decisions in Chromium', () => {
  let orderId = '';

  it('finance creates a payout from the menu; its page says it waits for another person’s approval, and offers no money move', async () => {
    const page = admin.page;
    await login(page, admin.url, 'admin@rwa.dev');
    await page.waitForURL(/\/dashboard$/, WAIT);
    ({ orderId } = await referrerWithCommission(page));

    const f = finance.page;
    await login(f, finance.url, 'finance@rwa.dev');
    await f.waitForURL(/\/dashboard$/, WAIT);
    await menu(f, 'Payouts').click();
    await f.waitForURL(/\/payouts(\?.*)?$/, WAIT);
    await f.getByRole('button', { name: 'Create Payout' }).click();
    const dialog = f.getByRole('dialog');
    await dialog.getByLabel('Recipient email').fill(referrerEmail);
    await dialog.getByRole('button', { name: 'Create Payout' }).click();
    await expect.poll(() => f.getByText('Payout created').isVisible(), WAIT).toBe(true);

    await openPayout(f);
    await expect
      .poll(() => nextStep(f).innerText(), WAIT)
      .toBe(
        'Waiting for another person’s approval: a payout of $10.00 is approved by someone other than its creator before it is paid.',
      );
    await screenshot(f, 'payout-creator-waits');
    for (const name of ['Approve payout', 'Pay on chain', 'Mark completed'])
      expect(await f.getByRole('button', { name }).count(), name).toBe(0);
    // Failing or cancelling moves no money: its creator may still do either.
    expect(await f.getByRole('button', { name: 'Cancel payout' }).isVisible()).toBe(true);
  });

  it('the admin approves it after a confirmation naming its amount; the outcome stays on screen until closed; its order opens', async () => {
    const page = admin.page;
    await openPayout(page);
    await expect.poll(() => nextStep(page).innerText(), WAIT).toContain('needs a second person’s approval');
    await page.getByRole('button', { name: 'Approve payout' }).click();
    const confirm = page.getByRole('dialog');
    await expect
      .poll(() => confirm.innerText(), WAIT)
      .toContain(`Approve the payout of $10.00 to ${referrerEmail}? It can then be paid.`);
    await screenshot(page, 'payout-approve-confirm');
    await page.clock.install();
    await confirm.getByRole('button', { name: 'Approve payout' }).click();
    await expect.poll(() => notice(page).innerText(), WAIT).toBe(`Payout of $10.00 to ${referrerEmail} approved`);
    await expect.poll(() => page.getByTestId('payout-approval').innerText(), WAIT).toContain('admin@rwa.dev');
    // A minute later, and after a click elsewhere on the page, it is still there: it goes when it is closed.
    await page.clock.fastForward(60_000);
    await page.getByTestId('payout-approval').click();
    expect(await notice(page).isVisible()).toBe(true);
    await screenshot(page, 'payout-approved-notice');
    await notice(page).getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => notice(page).count(), WAIT).toBe(0);
    expect(await page.getByRole('button', { name: 'Approve payout' }).count()).toBe(0);

    const order = page.getByRole('link', { name: orderId.slice(0, 12) });
    await order.click();
    await page.waitForURL(new RegExp(`/orders/${orderId}/show$`), WAIT);
  });

  it('its creator, now free to pay it, marks it completed after a confirmation with its amount; the recipient reads the notice in Chinese', async () => {
    const f = finance.page;
    await f.reload();
    await expect.poll(() => f.getByRole('button', { name: 'Mark completed' }).isVisible(), WAIT).toBe(true);
    expect(await nextStep(f).count()).toBe(0);
    await f.getByRole('button', { name: 'Mark completed' }).click();
    await expect.poll(() => f.getByText('Enter the bank reference').isVisible(), WAIT).toBe(true);
    expect(await f.getByRole('dialog').count()).toBe(0);
    await f.getByLabel('Bank reference or transaction hash').fill(`BANK-${stamp}`);
    await f.getByRole('button', { name: 'Mark completed' }).click();
    const confirm = f.getByRole('dialog');
    await expect
      .poll(() => confirm.innerText(), WAIT)
      .toContain(`Mark the payout of $10.00 to ${referrerEmail} completed, with BANK-${stamp}?`);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => notice(f).innerText(), WAIT).toBe(`Payout of $10.00 to ${referrerEmail}: Completed`);

    // The recipient, in Chinese: the admin's bell (their referral page) and the shop's account.
    const r = referrer.page;
    await login(r, referrer.url, referrerEmail);
    await r.waitForURL(/\/referral-dashboard$/, WAIT);
    await r.getByRole('button', { name: '中文' }).click();
    await expect.poll(() => r.getByRole('heading', { name: '我的推荐' }).first().isVisible(), WAIT).toBe(true);
    await r.getByTestId('notification-bell').click();
    const item = r.getByRole('menuitem', { name: /您的提现已发出/ });
    await expect
      .poll(() => item.innerText(), WAIT)
      .toContain(`您的 10.00 USD 提现已完成（银行流水号 BANK-${stamp}）。`);
    await r.keyboard.press('Escape');
    // The shop shares the session and the language chosen in the admin.
    await r.goto(referrer.url('/shop/account'));
    const notices = r.getByRole('region', { name: '通知' });
    await expect.poll(() => notices.getByRole('heading', { name: '您的提现已发出' }).isVisible(), WAIT).toBe(true);
    await screenshot(r, 'payout-notice-shop-zh');
    expect(await notices.innerText()).not.toContain('Your payout was sent');
  });
});
