import { describe, expect, it } from 'vitest';
import {
  apiCall,
  browserForFile,
  confirmSignup,
  DEV_PASSWORD,
  login,
  downloadedText,
  screenSettled,
} from './browser.js';

const b = await browserForFile();
const { page } = b;

const tag = `BULK${Date.now().toString(36).toUpperCase()}`;

/** Three new products named `<tag> <batch> <n>`, answered by title. */
async function threeProducts(batch: string) {
  const made: { id: string; title: string }[] = [];
  for (const n of [1, 2, 3]) {
    const sku = `${tag}-${batch}-${n}`;
    const { product } = await apiCall(page, '/api/products', {
      title: `${tag} ${batch} ${n}`,
      sku,
      priceFiat: 10,
      priceCrypto: '0.01',
      rwaType: 'art',
      status: 'active',
      stock: 5,
    });
    made.push(product);
  }
  return made;
}

const rows = () => page.locator('tbody tr');
const bulkToolbar = () => page.locator('[data-test="bulk-actions-toolbar"]');
/** The products list searched for one batch: its three rows, then each selected by its checkbox. */
async function selectBatch(batch: string) {
  await page.getByPlaceholder('Search products').fill(`${tag} ${batch}`);
  await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(3);
  for (const n of [1, 2, 3])
    await rows()
      .filter({ hasText: `${tag} ${batch} ${n}` })
      .getByRole('checkbox')
      .check();
  await expect.poll(() => page.getByText('3 items selected').isVisible()).toBe(true);
}

describe('Bulk actions in Chromium', () => {
  it('an admin selects three products, sets them inactive after a confirmation naming the count, and sees each row changed', async () => {
    await login(page, b.url, 'admin@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    await threeProducts('status');
    await page.getByRole('menuitem', { name: 'Products' }).click();
    await page.waitForURL(/\/products/);
    await selectBatch('status');
    await bulkToolbar().getByRole('button', { name: 'Set inactive' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Set 3 products to Inactive?').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByText('Done: 3. Refused: 0.').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(async () => (await rows().allInnerTexts()).filter((text) => text.includes('Inactive')).length, {
        timeout: 15_000,
      })
      .toBe(3);
    // The selection is cleared.
    await expect.poll(() => page.locator('tbody input[type=checkbox]:checked').count()).toBe(0);
  });

  it('deleting three products of which one was ordered: two go, the third is named with the reason and stays', async () => {
    const [sold] = await threeProducts('delete');
    const { order } = await apiCall(page, '/api/orders', { userEmail: 'shopper@rwa.dev', productId: sold!.id, qty: 1 });
    expect(order.id).toBeTruthy();
    await page.goto(b.url('/products'));
    await selectBatch('delete');
    await bulkToolbar().getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Delete 3 products?').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByText('Done: 2. Refused: 1.').isVisible(), { timeout: 15_000 }).toBe(true);
    const refusals = page.getByTestId('bulk-refusals');
    await expect.poll(() => refusals.isVisible()).toBe(true);
    expect((await refusals.locator('li').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
      `${sold!.title} "${sold!.title}" is part of existing orders and cannot be deleted. Set its status to inactive instead.`,
    ]);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(1);
    expect(await rows().first().innerText()).toContain(sold!.title);
    await expect.poll(() => page.locator('tbody input[type=checkbox]:checked').count()).toBe(0);
  });

  it('exports only the orders selected on the Orders list', async () => {
    await page.goto(b.url('/orders'));
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBeGreaterThan(2);
    // A box ticked while the list was still settling was once not ticked (CI, at load 8): wait as a person waits.
    await screenSettled(page);
    for (const n of [0, 1]) await rows().nth(n).getByRole('checkbox').check();
    const ids = await Promise.all(
      [0, 1].map(async (n) => (await rows().nth(n).locator('[title]').first().getAttribute('title'))!),
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      bulkToolbar().getByRole('button', { name: 'Export selected' }).click(),
    ]);
    const lines = (await downloadedText(download)).trim().split('\r\n');
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual([...ids].sort());
  });
  it('three DNS records selected on their cards, one gone meanwhile: two are deactivated, the third is named with the reason', async () => {
    // Names of this try's own (a second try finds the first's records there).
    const name = `${tag.toLowerCase()}-${Math.random().toString(36).slice(2, 6)}`;
    const domains = [1, 2, 3].map((n) => `${name}-${n}.rwa.test`);
    const made: { id: string }[] = [];
    for (const domain of domains)
      made.push(
        (await apiCall(page, '/api/domain/record/create', { domain, type: 'A', value: '192.0.2.7', ttl: 300 })).record,
      );
    await page.getByRole('menuitem', { name: 'Domain Management' }).click();
    // A click that came while the page was still settling was once not taken (at load 10): as a person would, click
    // the tab again until its list shows.
    const tab = page.getByRole('tab', { name: 'DNS Records' });
    await expect
      .poll(async () => {
        if (!/\/domain-management\/records/.test(page.url())) await tab.click();
        return page.url();
      })
      .toMatch(/\/domain-management\/records/);
    await page.getByPlaceholder('Search domains...').fill(name);
    const cards = page.getByTestId('dns-record');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(3);
    for (const domain of domains) await page.getByRole('checkbox', { name: `Select ${domain}` }).check();
    const bar = page.getByTestId('selection-bar');
    await expect.poll(() => bar.getByText('3 items selected').isVisible()).toBe(true);
    // Someone else deletes the third record before the action reaches it.
    await page.evaluate(async (id) => {
      await fetch(`/api/domain/records/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
      });
    }, made[2]!.id);
    await bar.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.getByText('Deactivate the 3 selected DNS records? They stop resolving.').isVisible())
      .toBe(true);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByText('Done: 2. Refused: 1.').isVisible(), { timeout: 15_000 }).toBe(true);
    const refusals = page.getByTestId('bulk-refusals');
    expect((await refusals.locator('li').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
      `${domains[2]} (A) DNS record not found.`,
    ]);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(2);
    for (const domain of domains.slice(0, 2))
      await expect
        .poll(() => page.locator(`[data-testid="dns-record"][data-domain="${domain}"]`).innerText())
        .toContain('Inactive');
    await expect.poll(() => page.getByRole('checkbox', { checked: true }).count()).toBe(0);
  });

  it('three unread notifications selected in the inbox are marked read together', async () => {
    const titles = [1, 2, 3].map((n) => `${tag} notice ${n}`);
    for (const title of titles)
      expect(
        (await apiCall(page, '/api/notifications/send', { email: 'admin@rwa.dev', title, body: 'Please read.' })).ok,
      ).toBe(true);
    // From the top bar's bell, as a person reaches the inbox.
    await page.getByTestId('notification-bell').click();
    await page.getByRole('menuitem', { name: 'See all notifications' }).click();
    await page.waitForURL(/\/notifications/);
    const item = (title: string) => page.getByTestId('inbox-list').locator('li', { hasText: title });
    for (const title of titles) {
      await expect.poll(() => item(title).getAttribute('data-read'), { timeout: 15_000 }).toBe('false');
      await page.getByRole('checkbox', { name: `Select ${title}` }).check();
    }
    const bar = page.getByTestId('selection-bar');
    await bar.getByRole('button', { name: 'Mark as read' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Mark the 3 selected notifications read?').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByText('Done: 3. Refused: 0.').isVisible(), { timeout: 15_000 }).toBe(true);
    for (const title of titles)
      await expect.poll(() => item(title).getAttribute('data-read'), { timeout: 15_000 }).toBe('true');
  });

  it('finance rejects three commissions with a reason asked by a dialog, and each row shows it', async () => {
    const referrer = `bulk.referrer.${tag.toLowerCase()}@example.com`;
    const buyer = `bulk.buyer.${tag.toLowerCase()}@example.com`;
    for (const email of [referrer, buyer]) {
      expect(
        (await apiCall(page, '/api/shop/auth/signup', { name: 'Bulk Person', email, password: DEV_PASSWORD })).ok,
      ).toBe(true);
      await confirmSignup(email);
    }
    const tokenOf = async (email: string) =>
      (await apiCall(page, '/api/admin/auth/login', { email, password: DEV_PASSWORD })).token as string;
    const code = (
      await apiCall(page, '/api/referrals/link', {}, { authorization: `Bearer ${await tokenOf(referrer)}` })
    ).referralCode as string;
    expect(
      (await apiCall(page, '/api/referrals/attribute', { code }, { authorization: `Bearer ${await tokenOf(buyer)}` }))
        .ok,
    ).toBe(true);
    const [product] = await threeProducts('commission');
    for (let n = 0; n < 3; n += 1)
      expect((await apiCall(page, '/api/orders/mock', { userEmail: buyer, productId: product!.id, qty: 1 })).ok).toBe(
        true,
      );

    await page.evaluate(() => localStorage.removeItem('authToken'));
    await login(page, b.url, 'finance@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('menuitem', { name: 'Referrals' }).click();
    await page.getByRole('tab', { name: 'Commission history' }).click();
    const ours = () => rows().filter({ hasText: referrer });
    await expect.poll(() => ours().count(), { timeout: 15_000 }).toBe(3);
    for (const n of [0, 1, 2]) await ours().nth(n).getByRole('checkbox').check();
    await bulkToolbar().getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() =>
        dialog.getByText('Reject the 3 selected commissions? A rejected commission is never paid.').isVisible(),
      )
      .toBe(true);
    // Escape closes it and nothing is sent; the reason is required and checked before sending.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await bulkToolbar().getByRole('button', { name: 'Reject' }).click();
    await dialog.getByRole('textbox', { name: /Reason for rejecting/ }).fill('no');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => dialog.getByText('Must be 3 characters at least').isVisible()).toBe(true);
    await dialog.getByRole('textbox', { name: /Reason for rejecting/ }).fill('Test orders, not real sales');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => page.getByText('Done: 3. Refused: 0.').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(
        async () =>
          (await ours().allInnerTexts()).filter((t) => t.includes('Rejected: Test orders, not real sales')).length,
        { timeout: 15_000 },
      )
      .toBe(3);
  });
});
