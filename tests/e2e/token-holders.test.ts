/**
 * A tokenised product's Holders and supply section, reached as staff reach it: the menu, the products list, a click on
 * the row. The seeded orders' tokens were minted on the dev chain at start, and the holders indexer read them from the
 * transfer logs; the section's figures agree with its rows, and a holder's account opens from its line.
 */
import { describe, expect, it } from 'vitest';
import { browserForFile, login, openProduct, screenSettled } from './browser.js';

const b = await browserForFile();
const { page } = b;
const WAIT = { timeout: 20_000 };
const section = () => page.getByTestId('product-holders');
const figure = async (k: string) => BigInt(await section().getByTestId(`supply-${k}`).innerText());

async function openBond() {
  await openProduct(page, 'Corporate Bond AA 2029');
  await expect.poll(() => section().isVisible(), WAIT).toBe(true);
}

describe('Holders and supply in Chromium', () => {
  it('at 1440 px: the bond’s holders from the chain, their balances adding up to what is in circulation; a holder’s account opens', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, b.url, 'finance@rwa.dev');
    await page.waitForURL(/\/dashboard$/, WAIT);
    await openBond();
    const rows = section().locator('tbody tr');
    // The indexer reads the logs once a second: the seed's mints appear within a few passes.
    await expect.poll(() => rows.count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => section().innerText(), WAIT).toMatch(/Read from the token contract’s transfer logs/);
    const balances = (await rows.locator('td:nth-child(2)').allInnerTexts()).map((x) => BigInt(x));
    expect(balances.reduce((a, x) => a + x, 0n)).toBe(await figure('inCirculation'));
    expect((await figure('minted')) - (await figure('burned'))).toBe(await figure('inCirculation'));
    // A wallet is shortened on screen; its whole address is its title.
    const wallet = rows.first().locator('td').first().locator('[title]');
    expect(await wallet.getAttribute('title')).toMatch(/^0x[0-9a-f]{40}$/);

    // Finance reads the holders and whether each is frozen, but freezing is for those who edit products.
    await expect.poll(() => rows.first().innerText(), WAIT).toMatch(/Active|Frozen/);
    expect(
      await section()
        .getByRole('button', { name: /^(Freeze|Unfreeze)$/ })
        .count(),
    ).toBe(0);

    const account = section().locator('tbody a').first();
    const email = await account.innerText();
    await account.click();
    await page.waitForURL(/\/users\/[^/]+\/show$/, { ...WAIT, waitUntil: 'commit' });
    await expect.poll(() => page.locator('main').innerText(), WAIT).toContain(email);
  });

  it('at 390 px: the section fits the phone, its table scrolling inside it', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goBack();
    await page.waitForURL(/\/products\/[^/]+\/show$/, { ...WAIT, waitUntil: 'commit' });
    await screenSettled(page);
    await expect.poll(() => section().locator('tbody tr').count(), WAIT).toBeGreaterThan(0);
    const box = (await section().boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
