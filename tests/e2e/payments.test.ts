import { describe, expect, it } from 'vitest';
import { apiCall, login, browserForFile, openRecord, screenSettled, screenshot } from './browser.js';

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
    expect(cells.slice(0, 6)).toEqual([
      payment.paymentId.slice(0, 12),
      payment.orderId.slice(0, 12),
      'shopper@rwa.dev',
      'Sandbox · card',
      '$30.00',
      'Completed',
    ]);
    expect(
      await page
        .locator('tbody tr')
        .first()
        .getByRole('link', { name: payment.orderId.slice(0, 12) })
        .getAttribute('href'),
    ).toContain(payment.orderId);
    expect(
      await page.locator('tbody tr').first().getByRole('link', { name: 'View in Dashboard' }).getAttribute('href'),
    ).toBe(`/pay/sandbox/${payment.paymentId}`);
    await shot('payments-list-en');

    await page.locator('tbody tr').first().locator('td').nth(4).click();
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
    await expect.poll(() => page.getByText('净收入').isVisible(), WAIT).toBe(true);
    await expect.poll(() => page.locator('tbody tr').count(), WAIT).toBeGreaterThan(0);
    await shot('payments-list-zh');
    await page.getByRole('button', { name: 'EN' }).click();
  });

  it('a bank transfer is refunded as a recorded refund with its bank reference; a refusal leaves the dialog usable', async () => {
    await page.getByRole('menuitem', { name: 'Payments' }).click();
    await page.waitForURL(/\/payments/);
    await page.getByPlaceholder('Payment ID, order ID, email or reference').fill('');
    await page.getByRole('combobox', { name: 'Method' }).click();
    await page.getByRole('option', { name: 'Bank transfer' }).click();
    await expect.poll(() => page.getByRole('listbox').count(), WAIT).toBe(0);
    await expect.poll(() => page.url()).toMatch(/provider.*bank/);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Completed' }).click();
    await expect.poll(() => page.getByRole('listbox').count(), WAIT).toBe(0);
    // Every row the filters' answer shows, and no row of the list before them, then one opened as a person does.
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.filter({ hasText: 'Bank transfer' }).count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => rows.filter({ hasNotText: /Bank transfer[\s\S]*Completed/ }).count(), WAIT).toBe(0);
    await screenSettled(page);
    await openRecord(page, () => rows.first().locator('td').nth(4).click());
    const paymentId = page.url().split('/').at(-2)!;
    const { payment: before } = await api(`/api/payments/${paymentId}`);
    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund payment' });
    await expect.poll(() => dialog.getByLabel('Bank or provider reference').isVisible(), WAIT).toBe(true);
    await dialog.getByLabel('Amount').fill(String(before.refundable));
    await dialog.getByLabel('Reason').fill('Goods returned');
    await dialog.getByLabel('Bank or provider reference').fill('TRF-2026-0042');
    // Meanwhile a colleague refunds a cent of it: the full amount is refused, with the amount marked.
    await api(
      `/api/payments/${paymentId}/refund`,
      { amount: 0.01, reason: 'Colleague', reference: 'TRF-1' },
      { 'idempotency-key': `e2e-${paymentId}` },
    );
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect.poll(() => dialog.locator('.Mui-error').first().isVisible(), WAIT).toBe(true);
    await shot('refund-refused-en');
    const left = Math.round(before.refundable * 100 - 1) / 100;
    await dialog.getByLabel('Amount').fill(String(left));
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect.poll(() => page.getByText('Refund processed successfully').first().isVisible(), WAIT).toBe(true);
    await expect.poll(() => page.getByTestId('payment-refunds').innerText(), WAIT).toContain('TRF-2026-0042');
    const { payment: after } = await api(`/api/payments/${paymentId}`);
    expect(after.status).toBe('refunded');
  });

  it('a Stripe payment without Stripe configured offers a disabled Refund that says why', async () => {
    await page.getByRole('menuitem', { name: 'Payments' }).click();
    await page.getByRole('combobox', { name: 'Method' }).click();
    await page.getByRole('option', { name: 'Stripe' }).click();
    await expect.poll(() => page.getByRole('listbox').count(), WAIT).toBe(0);
    await expect.poll(() => page.url()).toMatch(/provider.*stripe/);
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.filter({ hasNotText: 'Stripe' }).count(), WAIT).toBe(0);
    await screenSettled(page);
    await openRecord(page, () => rows.filter({ hasText: 'Completed' }).first().locator('td').nth(4).click());
    await expect.poll(() => page.getByText('Stripe is not configured.').isVisible(), WAIT).toBe(true);
    expect(await page.getByRole('button', { name: 'Refund' }).isDisabled()).toBe(true);
    await shot('refund-unavailable-en');
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
