/**
 * Freezing a holder's wallet for one token (issue 42), as an operator does it: the menu, the products list, a click on
 * the bond's row, Freeze on a holder's line, the reason in the dialog; the line then says Frozen (its reason in the
 * title). Unfreezing the same way puts the seeded data back as it was for the other browser tests.
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

/** Opens the line's Freeze or Unfreeze dialog, gives the reason and confirms; waits for the dialog to close. */
async function decide(line: ReturnType<typeof section>, action: 'Freeze' | 'Unfreeze', reason: string) {
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
});
