import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, openBrowser, DEV_PASSWORD } from './browser.js';

let b: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
beforeAll(async () => {
  b = await openBrowser();
  page = b.page;
});
afterAll(async () => {
  await b?.close();
});

const NAV = [
  'Dashboard',
  'Products',
  'Orders',
  'Payments',
  'Payouts',
  'Referrals',
  'Affiliates',
  'Coupons',
  'Mint Queue',
  'Users',
  'Membership',
  'Domain Management',
  'Payment SDK',
  'Settings',
  'Reports',
];

/** What has the focus: its tag, its text (or accessible label) and whether a focus outline is drawn around it. */
const focused = (p: Page) =>
  p.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return { tag: '', text: '', testId: '', name: '', outline: 0 };
    const style = getComputedStyle(el);
    return {
      tag: el.tagName,
      text: (el.getAttribute('aria-label') ?? el.innerText ?? '').trim(),
      testId: el.dataset.testid ?? '',
      name: el.getAttribute('name') ?? '',
      outline: style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth),
    };
  });

/** Presses Tab until `wanted` holds for the focused element (at most `max` presses); returns what has the focus then. */
async function tabTo(p: Page, wanted: (f: Awaited<ReturnType<typeof focused>>) => boolean, max = 80) {
  for (let i = 0; i < max; i += 1) {
    await p.keyboard.press('Tab');
    const f = await focused(p);
    if (wanted(f)) return f;
  }
  throw new Error(`Tab never reached the element (last: ${JSON.stringify(await focused(p))})`);
}

describe('the admin by keyboard alone (Tab, Enter, typing)', () => {
  it('logs in, reaches every menu item, opens a product from the list with Enter and saves a change to it', async () => {
    await page.goto(b.url('/login'));
    await tabTo(page, (f) => f.tag === 'INPUT' && f.name === 'email');
    await page.keyboard.type('admin@rwa.dev');
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEV_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('Recent Orders').waitFor();

    // Every menu item takes the focus in order, each with a visible outline.
    const reached: string[] = [];
    for (let i = 0; i < 80 && reached.length < NAV.length; i += 1) {
      await page.keyboard.press('Tab');
      const f = await focused(page);
      if (f.tag === 'A' && NAV.includes(f.text) && !reached.includes(f.text)) {
        expect(f.outline, `the focused menu item ${f.text} shows an outline`).toBeGreaterThanOrEqual(2);
        reached.push(f.text);
      }
    }
    expect(reached).toEqual(NAV);

    // Back up the menu to Products (Shift+Tab) and open it: the focus goes to the page's heading.
    for (let i = 0; i < 20 && (await focused(page)).text !== 'Products'; i += 1) await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/products$/);
    await expect.poll(async () => (await focused(page)).testId).toBe('page-title');
    expect((await focused(page)).text).toBe('Products');

    // A row takes the focus (with an outline) and Enter opens its record.
    await page.locator('tbody tr').first().waitFor();
    const row = await tabTo(page, (f) => f.tag === 'TR', 120);
    expect(row.outline).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/products\/[^/]+\/show$/);
    const id = /\/products\/([^/]+)\/show$/.exec(page.url())![1]!;
    await expect.poll(async () => (await focused(page)).testId).toBe('page-title');

    // Edit, change the title, Save.
    await tabTo(page, (f) => f.tag === 'A' && /^edit$/i.test(f.text));
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/products/${id}$`));
    // The edit page's code and record load on demand; once its form is shown its first field has the focus.
    await expect.poll(async () => (await focused(page)).name).toBe('title');
    const { product: before } = await apiCall(page, `/api/products/${id}`);
    await page.keyboard.press('End');
    await page.keyboard.type(' (keyboard)');
    await tabTo(page, (f) => f.tag === 'BUTTON' && /^save$/i.test(f.text), 120);
    await page.keyboard.press('Enter');
    // Saved, the product's page shows its new title (and the form, left behind, has nothing unsaved to warn of).
    await page.waitForURL(new RegExp(`/products/${id}/show$`));
    await page.locator('main').getByText(`${before.title} (keyboard)`).first().waitFor();
    expect((await apiCall(page, `/api/products/${id}`)).product.title).toBe(`${before.title} (keyboard)`);

    // Put the title back for the other tests.
    await page.evaluate(
      async ([pid, title]) => {
        await fetch(`/api/products/${pid}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${localStorage.getItem('authToken')}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title }),
        });
      },
      [id, before.title] as const,
    );
  }, 120_000);
});

describe('where the focus lands after opening a screen', () => {
  it('Add coupon: on the Code field; a list and a record: on the page’s heading', async () => {
    const menu = (name: string) => page.locator('a.RaMenuItemLink-root').filter({ hasText: new RegExp(`^${name}$`) });
    // From another screen (a second try starts where the first ended).
    await menu('Dashboard').click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('Recent Orders').waitFor();
    await menu('Coupons').click();
    await page.waitForURL(/\/coupons(\?.*)?$/);
    await expect.poll(async () => (await focused(page)).testId).toBe('page-title');
    expect((await focused(page)).text).toBe('Coupons');

    await page.getByRole('link', { name: /add coupon/i }).click();
    await page.waitForURL(/\/coupons\/create$/);
    await expect.poll(async () => (await focused(page)).name).toBe('code');
    expect((await focused(page)).tag).toBe('INPUT');

    await menu('Mint Queue').click();
    await page.waitForURL(/\/mint-queue(\?.*)?$/);
    await expect.poll(async () => (await focused(page)).testId).toBe('page-title');
    expect((await focused(page)).text).toBe('Mint Queue');
    // A row opens the job's page: the focus is on the heading again.
    await page.locator('main td.column-tokenId').first().click();
    await page.waitForURL(/\/mint-queue\/[^/]+\/show$/);
    await expect.poll(async () => (await focused(page)).testId).toBe('page-title');
    expect((await focused(page)).text).toBe('Mint Queue');
  });
});
