import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, confirmLinkFor, DEV_PASSWORD, login, openBrowser, resetDevSettings } from './browser.js';

const WAIT = { timeout: 15_000 };

let referrer: Awaited<ReturnType<typeof openBrowser>>;
let visitor: Awaited<ReturnType<typeof openBrowser>>;
let staff: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  [referrer, visitor, staff] = await Promise.all([openBrowser(), openBrowser(), openBrowser()]);
});
afterAll(async () => {
  await Promise.all([referrer?.close(), visitor?.close(), staff?.close()]);
});

const stamp = Date.now().toString(36);
const referrerEmail = `referrer.${stamp}@example.com`;
const visitorEmail = `visitor.${stamp}@example.com`;

async function signUpInShop(page: Page, url: (p: string) => string, email: string, name: string) {
  await page.goto(url('/shop/account'));
  await page.locator('#signup-name').fill(name);
  await page.locator('#signup-email').fill(email);
  await page.locator('#signup-password').fill(DEV_PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect.poll(() => page.getByText('Check your email').isVisible(), WAIT).toBe(true);
  // The emailed link makes the account and logs in.
  await page.goto(url(await confirmLinkFor(email)));
  await expect.poll(() => page.getByText(`Logged in as ${email}`).isVisible(), WAIT).toBe(true);
}

const statCard = (page: Page, label: string) => page.locator('.MuiCard-root', { hasText: label });
const statCardText = (page: Page, label: string) => statCard(page, label).first().innerText();

describe('referrals in Chromium', () => {
  it('a referrer shares the link; a visitor opens it, signs up and buys; the referrer sees the click and the pending commission, then the payout', async () => {
    // The referrer: a shopper who opens their referral page in the admin app and copies the link.
    const r = referrer.page;
    await signUpInShop(r, referrer.url, referrerEmail, 'Rita Referrer');
    await login(r, referrer.url, referrerEmail);
    await r.waitForURL(/\/referral-dashboard$/, WAIT);
    const link = await r.getByTestId('referral-link').textContent();
    expect(link).toMatch(/\/shop\?ref=[A-Z2-9]{10}$/);
    await r.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await r.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => r.getByRole('button', { name: 'Copied' }).isVisible(), WAIT).toBe(true);

    // A new visitor follows it and signs up in the shop.
    const v = visitor.page;
    await v.goto(link!.replace(/^https?:\/\/[^/]+/, referrer.url('')));
    await signUpInShop(v, visitor.url, visitorEmail, 'Vic Visitor');

    await r.reload();
    await expect.poll(() => statCard(r, 'Total Clicks').innerText(), WAIT).toContain('1');
    await expect.poll(() => statCard(r, 'Unique Clicks').innerText(), WAIT).toContain('1');

    // The visitor's order is paid (a mock order made by staff): the referrer earns 5 % of it, pending.
    const s = staff.page;
    await login(s, staff.url, 'admin@rwa.dev');
    await s.waitForURL(/\/dashboard$/);
    const sku = `REF-${stamp}`.toUpperCase();
    const { product } = await apiCall(s, '/api/products', {
      title: `Referral vase ${sku}`,
      sku,
      priceFiat: 200,
      priceCrypto: '0.01',
      rwaType: 'art',
      status: 'active',
      stock: 5,
    });
    const made = await apiCall(s, '/api/orders/mock', { userEmail: visitorEmail, productId: product.id, qty: 1 });
    expect(made.ok).toBe(true);
    await r.reload();
    await expect.poll(() => r.getByTestId('pending-notice').isVisible(), WAIT).toBe(true);
    await expect.poll(() => r.locator('tr[data-commission-status="pending"]').count(), WAIT).toBe(1);

    // Finance approves it (no hold for the test) and pays it from the Payouts screen.
    await s.evaluate(async () => {
      const auth = { authorization: `Bearer ${localStorage.getItem('authToken')}`, 'content-type': 'application/json' };
      await fetch('/api/settings', { method: 'PUT', headers: auth, body: JSON.stringify({ commissionHoldDays: 0 }) });
    });
    const list = await apiCall(s, `/api/commissions?q=${encodeURIComponent(referrerEmail)}`);
    expect((await apiCall(s, `/api/referrals/commissions/${list.commissions[0].id}/approve`, {})).ok).toBe(true);
    await s.goto(staff.url('/payouts'));
    await s.getByRole('button', { name: 'Create Payout' }).click();
    const dialog = s.getByRole('dialog');
    await dialog.getByLabel('Recipient email').fill(referrerEmail);
    await dialog.getByRole('button', { name: 'Create Payout' }).click();
    await expect.poll(() => s.getByText('Payout created').isVisible(), WAIT).toBe(true);
    const row = s.locator('tr', { hasText: referrerEmail });
    await expect.poll(() => row.getByText('Pending').isVisible(), WAIT).toBe(true);
    await row.getByRole('link', { name: 'Show' }).click();
    // Dual control: a second member of staff (finance, through the API) approves the admin's payout before it is paid.
    await s.waitForURL(/\/payouts\/[^/]+\/show$/, WAIT);
    const payoutId = /\/payouts\/([^/]+)\/show$/.exec(s.url())![1]!;
    const approval = await s.evaluate(
      async ([id, password]) => {
        const json = { 'content-type': 'application/json' };
        const { token } = await (
          await fetch('/api/admin/auth/login', {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ email: 'finance@rwa.dev', password }),
          })
        ).json();
        return (
          await fetch(`/api/payouts/${id}/approve`, {
            method: 'POST',
            headers: { ...json, authorization: `Bearer ${token}` },
            body: '{}',
          })
        ).status;
      },
      [payoutId, DEV_PASSWORD] as const,
    );
    expect(approval).toBe(200);
    await s.reload();
    await s.getByLabel('Bank reference or transaction hash').fill('BANK-REF-42');
    await s.getByRole('button', { name: 'Mark completed' }).click();
    await s.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => s.getByTestId('lasting-notice').innerText(), WAIT).toMatch(/: Completed$/);

    await r.reload();
    await expect.poll(() => r.locator('tr[data-commission-status="paid"]').count(), WAIT).toBe(1);
  }, 120_000); // three browsers, a sign-up, a purchase and a payout: long on a busy machine

  it('staff see the network and the real rates; finance edits a rate (saved on blur) and approves a pending commission', async () => {
    const s = staff.page;
    // Another paid order of the visitor: a new pending commission for the referrer (the hold is 0 from the first test).
    const sku = `REF2-${stamp}`.toUpperCase();
    const { product } = await apiCall(s, '/api/products', {
      title: `Referral bowl ${sku}`,
      sku,
      priceFiat: 100,
      priceCrypto: '0.01',
      rwaType: 'art',
      status: 'active',
      stock: 5,
    });
    await apiCall(s, '/api/orders/mock', { userEmail: visitorEmail, productId: product.id, qty: 1 });

    await s.goto(staff.url('/referrals'));
    await expect.poll(() => statCardText(s, 'Level 1 / Level 2 rate'), WAIT).toContain('5% / 0.5%');
    await expect.poll(() => s.locator('tr', { hasText: visitorEmail }).count(), WAIT).toBe(1);
    expect(await s.locator('tr', { hasText: visitorEmail }).innerText()).toContain(referrerEmail);

    await s.getByRole('button', { name: 'Show' }).click();
    const rate = s.getByLabel('Level 1 rate (%)');
    await rate.fill('7.5');
    await rate.blur();
    await expect.poll(() => s.getByText('Rate saved').isVisible(), WAIT).toBe(true);
    await s.reload();
    await expect.poll(() => statCardText(s, 'Level 1 / Level 2 rate'), WAIT).toContain('7.5% / 0.5%');
    await s.getByRole('button', { name: 'Show' }).click();
    await s.getByLabel('Level 1 rate (%)').fill('5');
    await s.getByLabel('Level 1 rate (%)').blur();
    await expect.poll(() => statCardText(s, 'Level 1 / Level 2 rate'), WAIT).toContain('5% / 0.5%');

    await s.getByRole('tab', { name: 'Commission history' }).click();
    const pendingRow = s.locator('tr', { hasText: visitorEmail }).filter({ hasText: 'Pending' });
    await expect.poll(() => pendingRow.count(), WAIT).toBe(1);
    await pendingRow.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => s.getByText('Commission approved').isVisible(), WAIT).toBe(true);
    await expect.poll(() => pendingRow.count(), WAIT).toBe(0);
  });

  it('staff find the referrer among the affiliates and view their commissions', async () => {
    const s = staff.page;
    await s.goto(staff.url('/affiliates'));
    await s.getByPlaceholder('Search affiliates...').fill(referrerEmail);
    const row = s.locator('tr', { hasText: referrerEmail });
    await expect.poll(() => row.count(), WAIT).toBe(1);
    expect(await row.innerText()).toContain('Rita Referrer');
    await row.getByRole('button', { name: 'View Commissions' }).click();
    await expect.poll(() => s.getByText('Commissions for Rita Referrer').isVisible(), WAIT).toBe(true);
    await expect.poll(() => s.locator('tr', { hasText: '5.00%' }).count(), WAIT).toBe(2);
  });

  it('staff open Affiliates from the menu and sort it by email with its column header, one way then the other', async () => {
    const s = staff.page;
    await s.goto(staff.url('/dashboard'));
    await s
      .locator('a.RaMenuItemLink-root')
      .filter({ hasText: /^Affiliates$/ })
      .click();
    await s.waitForURL(/\/affiliates/, WAIT);
    // The list keeps its last search (the test before looked for the referrer); emptied, it shows every affiliate.
    await s.getByPlaceholder('Search affiliates...').fill('');
    const emails = async () => (await s.locator('tbody tr').allInnerTexts()).map((row) => row.match(/\S+@\S+/)?.[0]);
    const apiEmails = async (query: string) =>
      ((await apiCall(s, `/api/affiliates?${query}&limit=50`)).affiliates as { email: string }[]).map((a) => a.email);
    const newest = await apiEmails('sort=createdAt&order=desc');
    await expect.poll(emails, WAIT).toEqual(newest);
    const byEmail = await apiEmails('sort=email&order=asc');
    expect(byEmail).not.toEqual(newest);
    await s.locator('thead').getByText('Email', { exact: true }).click();
    await expect.poll(emails, WAIT).toEqual(byEmail);
    expect(s.url()).toContain('sort=email');
    expect(s.url()).toContain('order=ASC');
    await s.locator('thead').getByText('Email', { exact: true }).click();
    await expect.poll(emails, WAIT).toEqual(await apiEmails('sort=email&order=desc'));
  });

  afterAll(async () => {
    await resetDevSettings(staff.page).catch(() => undefined);
  });
});
