import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmLinkFor, DEV_PASSWORD, login, openBrowser } from './browser.js';

const WAIT = { timeout: 15_000 };

let shopper: Awaited<ReturnType<typeof openBrowser>>;
let operator: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  shopper = await openBrowser();
  operator = await openBrowser();
});
afterAll(async () => {
  await shopper?.close();
  await operator?.close();
});

const legalName = `Kay Verified ${Date.now().toString(36)}`;

describe('KYC in Chromium', () => {
  it('a shopper sends KYC on the Account page, an operator approves it from Users → KYC review, and the shopper sees it verified', async () => {
    const page = shopper.page;
    const email = `kyc-${Date.now()}@example.com`;
    await page.goto(shopper.url('/shop/account'));
    await page.locator('#signup-name').fill('Kay Shopper');
    await page.locator('#signup-email').fill(email);
    await page.locator('#signup-password').fill(DEV_PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.getByText('Check your email').isVisible(), WAIT).toBe(true);
    // The emailed link makes the account and logs in.
    await page.goto(shopper.url(await confirmLinkFor(email)));
    await expect.poll(() => page.getByText('Identity verification (KYC)').isVisible(), WAIT).toBe(true);

    // Nothing chosen: the form says what is missing before anything is sent.
    await page.getByRole('button', { name: 'Send for verification' }).click();
    await expect.poll(() => page.getByText('Choose a photo or scan of your document.').isVisible(), WAIT).toBe(true);

    await page.locator('#kyc-legalName').fill(legalName);
    await page.locator('#kyc-dateOfBirth').fill('1991-04-05');
    await page.locator('#kyc-country').selectOption('DE');
    await page.locator('#kyc-documentNumber').fill('C01X00T47');
    // A file that claims to be a PNG but is not: the server's sentence is shown and nothing is sent for review.
    await page
      .locator('#kyc-document')
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: Buffer.from('not really an image') });
    await page.getByRole('button', { name: 'Send for verification' }).click();
    await expect
      .poll(() => page.getByText('The document must be a JPEG, PNG or WebP image or a PDF file.').isVisible(), WAIT)
      .toBe(true);

    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#6d8fb3' } })
      .png()
      .toBuffer();
    await page.locator('#kyc-document').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Send for verification' }).click();
    await expect.poll(() => page.getByTestId('kyc-status').textContent(), WAIT).toMatch(/waiting for review/);

    const admin = operator.page;
    await login(admin, operator.url, 'operator@rwa.dev');
    await admin.waitForURL(/\/dashboard$/);
    await admin.goto(operator.url('/users'));
    await admin.getByRole('tab', { name: 'KYC review' }).click();
    await admin.waitForURL(/\/kyc/);
    await expect.poll(() => admin.getByTestId('page-title').textContent(), WAIT).toBe('KYC review');
    const row = admin.locator('tr', { hasText: legalName });
    await expect.poll(() => row.isVisible(), WAIT).toBe(true);
    // The document is fetched with the token and shown inline.
    await expect
      .poll(
        () =>
          row.getByTestId('kyc-document-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        WAIT,
      )
      .toBe(640);

    // Reject asks for a reason; cancelled, nothing changes.
    await row.getByRole('button', { name: 'Reject' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => dialog.getByText('A reason is required to reject.').isVisible(), WAIT).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: 'Approve' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => admin.getByText('Identity verified').isVisible(), WAIT).toBe(true);
    // The queue shows pending sessions: the approved one has left it.
    await expect.poll(() => row.count(), WAIT).toBe(0);

    await page.reload();
    await expect.poll(() => page.getByTestId('kyc-status').textContent(), WAIT).toBe('Your identity is verified.');
  });

  it('finance sees no KYC tab, and the review queue is not allowed', async () => {
    const admin = operator.page;
    await admin.evaluate(() => localStorage.clear());
    await login(admin, operator.url, 'finance@rwa.dev');
    await admin.waitForURL(/\/dashboard$/);
    await admin.goto(operator.url('/users'));
    await expect
      .poll(() => admin.getByText('Manage user accounts, roles, and permissions').isVisible(), WAIT)
      .toBe(true);
    expect(await admin.getByRole('tab', { name: 'KYC review' }).count()).toBe(0);
    await admin.goto(operator.url('/kyc'));
    await expect
      .poll(
        () =>
          admin
            .getByText(/not allowed/i)
            .first()
            .isVisible(),
        WAIT,
      )
      .toBe(true);
  });
});
