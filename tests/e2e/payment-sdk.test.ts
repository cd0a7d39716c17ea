import { describe, expect, it } from 'vitest';
import { apiCall, login, browserForFile } from './browser.js';

const WAIT = { timeout: 15_000 };

const b = await browserForFile();
const { page } = b;

/** A pending order (POST /api/orders) of one product at `price`. */
/** A pending order of the demo shopper, its id and what it owes (their membership's discount may take some off the price). */
async function pendingOrder(price: number): Promise<{ orderId: string; owed: string }> {
  const sku = `SDK-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`.toUpperCase();
  const { product } = await apiCall(page, '/api/products', {
    title: `Vase ${sku}`,
    sku,
    priceFiat: price,
    priceCrypto: '0.01',
    rwaType: 'collectibles',
    status: 'active',
    stock: 5,
  });
  const { order } = await apiCall(page, '/api/orders', { userEmail: 'shopper@rwa.dev', productId: product.id, qty: 1 });
  expect(order.status).toBe('pending');
  return { orderId: order.id, owed: Number(order.amountFiat).toFixed(2) };
}

describe('Payment SDK in Chromium', () => {
  it('an admin creates a sandbox payment for a pending order, the customer pays it, and it shows Completed', async () => {
    await login(page, b.url, 'admin@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    const { orderId, owed } = await pendingOrder(21.5);

    await page.goto(b.url('/payment-sdk'));
    await expect.poll(() => page.getByRole('heading', { name: 'Payment SDK Management' }).isVisible(), WAIT).toBe(true);
    await page.getByRole('tab', { name: 'Providers' }).click();
    await expect.poll(() => page.getByTestId('sdk-provider').count(), WAIT).toBe(6);

    await page.getByRole('button', { name: 'Create Payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Payment' });
    await dialog.getByLabel('Amount').fill('20');
    await dialog.getByLabel('Order ID').fill(orderId);
    await dialog.getByRole('button', { name: 'Create Payment' }).click();
    await expect
      .poll(
        () =>
          page
            .getByText(
              new RegExp(
                `^Failed to create payment: .*Amount must be ${owed.replace('.', '\\.')} USD, what the order still owes\\.$`,
              ),
            )
            .first()
            .isVisible(),
        WAIT,
      )
      .toBe(true);
    expect(
      await dialog.getByText(`Amount must be ${owed} USD, what the order still owes.`, { exact: true }).isVisible(),
    ).toBe(true);
    await dialog.getByLabel('Amount').fill(owed);
    await dialog.getByRole('button', { name: 'Create Payment' }).click();
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(false);

    await page.getByRole('link', { name: 'Open payment page' }).click();
    await page.waitForURL(/\/pay\/sandbox\/[0-9a-f-]{36}$/);
    const paymentId = page.url().split('/').at(-1)!;
    await page.getByLabel('Name on card').fill('Robin Buyer');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12/39');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/orderId=/);

    await page.goto(b.url('/payment-sdk'));
    await page.getByPlaceholder('Search by payment ID, order ID or provider').fill(orderId);
    const card = page.locator(`[data-payment-id="${paymentId}"]`);
    await expect.poll(() => card.getByText('Completed').isVisible(), WAIT).toBe(true);
    expect(await card.innerText()).toContain(paymentId.slice(0, 12));
    expect(await card.getByRole('button', { name: 'Refund' }).isVisible()).toBe(true);
  });
});
