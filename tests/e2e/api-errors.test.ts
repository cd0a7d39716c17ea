/**
 * What a person sees when the server stops answering, when their session ends and when 2FA becomes required, on the
 * screens the data provider loads and on those that call the API themselves. The server is "down" for the browser
 * alone (its /api/ requests are refused as an unreachable host's are), so that it comes back when the route is lifted.
 */
import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { apiCall, browserForFile, DEV_PASSWORD, login, serverUrl } from './browser.js';

const WAIT = { timeout: 20_000 };
const READ_FAILED = 'The server cannot be reached; we will retry.';
const WRITE_FAILED = 'The server could not be reached. Check the connection and try again.';
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();

const b = await browserForFile();
const page: Page = b.page;
// The page's own clock, which runs as a real one until a wait below moves it on (see `soon`).
await page.clock.install();
await login(page, b.url, 'admin@rwa.dev');
await page.waitForURL(/\/dashboard$/, WAIT);

/**
 * Waits for what a person sees a few seconds later: each look moves the page's clock a second on, so that its retries
 * (one and two seconds apart) and its recovery timer (every five) come without this file spending those seconds.
 */
const soon = <T>(look: () => Promise<T>) =>
  expect.poll(async () => {
    await page.clock.fastForward(1_000);
    return look();
  }, WAIT);

const isApi = (url: URL) => url.pathname.startsWith('/api/');
const serverDown = () => page.route(isApi, (route) => route.abort('connectionrefused'));
const serverBack = () => page.unroute(isApi);

const menu = (name: string) => page.locator('a.RaMenuItemLink-root').filter({ hasText: new RegExp(`^${name}$`) });
const notice = (text: string) => page.locator('.MuiSnackbar-root').getByText(text, { exact: true });
const main = () => page.locator('main');
const rows = () => page.locator('main tbody tr');

/** Logs in on the login page the app went to, as a person would (not by opening /login, which forgets where they were). */
async function logInHere(email: string, password = DEV_PASSWORD) {
  await page.getByRole('textbox', { name: /email/i }).fill(email);
  await page.getByRole('textbox', { name: /password/i }).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
}

describe('the server stops answering', () => {
  it('Orders says so in a sentence instead of "Failed to fetch", and shows its rows by itself once it answers', async () => {
    await serverDown();
    try {
      await menu('Orders').click();
      await page.waitForURL(/\/orders$/, WAIT);
      await soon(() => main().getByText(`Failed to load orders: ${READ_FAILED}`).isVisible()).toBe(true);
      expect(await page.getByText('Failed to fetch').count()).toBe(0);
    } finally {
      await serverBack();
    }
    // Nobody clicks Refresh: the list asks again by itself.
    await soon(() => rows().count()).toBeGreaterThan(0);
    expect(await main().getByText(READ_FAILED).count()).toBe(0);
  });

  it('Save says so and keeps what was typed; saving again once it answers goes through', async () => {
    const sku = `NET-${stamp}`;
    await apiCall(page, '/api/products', {
      title: `Network lamp ${stamp}`,
      sku,
      priceFiat: 10,
      priceCrypto: '0.01',
      rwaType: 'art',
      status: 'draft',
      stock: 1,
    });
    await menu('Products').click();
    await page.waitForURL(/\/products$/, WAIT);
    await page.getByPlaceholder('Search products').fill(sku);
    await expect.poll(() => rows().count(), WAIT).toBe(1);
    await rows().first().click();
    await page.waitForURL(/\/products\/[^/]+\/show$/, WAIT);
    await main().getByRole('link', { name: 'Edit' }).first().click();
    await page.waitForURL(/\/products\/[^/]+$/, WAIT);
    const name = page.getByLabel('Name');
    await expect.poll(() => name.inputValue(), WAIT).toBe(`Network lamp ${stamp}`);
    await name.fill(`Renamed lamp ${stamp}`);

    await serverDown();
    try {
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => notice(WRITE_FAILED).isVisible(), WAIT).toBe(true);
      expect(await page.getByText('Failed to fetch').count()).toBe(0);
      expect(page.url()).toMatch(/\/products\/[^/]+$/);
      expect(await name.inputValue()).toBe(`Renamed lamp ${stamp}`);
    } finally {
      await serverBack();
    }
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/products\/[^/]+\/show$/, WAIT);
    await expect.poll(() => main().getByText(`Renamed lamp ${stamp}`).first().isVisible(), WAIT).toBe(true);
  });

  it('a record page says so in place of the record, stays on it, and shows the record by itself once it answers', async () => {
    await menu('Orders').click();
    await page.waitForURL(/\/orders(\?.*)?$/, WAIT);
    // An order with a customer account (the newest may be a guest's, left by another file): the seeded shopper's.
    await page.getByPlaceholder('Email or order ID').fill('shopper@rwa.dev');
    await expect.poll(() => decodeURIComponent(page.url()), WAIT).toContain('shopper@rwa.dev');
    await expect.poll(() => rows().first().innerText(), WAIT).toContain('shopper@rwa.dev');
    await rows().first().click();
    await page.waitForURL(/\/orders\/[^/]+\/show$/, WAIT);
    await expect.poll(() => main().getByTestId('detail-pending').count(), WAIT).toBe(0);
    const customer = main().getByRole('link', { name: /@/ }).first();
    const email = await customer.innerText();

    await serverDown();
    let address: string | undefined;
    try {
      // Another record, reached as a person reaches it: the order's customer.
      await customer.click();
      await page.waitForURL(/\/users\/[^/]+\/show$/, WAIT);
      address = page.url();
      await soon(() => main().getByText(READ_FAILED).first().isVisible()).toBe(true);
      expect(await notice('Element does not exist').count()).toBe(0);
      expect(page.url()).toBe(address);
    } finally {
      await serverBack();
    }
    // Nobody clicks Refresh: the record page asks again by itself.
    await soon(() => main().getByText(email, { exact: true }).first().isVisible()).toBe(true);
    await expect.poll(() => main().getByTestId('detail-pending').count(), WAIT).toBe(0);
    await expect.poll(() => main().getByText(READ_FAILED).count(), WAIT).toBe(0);
    expect(page.url()).toBe(address);
  });

  it('an Edit page opened without the server keeps what is typed, and takes the record back once it answers', async () => {
    const sku = `KEEP-${stamp}`;
    await apiCall(page, '/api/products', {
      title: `Kept lamp ${stamp}`,
      sku,
      priceFiat: 10,
      priceCrypto: '0.01',
      rwaType: 'art',
      status: 'draft',
      stock: 1,
    });
    await menu('Products').click();
    await page.waitForURL(/\/products(\?.*)?$/, WAIT);
    await page.getByPlaceholder('Search products').fill(sku);
    // The list may still show the last search's row until this one is answered.
    await expect.poll(() => rows().allInnerTexts(), WAIT).toEqual([expect.stringContaining(`Kept lamp ${stamp}`)]);
    await rows().first().click();
    await page.waitForURL(/\/products\/[^/]+\/show$/, WAIT);
    await expect.poll(() => main().getByText(`Kept lamp ${stamp}`).first().isVisible(), WAIT).toBe(true);

    await serverDown();
    const name = page.getByLabel('Name');
    let address: string | undefined;
    try {
      // The form opens with the record the page already holds; its own reload finds no server.
      await main().getByRole('link', { name: 'Edit' }).first().click();
      await page.waitForURL(/\/products\/[^/]+$/, WAIT);
      address = page.url();
      await expect.poll(() => name.inputValue(), WAIT).toBe(`Kept lamp ${stamp}`);
      await name.fill(`Typed lamp ${stamp}`);
      await soon(() => main().getByText(READ_FAILED).first().isVisible()).toBe(true);
      expect(await notice('Element does not exist').count()).toBe(0);
      expect(page.url()).toBe(address);
      expect(await name.inputValue()).toBe(`Typed lamp ${stamp}`);
    } finally {
      await serverBack();
    }
    await soon(() => main().getByText(READ_FAILED).count()).toBe(0);
    expect(page.url()).toBe(address);
    expect(await name.inputValue()).toBe(`Typed lamp ${stamp}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/products\/[^/]+\/show$/, WAIT);
    await expect.poll(() => main().getByText(`Typed lamp ${stamp}`).first().isVisible(), WAIT).toBe(true);
  });

  it("the shop's products say so too, and show themselves once it answers", async () => {
    await page.goto(b.url('/shop'));
    await expect.poll(() => page.getByRole('heading').first().isVisible(), WAIT).toBe(true);
    await serverDown();
    try {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
      await soon(() => page.getByText(`The products could not be loaded: ${READ_FAILED}`).isVisible()).toBe(true);
    } finally {
      await serverBack();
    }
    await soon(() => page.getByRole('heading', { level: 3 }).count()).toBeGreaterThan(0);
    expect(await page.getByText(READ_FAILED).count()).toBe(0);
    await page.goto(b.url('/dashboard'));
    await page.waitForURL(/\/dashboard$/, WAIT);
  });
});

describe('the server fails', () => {
  it("a 5xx answer's notice on a list gives the request's reference (the body's requestId)", async () => {
    const id = `e2e-${stamp.toLowerCase()}`;
    const isOrders = (url: URL) => url.pathname === '/api/orders';
    // The server's own answer to a request that failed in it (plugins/errors.ts, request-log.ts add the id).
    await page.route(isOrders, (route) =>
      route.fulfill({
        status: 500,
        headers: { 'x-request-id': id },
        json: {
          ok: false,
          success: false,
          error: 'Something went wrong on the server. Please try again.',
          code: 'internal',
          messageCode: 'internal',
          requestId: id,
        },
      }),
    );
    try {
      await menu('Orders').click();
      await page.waitForURL(/\/orders(\?.*)?$/, WAIT);
      await soon(() => main().innerText()).toContain(`Reference: ${id}`);
    } finally {
      await page.unroute(isOrders);
    }
    // The page loaded again lists the orders without the notice. (Going to the Dashboard and back instead left the
    // screen blank in two CI runs at load 5-20, never on a run here: issue 37's note.)
    await page.reload();
    await soon(() => rows().count())
      .toBeGreaterThan(0)
      .catch(async (err: Error) => {
        throw new Error(`${err.message}\nthe screen at ${page.url()} shows:\n${await main().innerText()}`);
      });
    expect(await main().getByText(`Reference: ${id}`).count()).toBe(0);
  });
});

describe('one-off loads on screens that call the API themselves', () => {
  it('the DNS resolve box says so, then answers by itself once the server is back', async () => {
    const name = `net-${stamp.toLowerCase()}.rwa.test`;
    await apiCall(page, '/api/domain/record/create', { domain: name, type: 'A', value: '192.0.2.77' });
    await menu('Domain Management').click();
    await page.waitForURL(/\/domain-management/, WAIT);
    await page.getByRole('textbox', { name: 'Domain name' }).fill(name);
    await serverDown();
    try {
      await page.getByRole('button', { name: 'Resolve' }).click();
      await soon(() => main().getByText(READ_FAILED).first().isVisible()).toBe(true);
      expect(await page.getByText('Failed to fetch').count()).toBe(0);
    } finally {
      await serverBack();
    }
    // Nobody clicks Resolve again.
    await soon(() => page.getByTestId('dns-resolution').innerText()).toContain('192.0.2.77');
    expect(await main().getByText(READ_FAILED).count()).toBe(0);
  });

  it('the two-factor page says so, then shows its status by itself once the server is back', async () => {
    await menu('Dashboard').click();
    await page.waitForURL(/\/dashboard$/, WAIT);
    await serverDown();
    try {
      await page
        .getByRole('button', { name: /profile/i })
        .first()
        .click();
      await page.getByRole('menuitem', { name: 'Two-factor authentication' }).click();
      await page.waitForURL(/\/two-factor$/, WAIT);
      await soon(() => page.getByText(READ_FAILED).first().isVisible()).toBe(true);
    } finally {
      await serverBack();
    }
    await soon(() => page.getByRole('button', { name: 'Set up two-factor authentication' }).isVisible()).toBe(true);
    expect(await page.getByText(READ_FAILED).count()).toBe(0);
    await page.goto(b.url('/dashboard'));
    await page.waitForURL(/\/dashboard$/, WAIT);
  });
});

describe('the session ends on a screen that calls the API itself', () => {
  it('Reports goes to the login, and the login comes back to Reports as it was', async () => {
    await menu('Reports').click();
    await page.waitForURL(/\/reports$/, WAIT);
    await expect.poll(() => main().getByText('New Users').first().isVisible(), WAIT).toBe(true);
    // The session is revoked on the server; the browser still holds its token.
    await apiCall(page, '/api/admin/auth/logout', {});
    await page.getByRole('combobox', { name: 'Date Range' }).click();
    await page.getByRole('option', { name: 'Last 90 days' }).click();
    await page.waitForURL(/\/login$/, WAIT);
    await logInHere('admin@rwa.dev');
    await page.waitForURL(/\/reports\?range=90d$/, WAIT);
    await expect.poll(() => page.getByRole('combobox', { name: 'Date Range' }).innerText(), WAIT).toBe('Last 90 days');
    await expect.poll(() => main().getByText('New Users').first().isVisible(), WAIT).toBe(true);
  });
});

/** A new admin with 2FA on, and their token: only such an admin may require 2FA of everyone. */
async function enrolledAdmin(): Promise<string> {
  const email = `guard.${stamp.toLowerCase()}@rwa.dev`;
  const password = 'guard-password-1';
  await apiCall(page, '/api/users', { email, name: 'Gina Guard', role: 'admin', password });
  const call = async (path: string, body: unknown, token?: string) =>
    (
      await fetch(serverUrl(path), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      })
    ).json() as Promise<Record<string, string>>;
  const { token } = await call('/api/admin/auth/login', { email, password });
  const { secret } = await call('/api/auth/2fa/setup', {}, token);
  await call('/api/auth/2fa/enable', { code: await generate({ secret }) }, token);
  return token!;
}

const requireTwoFactor = async (token: string, on: boolean) => {
  const res = await fetch(serverUrl('/api/settings'), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ twoFactorAuth: on }),
  });
  expect(res.status).toBe(200);
};

describe('2FA becomes required during the session', () => {
  it('the next screen that calls the API itself goes to enrolment', async () => {
    const guard = await enrolledAdmin();
    await menu('Dashboard').click();
    await page.waitForURL(/\/dashboard$/, WAIT);
    await requireTwoFactor(guard, true);
    try {
      await expect
        .poll(async () => ((await apiCall(page, '/api/auth/me')) as { restriction?: string }).restriction, WAIT)
        .toBe('two_factor_enrolment');
      // The next screen goes there; a poll of this one (the bell's) may meet the 403 first and go there by itself,
      // taking the menu away before the click.
      await menu('Settings')
        .click({ timeout: 5_000 })
        .catch(() => undefined);
      await page.waitForURL(/\/two-factor$/, WAIT);
      await expect
        .poll(() => page.getByRole('button', { name: 'Set up two-factor authentication' }).isVisible(), WAIT)
        .toBe(true);
    } finally {
      await requireTwoFactor(guard, false);
    }
  });
});
