/**
 * Freezing a holder's wallet for one token (issue 42), as an operator does it: the menu, the products list, a click on
 * the bond's row, Freeze on a holder's line, the reason in the dialog; the line then says Frozen (its reason in the
 * title). Unfreezing the same way puts the seeded data back as it was for the other browser tests. Redeem on the same
 * line burns one token through the Mint Queue: the line's balance and the Burned figure follow once it is on the chain.
 */
import { describe, expect, it } from 'vitest';
import { browserForFile, login, openProduct } from './browser.js';

const b = await browserForFile();
const { page } = b;
const WAIT = { timeout: 20_000 };
const section = () => page.getByTestId('product-holders');

async function openBond() {
  await openProduct(page, 'Corporate Bond AA 2029');
  await expect.poll(() => section().isVisible(), WAIT).toBe(true);
}

/** Opens the line's Freeze, Unfreeze or Redeem dialog, gives the reason and confirms; waits for the dialog to close. */
async function decide(line: ReturnType<typeof section>, action: 'Freeze' | 'Unfreeze' | 'Redeem', reason: string) {
  await line.getByRole('button', { name: action }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor(WAIT);
  await dialog.getByRole('textbox', { name: /reason/i }).fill(reason);
  await dialog.getByRole('button', { name: action }).click();
  await dialog.waitFor({ ...WAIT, state: 'hidden' });
}

describe('Freezing a holder in Chromium', () => {
  it('an operator freezes a holder of the bond with a reason and sees it marked Frozen, then unfreezes it', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, b.url, 'operator@rwa.dev');
    await page.waitForURL(/\/dashboard$/, WAIT);
    await openBond();
    const rows = section().locator('tbody tr');
    await expect.poll(() => rows.count(), WAIT).toBeGreaterThan(0);
    const wallet = (await rows.first().getAttribute('data-wallet'))!;
    const line = section().locator(`tbody tr[data-wallet="${wallet}"]`);
    await expect.poll(() => line.innerText(), WAIT).toContain('Active');

    await decide(line, 'Freeze', 'Court order 17 (browser test)');
    const chip = line.getByTestId('holder-frozen');
    await chip.waitFor(WAIT);
    expect(await chip.innerText()).toBe('Frozen');
    expect(await chip.getAttribute('title')).toBe('Frozen: Court order 17 (browser test)');
    await line.getByRole('button', { name: 'Unfreeze' }).waitFor(WAIT);

    await decide(line, 'Unfreeze', 'Order lifted (browser test)');
    await expect.poll(() => line.getByTestId('holder-frozen').count(), WAIT).toBe(0);
    await expect.poll(() => line.innerText(), WAIT).toContain('Active');
  });

  it('Redeem on the line burns one of its tokens through the Mint Queue: its balance and Burned follow', async () => {
    // The line by its wallet: lines are sorted by balance, and this one's goes down.
    const wallet = (await section().locator('tbody tr').first().getAttribute('data-wallet'))!;
    const line = section().locator(`tbody tr[data-wallet="${wallet}"]`);
    const balance = BigInt(await line.locator('td:nth-child(2)').innerText());
    const burned = BigInt(await section().getByTestId('supply-burned').innerText());
    await decide(line, 'Redeem', 'Holder took delivery (browser test)');
    await expect.poll(() => page.getByText('Burn of 1 queued in the Mint Queue').count(), WAIT).toBe(1);
    await expect
      .poll(async () => BigInt(await section().getByTestId('supply-burned').innerText()), WAIT)
      .toBe(burned + 1n);
    if (balance > 1n)
      await expect.poll(() => line.locator('td:nth-child(2)').innerText(), WAIT).toBe(`${balance - 1n}`);

    await page
      .locator('a.RaMenuItemLink-root')
      .filter({ hasText: /^Mint Queue$/ })
      .click();
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe('/mint-queue');
    await expect.poll(() => page.getByText('Redemption (burn)').first().isVisible(), WAIT).toBe(true);
  });
});
