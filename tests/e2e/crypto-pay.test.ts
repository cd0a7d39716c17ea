import { createPublicClient, createWalletClient, defineChain, formatEther, http, parseEther, type Address } from 'viem';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../src/common/products';
import { devFundedAccounts } from '../../server/chain/hd.js';
import { DEV_PASSWORD, login, browserForFile, server } from './browser.js';

const b = await browserForFile();
const { page } = b;

const WALLET = '0x1234567890abcdef1234567890abcdef12345678';
const chain = defineChain({
  id: 31337,
  name: 'dev',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [server().devChainUrl] } },
});

/** A wallet of the dev chain's funded accounts sends `ether` to `to`. */
async function pay(to: string, ether: string) {
  const wallet = createWalletClient({ account: devFundedAccounts()[7]!, chain, transport: http() });
  const hash = await wallet.sendTransaction({ to: to as Address, value: parseEther(ether) });
  await createPublicClient({ chain, transport: http() }).waitForTransactionReceipt({ hash, pollingInterval: 100 });
  return hash;
}

describe('paying in crypto in Chromium', () => {
  it('the buyer picks crypto, sees the address and amount, pays in two parts and reaches "Payment Successful!"; finance sees it on Payments', async () => {
    const { products } = (await (await fetch(b.url('/api/shop/products?limit=100'))).json()) as { products: Product[] };
    const product = products
      .filter((p) => p.tokenId !== null && Number(p.priceCrypto) > 0)
      .sort((x, y) => y.stock - x.stock)[0]!;
    await page.goto(b.url(`/shop/products/${product.id}`));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).not.toBeNull();
    await page.goto(b.url('/shop/checkout'));
    await page.getByLabel('Email').fill(`crypto-${Date.now()}@example.com`);
    await page.getByLabel('Wallet address').fill(WALLET);
    await page.getByLabel('Crypto (the chain’s native token)').check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/pay\/crypto\/[0-9a-f-]{36}$/);

    const amount = (await page.getByTestId('crypto-amount').textContent())!.replace(' ETH', '');
    expect(amount).toBe(product.priceCrypto.replace(/\.?0+$/, ''));
    const address = (await page.getByTestId('crypto-address').textContent())!;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await expect.poll(() => page.getByText('Chain id 31337').isVisible()).toBe(true);
    // A wallet gets all of it at once: an EIP-681 link, and the same request as a QR code.
    const wallet = page.getByRole('link', { name: 'Open in your wallet' });
    await expect
      .poll(() => wallet.getAttribute('href'))
      .toBe(`ethereum:${address}@31337?value=${parseEther(amount).toString()}`);
    await expect
      .poll(() =>
        page
          .getByRole('img', { name: /QR code of the payment request/ })
          .locator('svg')
          .count(),
      )
      .toBe(1);
    await expect.poll(() => page.getByText('Waiting for your payment…').isVisible()).toBe(true);
    await page.screenshot({ path: 'test-results/crypto-pay-waiting.png' }).catch(() => {});

    const paymentId = page.url().split('/').pop()!;
    const half = formatEther(parseEther(amount) / 2n);
    await pay(address, half);
    await expect
      .poll(() => page.getByText('Part of the amount has arrived. Send the rest to the same address.').isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    const missing = (await page.getByTestId('crypto-missing').textContent())!.replace(' ETH', '');
    expect(parseEther(missing)).toBe(parseEther(amount) - parseEther(half));
    await page.screenshot({ path: 'test-results/crypto-pay-under.png' }).catch(() => {});
    // In Chinese too.
    await page.getByRole('button', { name: '中文' }).click();
    await expect.poll(() => page.getByText('已收到部分金额，请将剩余部分发送到同一地址。').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('尚缺').isVisible()).toBe(true);
    await page.screenshot({ path: 'test-results/crypto-pay-under-zh.png' }).catch(() => {});
    await page.getByRole('button', { name: 'EN' }).click();
    await expect.poll(() => page.getByText('Still missing').isVisible()).toBe(true);

    await pay(address, missing);
    await page.waitForURL(/\/shop\/checkout\/complete\?orderId=/, { timeout: 20_000 });
    await expect.poll(() => page.getByText('Payment Successful!').isVisible(), { timeout: 15_000 }).toBe(true);

    await login(page, b.url, 'finance@rwa.dev', DEV_PASSWORD);
    await expect.poll(() => page.url(), { timeout: 15_000 }).not.toMatch(/login/);
    await page.goto(b.url(`/payments/${paymentId}/show`));
    await expect
      .poll(() => page.getByTestId('crypto-received').textContent(), { timeout: 15_000 })
      .toBe(`${amount} ETH`);
    expect(await page.getByTestId('crypto-missing').textContent()).toBe('0 ETH');
    const link = page.getByRole('link', { name: 'View in Dashboard' }).first();
    expect(await link.getAttribute('href')).toMatch(/^\/tx\/0x[0-9a-f]{64}$/);
    await page.screenshot({ path: 'test-results/crypto-payment-admin.png', fullPage: true }).catch(() => {});
  });
});
