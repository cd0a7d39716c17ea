/**
 * The commission history shows until when each held commission is on hold, and Bulk Approve counts what it would
 * skip before it asks: with every selected row held or decided it says so and sends nothing; with some approvable it
 * asks for those only ("Approve 3 commissions? 1 selected is no longer pending and will be skipped.").
 */
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../src/lib/format.js';
import { browserForFile, confirmSignup, DEV_PASSWORD, login } from './browser.js';

const b = await browserForFile();
const { page } = b;
const stamp = Date.now().toString(36);

/** A JSON call from the page, with its stored token or the one given. */
const call = (method: string, path: string, body?: unknown, token?: string) =>
  page.evaluate(
    async ([m, p, data, tok]) => {
      const res = await fetch(p as string, {
        method: m as string,
        headers: {
          authorization: `Bearer ${(tok as string | undefined) ?? localStorage.getItem('authToken')}`,
          'content-type': 'application/json',
        },
        body: data === undefined ? undefined : JSON.stringify(data),
      });
      return res.json();
    },
    [method, path, body, token] as const,
  );
const tokenOf = async (email: string) =>
  (await call('POST', '/api/admin/auth/login', { email, password: DEV_PASSWORD })).token as string;

const rows = () => page.locator('tbody tr');
const bulkToolbar = () => page.locator('[data-test="bulk-actions-toolbar"]');

describe('Commission holds in Chromium', () => {
  it('the history shows each held commission’s hold date; Bulk Approve counts the held and decided ones it skips', async () => {
    await login(page, b.url, 'admin@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    const { settings } = await call('GET', '/api/settings');
    const holdDays = settings.commissionHoldDays as number;
    try {
      expect((await call('PUT', '/api/settings', { commissionHoldDays: 14 })).ok).toBe(true);
      // A referrer, the buyer they brought, four paid orders: four commissions on hold; one is then rejected.
      const referrer = `hold.referrer.${stamp}@example.com`;
      const buyer = `hold.buyer.${stamp}@example.com`;
      for (const email of [referrer, buyer]) {
        const signup = await call('POST', '/api/shop/auth/signup', {
          name: 'Hold Person',
          email,
          password: DEV_PASSWORD,
        });
        expect(signup.ok).toBe(true);
        await confirmSignup(email);
      }
      const code = (await call('POST', '/api/referrals/link', {}, await tokenOf(referrer))).referralCode;
      expect((await call('POST', '/api/referrals/attribute', { code }, await tokenOf(buyer))).ok).toBe(true);
      const { product } = await call('POST', '/api/products', {
        title: `Hold lamp ${stamp}`,
        sku: `HOLD-${stamp}`.toUpperCase(),
        priceFiat: 50,
        priceCrypto: '0.01',
        rwaType: 'art',
        status: 'active',
        stock: 9,
      });
      for (let n = 0; n < 4; n++)
        expect((await call('POST', '/api/orders/mock', { userEmail: buyer, productId: product.id, qty: 1 })).ok).toBe(
          true,
        );
      const { commissions } = await call('GET', `/api/commissions?q=${encodeURIComponent(referrer)}`);
      expect(commissions).toHaveLength(4);
      const reject = await call('POST', `/api/referrals/commissions/${commissions[0].id}/reject`, {
        reason: 'A test order',
      });
      expect(reject.ok).toBe(true);
      const { settings: shown } = await call('GET', '/api/settings/public');
      const heldUntil = formatDate(commissions[1].heldUntil, shown.timezone, 'en');

      // From the menu, as a person goes there; the search box finds the referrer by a piece of the email's middle.
      await page.getByRole('menuitem', { name: 'Referrals' }).click();
      await page.getByRole('tab', { name: 'Commission history' }).click();
      await page.getByPlaceholder('Order ID, email or name').fill(`referrer.${stamp}`);
      await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(4);
      await expect
        .poll(() => page.getByTestId('held-until').allInnerTexts())
        .toEqual([heldUntil, heldUntil, heldUntil]);
      await expect.poll(() => page.getByRole('columnheader', { name: 'On hold until' }).isVisible()).toBe(true);

      const selectAll = async () => {
        for (const n of [0, 1, 2, 3]) await rows().nth(n).getByRole('checkbox').check();
        await expect.poll(() => page.getByText('4 items selected').isVisible()).toBe(true);
      };
      // Every row held or rejected: it says so and asks nothing.
      await selectAll();
      await bulkToolbar().getByRole('button', { name: 'Approve' }).click();
      await expect
        .poll(() =>
          page
            .getByText(
              'None of the 4 selected commissions can be approved: 3 selected are on hold and 1 selected is no longer pending.',
            )
            .isVisible(),
        )
        .toBe(true);
      expect(await page.getByRole('dialog').count()).toBe(0);

      // The hold over, the three pending ones can be approved; the rejected one is skipped, and counted.
      expect((await call('PUT', '/api/settings', { commissionHoldDays: 0 })).ok).toBe(true);
      await page.reload();
      await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(4);
      await expect.poll(() => page.getByTestId('held-until').count()).toBe(0);
      await selectAll(); // a row already checked stays so
      await bulkToolbar().getByRole('button', { name: 'Approve' }).click();
      const dialog = page.getByRole('dialog');
      await expect
        .poll(() =>
          dialog.getByText('Approve 3 commissions? 1 selected is no longer pending and will be skipped.').isVisible(),
        )
        .toBe(true);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect.poll(() => page.getByText('Done: 3. Refused: 0.').isVisible(), { timeout: 15_000 }).toBe(true);
      const approved = await call('GET', `/api/commissions?q=${encodeURIComponent(referrer)}&status=approved`);
      expect(approved.total).toBe(3);
    } finally {
      await call('PUT', '/api/settings', { commissionHoldDays: holdDays });
    }
  });
});
