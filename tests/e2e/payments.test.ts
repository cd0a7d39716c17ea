import { describe, expect, it } from 'vitest';
import { apiCall, login, browserForFile, screenshot } from './browser.js';

const WAIT = { timeout: 15_000 };

const b = await browserForFile();
const { page } = b;

const api = (p: string, body?: unknown, headers?: Record<string, string>) => apiCall(page, p, body, headers);
const shot = (name: string) => screenshot(page, name);

/** A goods order paid in the card sandbox, as a shopper pays it: the checkout, then the hosted page's card form. */
async function paidSandboxPayment(price: number): Promise<{ paymentId: string; orderId: string }> {
  const sku = `PAY-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`.toUpperCase();
  const { product } = await api('/api/products', {
    title: `Tea set ${sku}`,
    sku,
    priceFiat: price,
    priceCrypto: '0.01',
    rwaType: 'collectibles',
    status: 'active',
    stock: 5,
  });
  const session = await api(
    '/api/checkout/session',
    { items: [{ productId: product.id, qty: 1 }], email: 'shopper@rwa.dev', provider: 'sandbox' },
    { 'idempotency-key': sku },
  );
  const paid = await api(`/api/payments/sandbox/${session.paymentId}/confirm`, {
    cardNumber: '4242424242424242',
    expiry: '12/39',
    cvc: '123',
    name: 'X',
  });
  expect(paid.payment.status).toBe('completed');
  return { paymentId: session.paymentId, orderId: session.orderId };
}

const statusChip = (name: string) => page.locator('main .MuiChip-root', { hasText: new RegExp(`^${name}$`) }).first();

async function refund(amount: string | null, reason: string) {
  await page.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
  if (amount !== null) await dialog.getByLabel('Amount').fill(amount);
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect.poll(() => page.getByText('Refund processed successfully').first().isVisible(), WAIT).toBe(true);
  await expect.poll(() => dialog.isVisible(), WAIT).toBe(false);
}

describe('Payments in Chromium', () => {
  let payment: { paymentId: string; orderId: string };
  let other: { paymentId: string; orderId: string };

  it('finance finds a sandbox payment and refunds part of it, then the rest; payment and order turn refunded', async () => {
    await login(page, b.url, 'admin@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    payment = await paidSandboxPayment(30);
    other = await paidSandboxPayment(12.5);
    await page.evaluate(() => localStorage.removeItem('authToken'));

    await login(page, b.url, 'finance@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(b.url('/payments'));
    await expect.poll(() => page.locator('tbody tr').count(), WAIT).toBe(50);
    await shot('payments-all-en');
    await page.getByPlaceholder('Payment ID, order ID, email or reference').fill(payment.paymentId);
    await expect.poll(() => page.locator('tbody tr').count(), WAIT).toBe(1);
    const cells = (await page.locator('tbody tr').first().locator('td').allInnerTexts()).map((c) => c.trim());
    expect(cells.slice(0, 4)).toEqual([payment.paymentId.slice(0, 12), 'Sandbox · card', '$30.00', 'Completed']);
    expect(
      await page.locator('tbody tr').first().getByRole('link', { name: 'View in Dashboard' }).getAttribute('href'),
    ).toBe(`/pay/sandbox/${payment.paymentId}`);
    await shot('payments-list-en');

    await page.locator('tbody tr').first().getByRole('link', { name: 'Show' }).click();
    await page.waitForURL(new RegExp(`/payments/${payment.paymentId}/show$`));
    await expect.poll(() => page.getByText('Timeline').isVisible(), WAIT).toBe(true);
    expect(await page.getByRole('link', { name: 'View in Dashboard' }).first().getAttribute('href')).toBe(
      `/pay/sandbox/${payment.paymentId}`,
    );

    await refund('10', 'Box arrived damaged');
    await expect.poll(() => page.getByTestId('payment-refunded').innerText(), WAIT).toBe('$10.00');
    expect(await statusChip('Completed').isVisible()).toBe(true);
    expect(await page.getByTestId('payment-refunds').innerText()).toContain('Box arrived damaged');

    await refund(null, 'Customer returned the set'); // the amount starts at what is left
    await expect.poll(() => statusChip('Refunded').count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('payment-refunded').innerText(), WAIT).toBe('$30.00');
    expect(await page.getByRole('button', { name: 'Refund' }).count()).toBe(0);
    expect((await api(`/api/orders/${payment.orderId}`)).order.status).toBe('refunded');
    expect(await page.getByTestId('payment-timeline').innerText()).toMatch(
      /Created[\s\S]*Confirmed[\s\S]*Refunded[\s\S]*Refunded/,
    );
    await shot('payment-refunded-en');
  });

  it('refuses an amount above what is left under the field, before sending it', async () => {
    await page.goto(b.url(`/payments/${other.paymentId}/show`));
    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund payment' });
    await dialog.getByLabel('Amount').fill('13');
    await dialog.getByLabel('Reason').fill('Too much');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect
      .poll(() => dialog.getByText('Amount can be at most what is left: $12.50').isVisible(), WAIT)
      .toBe(true);
    await shot('refund-dialog-en');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('reads in Chinese', async () => {
    await page.getByRole('button', { name: '中文' }).click();
    await expect.poll(() => page.getByText('时间线').isVisible(), WAIT).toBe(true);
    await shot('payment-detail-zh');
    await page.goto(b.url('/payments'));
    await expect.poll(() => page.getByText('总金额').isVisible(), WAIT).toBe(true);
    await expect.poll(() => page.locator('tbody tr').count(), WAIT).toBeGreaterThan(0);
    await shot('payments-list-zh');
    await page.getByRole('button', { name: 'EN' }).click();
  });

  it('an operator reads payments but sees no Refund', async () => {
    await page.evaluate(() => localStorage.removeItem('authToken'));
    await login(page, b.url, 'operator@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(b.url(`/payments/${other.paymentId}/show`));
    await expect.poll(() => page.getByText('Timeline').isVisible(), WAIT).toBe(true);
    expect(await statusChip('Completed').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Refund' }).count()).toBe(0);
  });
});
