/**
 * What a person notices while working in the admin: every dialog can be left, a save names what it saved, a record's
 * History says what changed, create pages have a heading, texts fit their boxes, and the reports say what they count.
 * Screens are opened from the menu and records from their rows, as people do.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserForFile, login, screenshot } from './browser.js';

const WAIT = { timeout: 20_000 };
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const sku = `FB-${stamp}`.toUpperCase();

const b = await browserForFile();
const page: Page = b.page;
await login(page, b.url, 'admin@rwa.dev');
await page.waitForURL(/\/dashboard$/, WAIT);

const menu = (name: string) => page.locator('a.RaMenuItemLink-root').filter({ hasText: new RegExp(`^${name}$`) });
const dialog = () => page.getByRole('dialog');
const notice = (text: string) => page.locator('.MuiSnackbar-root').getByText(text, { exact: true });

async function openFromMenu(name: string, path: RegExp) {
  await menu(name).click();
  await page.waitForURL(path, WAIT);
}

/** Opens the dialog with its button, then leaves it by Cancel and again by Escape. */
async function leaveDialogBothWays(button: string) {
  await page.getByRole('button', { name: button }).click();
  await expect.poll(() => dialog().isVisible(), WAIT).toBe(true);
  await dialog().getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => dialog().count(), WAIT).toBe(0);
  await page.getByRole('button', { name: button }).click();
  await expect.poll(() => dialog().isVisible(), WAIT).toBe(true);
  await dialog().getByRole('textbox').first().click();
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog().count(), WAIT).toBe(0);
}

/** Whether the search box's placeholder is shown whole: its text no wider than the room the input gives it. */
const placeholderFits = () =>
  page.locator('input[name="q"]').evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width <= room;
  });

async function switchLanguage(name: 'EN' | '中文') {
  await page.getByRole('button', { name, exact: true }).click();
}

describe('dialogs can always be left', () => {
  it('Create Order has Cancel and closes on Escape', async () => {
    await openFromMenu('Orders', /\/orders$/);
    await leaveDialogBothWays('Create Order');
  });

  it('Create Payout has Cancel and closes on Escape', async () => {
    await openFromMenu('Payouts', /\/payouts$/);
    await leaveDialogBothWays('Create Payout');
    await screenshot(page, 'payouts-en');
  });
});

const DEV_TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('a product from create to delete', () => {
  it('the create page has its heading; saving says "Product created"', async () => {
    await openFromMenu('Products', /\/products$/);
    await page.locator('main a[href$="/products/create"]').click();
    await page.waitForURL(/\/products\/create$/, WAIT);
    await expect.poll(() => page.getByRole('heading', { name: 'Create Product' }).isVisible(), WAIT).toBe(true);
    await page.getByLabel('Name').fill(`Feedback lamp ${sku}`);
    await page.getByLabel('SKU').fill(sku);
    await page.getByLabel('Fiat price').fill('12');
    await page.getByLabel('Crypto price').fill('0.01');
    await page.getByRole('combobox', { name: 'Type', exact: true }).click();
    await page.getByRole('option', { name: 'Art' }).click();
    // The chain is not typed: the switch puts the product on the contract the platform mints with, which it names.
    await expect
      .poll(() => page.getByText(`Minted as a token by ${DEV_TOKEN} on chain 31337`).isVisible(), WAIT)
      .toBe(true);
    await page.getByLabel('Tokenised').check();
    await screenshot(page, 'product-create-en');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/products\/[^/]+\/show$/, WAIT);
    await expect.poll(() => notice('Product created').isVisible(), WAIT).toBe(true);
    await expect.poll(() => page.locator('main').getByText(DEV_TOKEN, { exact: true }).isVisible(), WAIT).toBe(true);
  });

  it('editing the price says "Product updated" and the History shows the price from → to', async () => {
    await page.locator('main').getByRole('link', { name: 'Edit' }).first().click();
    await page.waitForURL(/\/products\/[^/]+$/, WAIT);
    await page.getByLabel('Fiat price').fill('14.5');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/products\/[^/]+\/show$/, WAIT);
    await expect.poll(() => notice('Product updated').isVisible(), WAIT).toBe(true);
    const edit = page.locator('tr[data-audit-action="product.update"]');
    await expect.poll(() => edit.innerText(), WAIT).toContain('Fiat price: $12.00 → $14.50');
    expect(await edit.innerText()).not.toMatch(/tokenId|null/);
    expect(await page.locator('tr[data-audit-action="product.create"]').first().innerText()).toContain('Type: Art');
    await screenshot(page, 'product-history-en');
  });

  it('in Chinese the same edit says "商品已更新" and the History speaks Chinese', async () => {
    await switchLanguage('中文');
    await page.locator('main').getByRole('link', { name: '编辑' }).first().click();
    await page.waitForURL(/\/products\/[^/]+$/, WAIT);
    await page.getByLabel('库存').fill('3');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/\/products\/[^/]+\/show$/, WAIT);
    await expect.poll(() => notice('商品已更新').isVisible(), WAIT).toBe(true);
    await expect
      .poll(() => page.locator('tr[data-audit-action="product.update"]').first().innerText(), WAIT)
      .toMatch(/库存: 0 → 3/);
    // a code the entry carries by its name in the catalogue (the product's type), not as stored (art)
    expect(await page.locator('tr[data-audit-action="product.create"]').first().innerText()).toContain('类型: 艺术品');
    await screenshot(page, 'product-history-zh');
    await switchLanguage('EN');
  });

  it('deleting it says "Product deleted"', async () => {
    await page.locator('main').getByRole('button', { name: 'Delete' }).first().click();
    await dialog().getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/products$/, WAIT);
    await expect.poll(() => notice('Product deleted').isVisible(), WAIT).toBe(true);
  });
});

describe('create pages and lists', () => {
  it('the coupon and user create pages have their headings, in both languages', async () => {
    await openFromMenu('Coupons', /\/coupons$/);
    await page.locator('main a[href$="/coupons/create"]').click();
    await expect.poll(() => page.getByRole('heading', { name: 'Create Coupon' }).isVisible(), WAIT).toBe(true);
    await openFromMenu('Users', /\/users$/);
    await page.locator('main a[href$="/users/create"]').click();
    await expect.poll(() => page.getByRole('heading', { name: 'Create User' }).isVisible(), WAIT).toBe(true);
    await switchLanguage('中文');
    await expect.poll(() => page.getByRole('heading', { name: '新建用户' }).isVisible(), WAIT).toBe(true);
    await screenshot(page, 'user-create-zh');
    await switchLanguage('EN');
  });

  it('the payouts search placeholder fits its box, in both languages', async () => {
    await openFromMenu('Payouts', /\/payouts$/);
    await expect.poll(placeholderFits, WAIT).toBe(true);
    await switchLanguage('中文');
    await expect.poll(() => page.locator('input[name="q"]').getAttribute('placeholder'), WAIT).toMatch(/收款人/);
    expect(await placeholderFits()).toBe(true);
    await screenshot(page, 'payouts-zh');
    await switchLanguage('EN');
  });
});

describe('reports say what they count', () => {
  it('the users card counts new users and the average says it divides by paid orders', async () => {
    await openFromMenu('Reports', /\/reports/);
    const cards = page.locator('main .MuiCard-root').filter({ hasNot: page.locator('table') });
    await expect.poll(() => cards.filter({ hasText: 'New Users' }).count(), WAIT).toBe(1);
    expect(await cards.filter({ hasText: 'Average Order Value (paid orders)' }).count()).toBe(1);
    expect(await page.getByText('Total Users', { exact: true }).count()).toBe(0);
    await screenshot(page, 'reports-en');
    await switchLanguage('中文');
    await expect.poll(() => cards.filter({ hasText: '平均订单金额（已付款订单）' }).count(), WAIT).toBe(1);
    expect(await cards.filter({ has: page.getByText('新用户', { exact: true }) }).count()).toBe(1);
    await screenshot(page, 'reports-zh');
    await switchLanguage('EN');
  });
});
