import type { Page } from 'playwright-core';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmSignup, DEV_PASSWORD, login, openBrowser } from './browser.js';

const WAIT = { timeout: 20_000 };

let referrer: Awaited<ReturnType<typeof openBrowser>>;
let staff: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  [referrer, staff] = await Promise.all([openBrowser(), openBrowser()]);
});
afterAll(async () => {
  await staff?.page
    .evaluate(async () => {
      const auth = { authorization: `Bearer ${localStorage.getItem('authToken')}`, 'content-type': 'application/json' };
      await fetch('/api/settings', {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ payoutTokenRate: null, commissionHoldDays: 14 }),
      });
    })
    .catch(() => undefined);
  await Promise.all([referrer?.close(), staff?.close()]);
});

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const referrerEmail = `onchain.referrer.${stamp}@example.com`;
const buyerEmail = `onchain.buyer.${stamp}@example.com`;

/** A JSON call from the page, with its stored token or the one given. */
const call = (page: Page, method: string, path: string, body?: unknown, token?: string) =>
  page.evaluate(
    async ([m, p, data, tok]) => {
      const bearer: Record<string, string> =
        tok === ''
          ? {}
          : { authorization: `Bearer ${(tok as string | undefined) ?? localStorage.getItem('authToken')}` };
      const res = await fetch(p as string, {
        method: m as string,
        headers: { ...bearer, 'content-type': 'application/json' },
        body: data === undefined ? undefined : JSON.stringify(data),
      });
      return res.json();
    },
    [method, path, body, token] as const,
  );

describe('Pay on chain in Chromium', () => {
  it('the referrer saves a payout wallet; finance sees the token amount, pays on chain, and the payout reads completed with its transaction link', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey()).address;
    const s = staff.page;
    await login(s, staff.url, 'admin@rwa.dev');
    await s.waitForURL(/\/dashboard$/, WAIT);
    // A referrer and the buyer they brought (shop sign-ups), a paid order, its commission approved (no hold for the test).
    for (const [email, name] of [
      [referrerEmail, 'Olga Onchain'],
      [buyerEmail, 'Bo Buyer'],
    ]) {
      expect((await call(s, 'POST', '/api/shop/auth/signup', { name, email, password: DEV_PASSWORD }, '')).ok).toBe(
        true,
      );
      await confirmSignup(email);
    }
    const tokenOf = async (email: string) =>
      (await call(s, 'POST', '/api/admin/auth/login', { email, password: DEV_PASSWORD }, '')).token as string;
    const code = (await call(s, 'POST', '/api/referrals/link', {}, await tokenOf(referrerEmail)))
      .referralCode as string;
    expect((await call(s, 'POST', '/api/referrals/attribute', { code }, await tokenOf(buyerEmail))).ok).toBe(true);
    expect((await call(s, 'PUT', '/api/settings', { payoutTokenRate: '0.0004', commissionHoldDays: 0 })).ok).toBe(true);
    const sku = `ONCHAIN-${stamp}`.toUpperCase();
    const { product } = await call(s, 'POST', '/api/products', {
      title: `On-chain lamp ${sku}`,
      sku,
      priceFiat: 200,
      priceCrypto: '0.01',
      rwaType: 'art',
      status: 'active',
      stock: 5,
    });
    expect(
      (await call(s, 'POST', '/api/orders/mock', { userEmail: buyerEmail, productId: product.id, qty: 1 })).ok,
    ).toBe(true);
    const list = await call(s, 'GET', `/api/commissions?q=${encodeURIComponent(referrerEmail)}`);
    expect((await call(s, 'POST', `/api/referrals/commissions/${list.commissions[0].id}/approve`, {})).ok).toBe(true);

    // The referrer saves their payout wallet on their referral page.
    const r = referrer.page;
    await login(r, referrer.url, referrerEmail);
    await r.waitForURL(/\/referral-dashboard$/, WAIT);
    await r.getByLabel('Payout wallet').fill(wallet.toLowerCase());
    await r.getByRole('button', { name: 'Save wallet' }).click();
    await expect.poll(() => r.getByText('Payout wallet saved').isVisible(), WAIT).toBe(true);
    await expect.poll(() => r.getByLabel('Payout wallet').inputValue(), WAIT).toBe(wallet);

    // Finance makes the payout; the admin, a second member of staff, approves it on its page; finance pays it on chain.
    const payout = (
      await call(s, 'POST', '/api/payouts', { recipientEmail: referrerEmail }, await tokenOf('finance@rwa.dev'))
    ).payout as { id: string };
    await s.goto(staff.url(`/payouts/${payout.id}/show`));
    const approval = s.getByTestId('payout-approval');
    await expect.poll(() => approval.innerText(), WAIT).toContain('finance@rwa.dev');
    expect(await approval.innerText()).toContain('Not approved yet');
    await s.getByRole('button', { name: 'Approve payout' }).click();
    await s.getByRole('dialog').getByRole('button', { name: 'Approve payout' }).click();
    await expect.poll(() => s.getByText(`Payout of $10.00 to ${referrerEmail} approved`).isVisible(), WAIT).toBe(true);
    await expect.poll(() => approval.innerText(), WAIT).toContain('admin@rwa.dev');
    expect(await s.getByRole('button', { name: 'Approve payout' }).count()).toBe(0);

    const f = staff.page;
    await f.evaluate(() => localStorage.clear());
    await login(f, staff.url, 'finance@rwa.dev');
    await f.waitForURL(/\/dashboard$/, WAIT);
    await f.goto(staff.url(`/payouts/${payout.id}/show`));
    // The quote finds no server at first: the dialog says so, then shows the quote by itself once it answers.
    const isQuote = (url: URL) => url.pathname.endsWith('/onchain-quote');
    await f.route(isQuote, (route) => route.abort('connectionrefused'));
    await f.getByRole('button', { name: 'Pay on chain' }).click();
    const dialog = f.getByRole('dialog');
    try {
      await expect
        .poll(() => dialog.getByTestId('pay-onchain-error').textContent(), WAIT)
        .toBe('The server cannot be reached; we will retry.');
    } finally {
      await f.unroute(isQuote);
    }
    await expect.poll(() => dialog.getByTestId('onchain-token-amount').textContent(), WAIT).toBe('0.004 ETH'); // 5 % of 200.00 = 10.00 × 0.0004
    expect(await dialog.innerText()).toContain(wallet);
    await dialog.getByRole('button', { name: 'Confirm and send' }).click();
    await expect.poll(() => f.getByText('Transfer mined: payout completed').isVisible(), WAIT).toBe(true);
    await expect.poll(() => f.getByTestId('payout-transfer').innerText(), WAIT).toContain('Mined');
    expect(await f.locator('.MuiChip-root', { hasText: 'Completed' }).count()).toBeGreaterThan(0);
    expect(await f.getByRole('button', { name: 'Pay on chain' }).count()).toBe(0);
    const txLink = f.locator('a[href^="/tx/0x"]').first();
    const href = await txLink.getAttribute('href');
    expect(href).toMatch(/^\/tx\/0x[0-9a-f]{64}$/);
    await txLink.click();
    await f.waitForURL(new RegExp(`${href!.replace(/\//g, '\\/')}$`), WAIT);
    await expect.poll(() => f.getByText(href!.slice(4)).first().isVisible(), WAIT).toBe(true);

    // The referrer's commission reads paid.
    await r.reload();
    await expect.poll(() => r.locator('tr[data-commission-status="paid"]').count(), WAIT).toBe(1);
  }, 120_000); // a sign-up pair, an order, an approval by a second person and a payment on chain: long on a busy machine
});
