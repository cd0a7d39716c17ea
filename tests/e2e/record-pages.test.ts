/**
 * Every record page reached as a person reaches it: the menu, the list, a click on a row. react-admin first renders
 * the page with the record the list holds and then with the one-record answer, so a page that reads a field only the
 * latter carries shows the error screen on a click but not after a typed URL; these tests click.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmSignup, DEV_PASSWORD, login, openBrowser, openRecord } from './browser.js';
import { hasShow } from './screens.js';
import { LIST_SCREENS, MENU, type ResourceName } from '../../src/common/resources.js';
import en from '../../src/admin/i18n/en.js';

const WAIT = { timeout: 20_000 };
/** A click in the app changes its address without loading a page: waiting for the address, not for a load event. */
const AT = { ...WAIT, waitUntil: 'commit' as const };
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

let b: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
/** Uncaught errors and React's reports of a crashed render, from the page. */
const problems: string[] = [];

/** A JSON call from the page, with its stored token or the one given ('' for none). */
const call = (method: string, path: string, body?: unknown, token?: string) =>
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

const tokenOf = async (email: string) =>
  (await call('POST', '/api/admin/auth/login', { email, password: DEV_PASSWORD }, '')).token as string;

/** A shopper's KYC session, sent as the shop sends it (multipart, a real PNG). */
async function sendKyc(token: string, legalName: string) {
  const png = (
    await sharp({ create: { width: 320, height: 200, channels: 3, background: '#8aa' } })
      .png()
      .toBuffer()
  ).toString('base64');
  return page.evaluate(
    async ([tok, name, data]) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        legalName: name,
        dateOfBirth: '1990-02-03',
        country: 'DE',
        documentType: 'passport',
        documentNumber: 'C01X00T47',
      }))
        form.append(k, v);
      form.append(
        'document',
        new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], { type: 'image/png' }),
        'passport.png',
      );
      const res = await fetch('/api/kyc/session', {
        method: 'POST',
        headers: { authorization: `Bearer ${tok}` },
        body: form,
      });
      return res.status;
    },
    [token, legalName, png] as const,
  );
}

/** What the other tests click through: a paid mock order, a coupon, a payout with its commission, a KYC session. */
async function makeRecords() {
  const referrer = `record.referrer.${stamp}@example.com`;
  const buyer = `record.buyer.${stamp}@example.com`;
  for (const [email, name] of [
    [referrer, 'Rita Record'],
    [buyer, 'Bea Record'],
  ]) {
    expect((await call('POST', '/api/shop/auth/signup', { name, email, password: DEV_PASSWORD }, '')).ok).toBe(true);
    await confirmSignup(email);
  }
  const code = (await call('POST', '/api/referrals/link', {}, await tokenOf(referrer))).referralCode as string;
  expect((await call('POST', '/api/referrals/attribute', { code }, await tokenOf(buyer))).ok).toBe(true);
  expect((await call('PUT', '/api/settings', { commissionHoldDays: 0 })).ok).toBe(true);
  const sku = `REC-${stamp}`.toUpperCase();
  const { product } = await call('POST', '/api/products', {
    title: `Record lamp ${sku}`,
    sku,
    priceFiat: 120,
    priceCrypto: '0.01',
    rwaType: 'art',
    status: 'active',
    stock: 9,
  });
  expect((await call('POST', '/api/orders/mock', { userEmail: buyer, productId: product.id, qty: 1 })).ok).toBe(true);
  const { commissions } = await call('GET', `/api/commissions?q=${encodeURIComponent(referrer)}`);
  expect((await call('POST', `/api/referrals/commissions/${commissions[0].id}/approve`, {})).ok).toBe(true);
  expect((await call('POST', '/api/payouts', { recipientEmail: referrer })).ok).toBe(true);
  expect(
    (
      await call('POST', '/api/coupons', {
        code: `REC${stamp}`.toUpperCase(),
        discountType: 'percentage',
        discountValue: 10,
      })
    ).ok,
  ).toBe(true);
  expect(await sendKyc(await tokenOf(buyer), `Bea Record ${stamp}`)).toBe(201);
  expect((await call('PUT', '/api/settings', { commissionHoldDays: 14 })).ok).toBe(true);
  // A webhook endpoint (the seed has none), turned off: it sends nothing anywhere.
  const endpoint = { url: `http://127.0.0.1:9/record-pages/${stamp}`, events: ['order.paid'], enabled: false };
  expect((await call('POST', '/api/webhooks', { ...endpoint, description: `Record hook ${stamp}` })).ok).toBe(true);
}

beforeAll(async () => {
  b = await openBrowser();
  page = b.page;
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /TypeError|Cannot read|is not a function/.test(m.text())) problems.push(m.text());
  });
  await login(page, b.url, 'admin@rwa.dev');
  await page.waitForURL(/\/dashboard$/, AT);
  await makeRecords();
});
afterAll(async () => {
  await b?.close();
});

/**
 * Opens a list from the menu (the list may put back its remembered search in the address) and waits for its own table (a column only it has, `column-<source>`), so that the
 * rows clicked next are not the previous list's, still on screen while the next one loads.
 */
async function openList(name: string, path: RegExp, column: string) {
  await menu(name).click();
  await page.waitForURL(path, AT);
  await expect.poll(() => page.locator(`main th.column-${column}`).count(), WAIT).toBeGreaterThan(0);
}

/** Browser Back to a list, waiting for its own table as `openList` does. */
async function backTo(path: RegExp, column: string) {
  await page.goBack();
  await page.waitForURL(path, AT);
  await expect.poll(() => page.locator(`main th.column-${column}`).count(), WAIT).toBeGreaterThan(0);
}

const menu = (name: string) => page.locator('a.RaMenuItemLink-root').filter({ hasText: new RegExp(`^${name}$`) });
const rows = () => page.locator('main tbody tr');

/** Types into the list's search once the list has loaded, as a person does. */
async function search(text: string, placeholder: string | RegExp = /search/i) {
  await expect.poll(() => rows().count(), WAIT).toBeGreaterThan(0);
  await page.getByPlaceholder(placeholder).fill(text);
  // The list takes the search into its address after a pause; a click before that would be overtaken by it.
  await expect.poll(() => decodeURIComponent(page.url()), WAIT).toContain(text);
}

/** The page is the record's and stays so: no error screen, nothing thrown, `text` shown once the detail is in. */
async function expectRecordPage(path: RegExp, text: RegExp) {
  await page.waitForURL(path, AT).catch((err: Error) => {
    throw new Error(`${err.message}\n(the page is at ${page.url()})`);
  });
  await expect.poll(() => page.locator('[data-testid="detail-pending"]').count(), WAIT).toBe(0);
  await expect.poll(() => page.locator('main').innerText(), WAIT).toMatch(text);
  expect(await page.getByText('Something went wrong').count()).toBe(0);
  expect(problems).toEqual([]);
}

/** Clicks row `index` of the list as a person does: on its first cell (after a selection checkbox), not on a button in it. */
async function clickRow(index = 0) {
  await expect.poll(() => rows().count(), WAIT).toBeGreaterThan(index);
  await rows().nth(index).locator('td:not(.MuiTableCell-paddingCheckbox)').first().click();
}

/** From a record page back to its list with the List button, which shows rows again. */
async function backToList(path: RegExp) {
  await page.locator('main').getByRole('link', { name: 'List' }).first().click();
  await page.waitForURL(path, AT);
  await expect.poll(() => rows().count(), WAIT).toBeGreaterThan(0);
}

describe('record pages opened by a click on their list', () => {
  it('Orders: a new paid mock order and a seeded order open from their rows with their lines and payment', async () => {
    await openList('Orders', /\/orders(\?.*)?$/, 'qty');
    await clickRow(0);
    await expectRecordPage(/\/orders\/[^/]+\/show$/, /Items[\s\S]*Record lamp[\s\S]*Payment/);
    await backToList(/\/orders/);
    await clickRow(7);
    await expectRecordPage(/\/orders\/[^/]+\/show$/, /Summary[\s\S]*Items/);
    await backToList(/\/orders/);
  });

  it('Products: show from the row, edit the stock, save, back to the list', async () => {
    await openList('Products', /\/products(\?.*)?$/, 'sku');
    await search(`REC-${stamp}`.toUpperCase());
    await expect.poll(() => rows().first().innerText(), WAIT).toContain('Record lamp');
    await clickRow(0);
    await expectRecordPage(/\/products\/[^/]+\/show$/, /Record lamp/);
    await page.locator('main').getByRole('link', { name: 'Edit' }).first().click();
    await page.waitForURL(/\/products\/[^/]+$/, AT);
    await page.getByLabel('Stock').fill('7');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectRecordPage(/\/products\/[^/]+\/show$/, /Stock\s*7\b/);
    await backToList(/\/products/);
  });

  it('Coupons: show from the row, edit the description, save, back to the list', async () => {
    await openList('Coupons', /\/coupons(\?.*)?$/, 'discountType');
    await clickRow(0);
    await expectRecordPage(/\/coupons\/[^/]+\/show$/, new RegExp(`REC${stamp}`, 'i'));
    await page.locator('main').getByRole('link', { name: 'Edit' }).first().click();
    await page.waitForURL(/\/coupons\/[^/]+$/, AT);
    await page.getByLabel('Description').fill('Clicked, edited and saved');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectRecordPage(/\/coupons\/[^/]+\/show$/, /Clicked, edited and saved/);
    await backToList(/\/coupons/);
  });

  it('Users: show from the row with sessions and security, edit the phone, save, back to the list', async () => {
    await openList('Users', /\/users(\?.*)?$/, 'kycStatus');
    await search(`record.referrer.${stamp}`);
    await expect.poll(() => rows().first().innerText(), WAIT).toContain(`record.referrer.${stamp}`);
    await clickRow(0);
    await expectRecordPage(/\/users\/[^/]+\/show$/, /Two-factor[\s\S]*Sessions/i);
    await page.locator('main').getByRole('link', { name: 'Edit' }).first().click();
    await page.waitForURL(/\/users\/[^/]+$/, AT);
    await page.getByLabel('Phone').fill('+49 30 1234567');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectRecordPage(/\/users\/[^/]+\/show$/, /\+49 30 1234567/);
    await backToList(/\/users/);
  });

  it('KYC review: the session opens from its row with the document', async () => {
    await openList('Users', /\/users(\?.*)?$/, 'kycStatus');
    await page.getByRole('tab', { name: 'KYC review' }).click();
    await page.waitForURL(/\/kyc/, AT);
    await expect.poll(() => page.locator('main th.column-documentType').count(), WAIT).toBeGreaterThan(0);
    // Oldest first: sessions other tests left pending may come before this one.
    const at = async () => (await rows().allInnerTexts()).findIndex((text) => text.includes(`Bea Record ${stamp}`));
    await expect.poll(at, WAIT).toBeGreaterThanOrEqual(0);
    await clickRow(await at());
    await expectRecordPage(/\/kyc\/[^/]+\/show$/, new RegExp(`Bea Record ${stamp}`));
    await backToList(/\/kyc/);
  });
});

/** Every list whose records have a page of their own (src/admin/resources/<name>/ has a show screen), from the registry. */
const RECORD_LISTS = LIST_SCREENS.filter(({ resource }) => hasShow(resource));
/** What a record page shows once its detail is in, where more is checked than that it opens without an error. */
const SHOWS: Partial<Record<ResourceName, RegExp>> = {
  payments: /Order[\s\S]*Refunds[\s\S]*Timeline/,
  payouts: new RegExp(`record\\.referrer\\.${stamp}[\\s\\S]*Commissions`),
  'mint-queue': /Token \S+ ×[\s\S]*On chain[\s\S]*Times/,
  affiliates: /Referral code[\s\S]*Referred users[\s\S]*Commissions for/,
};

/** A list reached as a person reaches it: its menu item where it has one, else its address (a tab of another screen). */
async function openListScreen(resource: ResourceName, path: string) {
  // The previous list's rows stay on screen until this one's replace them (a row of it may even be re-rendered
  // meanwhile): the first row clicked must be under this list's own column headings, which differ from list to list.
  const previous = await headings();
  const item = MENU.find((m) => m.resource === resource);
  if (item) await menu(en.app.menu[item.label as keyof typeof en.app.menu]).click();
  else await page.goto(b.url(path));
  await page.waitForURL(new RegExp(`${path}(\\?.*)?$`), AT);
  await expect.poll(async () => (await headings()) || previous, WAIT).not.toBe(previous);
}

/** The column headings of the table on screen, '' when there is none. */
const headings = async () =>
  (await page.locator('main thead').count()) ? page.locator('main thead').first().innerText() : '';

describe('every record page opened by a click on the first row of its list', () => {
  it.each(RECORD_LISTS)('$resource: the first row of $path opens its record page', async ({ resource, path }) => {
    await openListScreen(resource, path);
    // The rows of this list's own card: the previous list's may still be on screen while this one loads.
    const own = page.locator(`main [data-list="${resource}"] tbody tr`);
    await expect.poll(() => own.count(), WAIT).toBeGreaterThan(0);
    await openRecord(page, () => own.first().locator('td:not(.MuiTableCell-paddingCheckbox)').first().click());
    await expectRecordPage(new RegExp(`/${resource}/[^/]+/show$`), SHOWS[resource] ?? /\S/);
    await backToList(new RegExp(`${path}(\\?.*)?$`));
  });
});

describe('relations as links', () => {
  it('an order row’s customer opens the user, the order’s line its product, a payout’s recipient (row and page) the user', async () => {
    await openList('Orders', /\/orders(\?.*)?$/, 'qty');
    const buyer = `record.buyer.${stamp}@example.com`;
    await search(buyer, 'Email or order ID');
    await expect.poll(() => rows().first().innerText(), WAIT).toContain(buyer);
    await rows().first().getByRole('link', { name: buyer }).click();
    await expectRecordPage(/\/users\/[^/]+\/show$/, /Bea Record/);
    await backTo(/\/orders/, 'qty');
    await clickRow(0);
    await expectRecordPage(/\/orders\/[^/]+\/show$/, /Items/);
    await page
      .locator('main')
      .getByRole('link', { name: /Record lamp/ })
      .click();
    await expectRecordPage(/\/products\/[^/]+\/show$/, /Record lamp/);

    await openList('Payouts', /\/payouts(\?.*)?$/, 'recipient');
    await rows()
      .first()
      .getByRole('link', { name: `record.referrer.${stamp}@example.com` })
      .click();
    await expectRecordPage(/\/users\/[^/]+\/show$/, /Rita Record/);
    await backTo(/\/payouts/, 'recipient');
    await clickRow(0);
    await expectRecordPage(/\/payouts\/[^/]+\/show$/, /Commissions/);
    await page
      .locator('main')
      .getByRole('link', { name: `record.referrer.${stamp}@example.com` })
      .click();
    await expectRecordPage(/\/users\/[^/]+\/show$/, /Rita Record/);
  });
});

describe('an order opened from the list on a phone', () => {
  it('as an operator at 390 px: menu, Orders, a row, the order page, back', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, b.url, 'operator@rwa.dev');
    await page.waitForURL(/\/dashboard$/, AT);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu('Orders').click();
    await page.waitForURL(/\/orders$/, AT);
    // A phone shows the list as a simple list of links, one per order, rather than a table.
    const items = page.locator('main .phone-list a');
    await expect.poll(() => items.count(), WAIT).toBeGreaterThan(0);
    await items.first().click();
    await expectRecordPage(/\/orders\/[^/]+\/show$/, /Items[\s\S]*Payment/);
    await page.locator('main').getByRole('link', { name: 'List' }).first().click();
    await page.waitForURL(/\/orders/, AT);
    await expect.poll(() => items.count(), WAIT).toBeGreaterThan(0);
    await page.setViewportSize({ width: 1400, height: 900 });
  });
});
