import sharp from 'sharp';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  confirmSignup,
  DEV_PASSWORD,
  goTo,
  login,
  openBrowser,
  openRecord,
  screenSettled,
  screenshot,
  serverUrl,
} from './browser.js';
import { seriousViolations } from './accessibility.js';
import { hasShow } from './screens.js';
import { NAV_ITEMS } from '../../src/admin/layout/nav.js';
import { LIST_SCREENS, MENU, type ResourceName } from '../../src/common/resources.js';

// The light and dark files import this each and may start in the same millisecond: their shoppers must differ all
// the same, as both files' servers email one mail folder.
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
/** Made before the tests: a shopper who referred the member, and the member whose histories, redemption and KYC fill the lists. */
const referrer = `phones-referrer-${run}@example.com`;
const member = `phones-member-${run}@example.com`;
const domain = `phones-${run}.rwa.test`;
const m = encodeURIComponent(member);

/**
 * What a list of the registry needs beyond the default (a list at its route, the made records' rows with no buttons of
 * their own, a tap opening the record where the resource has a show page): `query` its address needs, `actions` the
 * buttons a row of the made records offers in its line on a phone, `table: false` for records shown as cards or an
 * inbox rather than a list and a table (checked as a screen only).
 */
const LIST_DETAILS: Partial<Record<ResourceName, { query?: string; actions?: readonly string[]; table?: false }>> = {
  redemptions: { actions: ['Approve', 'Reject'] },
  commissions: { actions: ['Approve', 'Reject'] },
  'membership-points': { query: `?email=${m}` },
  'membership-redemptions': { query: `?email=${m}` },
  'membership-conversions': { query: `?email=${m}` },
  'dns-records': { table: false },
  inbox: { table: false },
};
const addressOf = ({ resource, path }: (typeof LIST_SCREENS)[number]) => path + (LIST_DETAILS[resource]?.query ?? '');

/**
 * Every list of the admin, with a row from the seed or made below: at 390 px a simple list (a tap opens the record
 * where `opens`), at 1440 px a table.
 */
const LISTS = LIST_SCREENS.filter(({ resource }) => LIST_DETAILS[resource]?.table !== false).map((list) => ({
  path: addressOf(list),
  opens: hasShow(list.resource),
  actions: LIST_DETAILS[list.resource]?.actions,
}));
/** Every menu screen, every list and the tabs that are not lists: none may be wider than the window. */
const SCREENS = [
  ...new Set([
    ...MENU.map((item) => `/${item.resource}`),
    ...LIST_SCREENS.map(addressOf),
    '/notifications/send',
    `/membership?email=${m}`,
  ]),
];

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** A JSON call to the API with `token`'s session (none: a public call); a refusal fails the test with the server's answer. */
async function call(token: string | null, method: string, path: string, body?: unknown) {
  const res = await fetch(serverUrl(path), {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}
const logIn = async (email: string): Promise<string> =>
  (await call(null, 'POST', '/api/admin/auth/login', { email, password: DEV_PASSWORD })).token;
async function signUp(email: string, name: string) {
  await call(null, 'POST', '/api/shop/auth/signup', { name, email, password: DEV_PASSWORD });
  await confirmSignup(email);
  return logIn(email);
}

/**
 * A row for each list the seed leaves empty, made through the API as the screens make them: a referral (network,
 * affiliate), a commission paid out and a pending one, points, a pending redemption, a conversion (and its mint job),
 * a coupon, a pending KYC session, a notification and a bulk send, a DNS script run and a resolution. The sign-ups
 * put their emails in the outbox.
 */
async function fillEveryList() {
  const admin = await logIn('admin@rwa.dev');
  const api = (method: string, path: string, body?: unknown) => call(admin, method, path, body);
  const [r, mem] = await Promise.all([signUp(referrer, 'Rae Referrer'), signUp(member, 'Max Member')]);
  const { referralCode } = await call(r, 'POST', '/api/referrals/link', {});
  await call(mem, 'POST', '/api/referrals/attribute', { code: referralCode });

  const goods = async (sku: string, priceFiat: number) =>
    (
      await api('POST', '/api/products', {
        title: `Phones ${sku}`,
        sku,
        priceFiat,
        priceCrypto: '0.01',
        rwaType: 'collectibles',
        status: 'active',
        stock: 10,
      })
    ).product as { id: string };
  const bought = await goods(`PH-${run}`.toUpperCase(), 100);
  const reward = await goods(`PR-${run}`.toUpperCase(), 1);
  const paidOrder = () => api('POST', '/api/orders/mock', { userEmail: member, productId: bought.id, qty: 1 });

  // The referrer's first commission is approved (no hold for it) and paid out; the second stays pending.
  await paidOrder();
  const { settings } = await api('GET', '/api/settings');
  await api('PUT', '/api/settings', { commissionHoldDays: 0 });
  try {
    const { commissions } = await api('GET', `/api/commissions?q=${encodeURIComponent(referrer)}`);
    await api('POST', `/api/referrals/commissions/${commissions[0].id}/approve`, {});
  } finally {
    await api('PUT', '/api/settings', { commissionHoldDays: settings.commissionHoldDays });
  }
  await api('POST', '/api/payouts', { recipientEmail: referrer });
  await paidOrder();

  await api('POST', '/api/membership/points/add', { email: member, amount: 1000, reason: 'Phones check' });
  await call(mem, 'POST', '/api/redemptions', { productId: reward.id, quantity: 1 });
  await call(mem, 'PUT', '/api/referrals/wallet', { walletAddress: privateKeyToAccount(generatePrivateKey()).address });
  await call(mem, 'POST', '/api/membership/tokens/convert', { fromToken: 'POINTS', toToken: 'LOYALTY', amount: 100 });

  await api('POST', '/api/coupons', {
    code: `PHONES-${run}`.toUpperCase(),
    discountType: 'percentage',
    discountValue: 10,
  });
  // Off, so that nothing is delivered: a closed loopback port (the browser tests' server allows http and loopback).
  await api('POST', '/api/webhooks', {
    url: `http://127.0.0.1:9/phones-${run}`,
    events: ['order.paid'],
    description: 'Phones check',
    enabled: false,
  });

  const form = new FormData();
  for (const [k, v] of Object.entries({
    legalName: 'Max Member',
    dateOfBirth: '1990-02-03',
    country: 'DE',
    documentType: 'passport',
    documentNumber: `P${run}`,
  }))
    form.append(k, v);
  const png = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#6d8fb3' } })
    .png()
    .toBuffer();
  form.append('document', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'passport.png');
  const kyc = await fetch(serverUrl('/api/kyc/session'), {
    method: 'POST',
    headers: { authorization: `Bearer ${mem}` },
    body: form,
  });
  expect(kyc.status, await kyc.clone().text()).toBe(201);

  const message = { title: 'Phones check', body: 'A line for the phone lists.', channels: ['in_app'] };
  await api('POST', '/api/notifications/send', { email: member, ...message });
  await api('POST', '/api/notifications/bulk', { audience: 'finance', ...message });

  await api('POST', '/api/domain/script/execute', {
    scriptName: 'Create DNS Record',
    parameters: { domain, type: 'A', value: '192.0.2.55', ttl: 300 },
  });
  await api('GET', `/api/domain/resolve/${domain}`);
}

/** How far the page reaches past the window's right edge, in px (0 when nothing is cut off sideways). */
const overflow = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

/** What is wrong with the screen's rows of stat cards on a phone: a row on more than one line, a card cutting its figure off. */
const statCardFaults = (page: Page) =>
  page.locator('.stat-cards').evaluateAll((rows) =>
    rows.flatMap((row, i) => {
      const cards = [...row.children].filter((c) => c.classList.contains('MuiCard-root'));
      const tops = new Set(cards.map((c) => Math.round(c.getBoundingClientRect().top)));
      return [
        ...(tops.size > 1 ? [`row ${i + 1} is on ${tops.size} lines`] : []),
        ...cards
          .filter((c) => c.scrollWidth > c.clientWidth + 1)
          .map((c) => `row ${i + 1}: "${(c as HTMLElement).innerText.replace(/\s+/g, ' ')}" is cut off`),
      ];
    }),
  );

/**
 * Opens `path` in the app as it runs (no reload: the app started once, at the login) and waits for the screen's
 * content (a card, tabs or a heading in the main region) and for it to stand still.
 */
async function open(page: Page, path: string) {
  await goTo(page, path);
  await page
    .locator('#main-content')
    .locator('.MuiCard-root, .MuiPaper-root, .MuiTabs-root, h1, h2, h5, h6')
    .first()
    .waitFor();
  await screenSettled(page);
}

/**
 * Sets the window to `size` and starts the app again at it (a reload), as a phone or a desktop starts it: an app
 * narrowed while running keeps the wide window's open menu, which a phone shows as a drawer over the screen. The
 * sweeps below change the size once per pass, not once per screen.
 */
async function resize(page: Page, size: { width: number; height: number }) {
  const now = page.viewportSize();
  if (now?.width === size.width && now.height === size.height) return;
  await page.setViewportSize(size);
  await page.reload();
  await screenSettled(page);
}

/**
 * The checks of phones-light.test.ts and phones-dark.test.ts: one file per theme, so that the two run side by side on
 * the two workers, each on its own server with the records it makes. The layout (widths, simple lists, a line's
 * buttons, the drawer) is the same in both themes and checked in the light one; the dark one checks what the theme
 * changes, its colours (axe's contrast at 390 px), and takes its screenshots.
 */
export function phonesAndWideScreens(scheme: 'light' | 'dark') {
  const layout = scheme === 'light';
  beforeAll(fillEveryList, 120_000);
  describe(`phones and wide screens (${scheme})`, () => {
    let b: Awaited<ReturnType<typeof openBrowser>>;
    let page: Page;
    beforeAll(async () => {
      b = await openBrowser({ colorScheme: scheme });
      page = b.page;
      await login(page, b.url, 'admin@rwa.dev');
      await page.waitForURL(/\/dashboard$/);
    });
    afterAll(async () => {
      await b?.close();
    });

    const screensTest = layout
      ? 'no screen is wider than the window at 390 px or at 1440 px; on a phone each row of stat cards is one line, no figure cut off, and axe finds no serious fault'
      : 'at 390 px axe finds no serious fault of colour (contrast) on any screen in the dark theme';
    it(
      screensTest,
      async () => {
        const wide: string[] = [];
        for (const size of layout ? [PHONE, DESKTOP] : [PHONE]) {
          await resize(page, size);
          for (const path of SCREENS) {
            await open(page, path);
            if (size === PHONE)
              await screenshot(page, `phone-${scheme}${path.replace(/\?.*/, '').replaceAll('/', '-')}`);
            if (layout) {
              const past = await overflow(page);
              if (past > 0) wide.push(`${path} at ${size.width}px: ${past}px too wide`);
            }
            if (size === PHONE && layout)
              wide.push(...(await statCardFaults(page)).map((fault) => `${path} at 390px: stat cards ${fault}`));
            if (size === PHONE)
              wide.push(...(await seriousViolations(page, !layout)).map((v) => `${path} at 390px: ${v}`));
          }
        }
        expect(wide).toEqual([]);
      },
      400_000,
    );

    // The rest is layout: the light file's.
    if (!layout) return;

    it('at 390 px each list is a simple list (a tap opens the record where rows have one, row buttons in the line); at 1440 px a table', async () => {
      const wideRecords: string[] = [];
      await resize(page, PHONE);
      for (const { path, opens, actions } of LISTS) {
        await open(page, path);
        const items = page.locator('.phone-list > li');
        await items
          .first()
          .waitFor()
          .catch(() => {
            throw new Error(`${path} shows no simple list at 390 px`);
          });
        expect(await page.locator('main table').count(), `${path} has no table on a phone`).toBe(0);
        // Nothing of a line (text, chip, button) reaches past the window, not even inside a card that scrolls.
        const right = await page
          .locator('.phone-list')
          .first()
          .evaluate((list) => Math.max(...[...list.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right)));
        expect(right, `${path}: a line reaches past the window`).toBeLessThanOrEqual(PHONE.width);
        if (opens) {
          await openRecord(page, () => items.first().locator('a').first().click());
          // The record's page is not wider than the phone either, once its detail is in.
          await screenSettled(page);
          await screenshot(page, `phone-${scheme}${path.replaceAll('/', '-')}-show`);
          const past = await overflow(page);
          if (past > 0) wideRecords.push(`${path}: its record's page is ${past}px too wide`);
        } else {
          expect(
            await page.locator('.phone-list a.MuiListItemButton-root').count(),
            `${path}: its rows open no page`,
          ).toBe(0);
        }
        for (const name of actions ?? []) {
          await expect
            .poll(() => page.locator('.phone-list .phone-actions').getByRole('button', { name, exact: true }).count(), {
              message: `${path}: ${name} in a line`,
            })
            .toBeGreaterThan(0);
        }
      }
      await resize(page, DESKTOP);
      for (const { path } of LISTS) {
        await open(page, path);
        await page.locator('main tbody tr').first().waitFor();
        expect(await page.locator('.phone-list').count(), `${path} has no simple list on a wide screen`).toBe(0);
      }
      expect(wideRecords).toEqual([]);
    }, 300_000);

    it('at 390 px a row’s buttons work from its line: Reject asks first; an affiliate’s line opens their page with their commissions', async () => {
      await resize(page, PHONE);
      await open(page, '/redemptions');
      const line = page.locator('.phone-list > li', { hasText: member });
      await line.getByRole('button', { name: 'Reject', exact: true }).click();
      const confirm = page.getByRole('dialog');
      await expect.poll(() => confirm.innerText()).toContain(`for ${member}`);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => confirm.count()).toBe(0);

      await open(page, `/affiliates?filter=${encodeURIComponent(JSON.stringify({ q: referrer }))}`);
      await openRecord(page, () =>
        page.locator('.phone-list > li', { hasText: referrer }).locator('a').first().click(),
      );
      const commissions = page.getByTestId('affiliate-commissions');
      await expect.poll(() => commissions.locator('.phone-list > li').count()).toBe(2);
      expect(await commissions.locator('table').count()).toBe(0);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `phone-${scheme}-affiliate-commissions`);
    }, 60_000);

    it('at 390 px the menu button opens the drawer with every item', async () => {
      await resize(page, PHONE);
      await open(page, '/products');
      const first = page.locator('a.RaMenuItemLink-root').first();
      expect(await first.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect.poll(() => page.locator('a.RaMenuItemLink-root').count()).toBeGreaterThanOrEqual(NAV_ITEMS.length);
      await expect.poll(() => first.isVisible()).toBe(true);
      await page.locator('a.RaMenuItemLink-root', { hasText: /^Orders$/ }).click();
      await page.waitForURL(/\/orders$/);
    }, 60_000);
  });
}
