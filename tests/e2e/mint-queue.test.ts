import { describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { login, browserForFile } from './browser.js';

const b = await browserForFile();
const { page } = b;

/** A wallet nobody has minted to yet, checksummed. */
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address;

/** POST with the page's stored token; the status and JSON body. */
const postAs = (path: string, body: unknown) =>
  page.evaluate(
    async ({ p, data }) => {
      const res = await fetch(p, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('authToken')}` },
        body: JSON.stringify(data),
      });
      return { status: res.status, body: await res.json() };
    },
    { p: path, data: body },
  );

/** The jobs-table row of this wallet (the shortened address carries the full one as its title). */
const rowFor = (address: string) =>
  page.locator('tbody tr', { has: page.locator(`td.column-walletAddress [title="${address}"]`) });

const mintButton = () => page.getByRole('button', { name: 'Mint Token', exact: true });

describe('mint queue in Chromium', () => {
  it('an operator sees the queue, its running worker and auto refresh on', async () => {
    await login(page, b.url, 'operator@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(b.url('/mint-queue'));
    await expect.poll(() => page.getByTestId('page-title').innerText()).toBe('Mint Queue');
    await expect.poll(() => page.getByText('Monitor and manage token minting operations').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Worker Active').isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('last-updated').innerText()).toMatch(/^Last updated: /);
    const off = page.getByRole('button', { name: 'Auto Refresh OFF' });
    if (await off.count()) await off.click();
    await expect.poll(() => page.getByRole('button', { name: 'Auto Refresh ON' }).isVisible()).toBe(true);
  });

  it('a malformed address shows the server’s sentence and its field error; Escape cancels', async () => {
    const bad = '0x1234';
    const answer = await postAs('/api/mint-jobs', {
      walletAddress: bad,
      tokenId: '1',
      amount: '3',
      note: 'Testing a bad address',
    });
    expect(answer.status).toBe(400);
    const fieldError: string = answer.body.fields?.walletAddress;
    expect(fieldError).toBeTruthy();

    await mintButton().click();
    const dialog = page.getByRole('dialog');
    // the first field has the focus; Enter submits
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('walletAddress');
    await page.keyboard.type(bad);
    await dialog.getByRole('textbox', { name: /reason/i }).fill('Testing a bad address');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByTestId('mint-error').innerText(), { timeout: 15_000 }).toBe(answer.body.error);
    await expect.poll(() => dialog.locator('.MuiFormHelperText-root', { hasText: fieldError }).count()).toBe(1);
    expect(await dialog.getByRole('textbox', { name: /wallet address/i }).getAttribute('aria-invalid')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('mints to a fresh wallet: the row turns Succeeded without a manual refresh and links to its transaction', async () => {
    const address = freshAddress();
    await mintButton().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /wallet address/i }).fill(address);
    await dialog.getByRole('spinbutton', { name: /token id/i }).fill('1');
    await dialog.getByRole('spinbutton', { name: /amount/i }).fill('3');
    await dialog.getByRole('textbox', { name: /reason/i }).fill('Sample for a gallery');
    await dialog.getByRole('button', { name: 'Mint Token', exact: true }).click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);

    const row = rowFor(address);
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    // newest first: the new job is the top row, a manual one
    expect(await page.locator('tbody tr').first().locator(`[title="${address}"]`).count()).toBe(1);
    expect(await row.locator('td.column-orderId').innerText()).toBe('Manual');
    expect(await row.locator('td.column-amount').innerText()).toBe('3');
    expect(await row.locator('td.column-tokenId').innerText()).toBe('1');
    expect(await row.getByTestId('mint-note').innerText()).toBe('Sample for a gallery');

    // no Refresh click: the 5-second auto refresh brings the worker's progress
    await expect
      .poll(() => row.locator('td.column-status').innerText(), { timeout: 30_000, interval: 500 })
      .toMatch(/^Succeeded/);
    const link = row.locator('td.column-txHash').getByRole('link');
    await expect.poll(() => link.innerText()).toMatch(/^0x[0-9a-fA-F]{8}$/);
    const hash = (await link.getAttribute('title'))!;
    expect(hash).toMatch(/^0x[0-9a-fA-F]{64}$/);
    expect(hash.startsWith(await link.innerText())).toBe(true);

    await link.click();
    await page.waitForURL((u) => u.pathname === `/tx/${hash}`);
    await expect.poll(() => page.getByTestId('tx-hash').innerText(), { timeout: 15_000 }).toBe(hash);
    expect(await page.getByTestId('tx-status').innerText()).toBe('Success');
    expect(await page.getByTestId('page-title').innerText()).toBe('Transaction');
    const main = await page.locator('main').innerText();
    expect(main).toContain(address);
    await page.getByRole('link', { name: 'Back to Mint Queue' }).first().click();
    await page.waitForURL(/\/mint-queue/);
  });

  it('an unknown transaction hash says so', async () => {
    await page.goto(b.url(`/tx/0x${'ab'.repeat(32)}`));
    await expect
      .poll(() => page.getByTestId('tx-not-found').innerText(), { timeout: 15_000 })
      .toContain('Transaction not found');
  });

  it('a mint above the approval threshold waits: its asker sees no Approve; an admin approves it and it is minted', async () => {
    const address = freshAddress();
    await page.goto(b.url('/mint-queue'));
    await mintButton().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /wallet address/i }).fill(address);
    await dialog.getByRole('spinbutton', { name: /amount/i }).fill('101');
    await dialog.getByRole('textbox', { name: /reason/i }).fill('Launch allocation');
    await dialog.getByRole('button', { name: 'Mint Token', exact: true }).click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    const row = rowFor(address);
    await expect
      .poll(() => row.locator('td.column-status').innerText(), { timeout: 15_000 })
      .toMatch(/^Awaiting approval/);
    expect(await row.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    await page.evaluate(() => localStorage.clear());
    await login(page, b.url, 'admin@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(b.url('/mint-queue'));
    await expect.poll(() => row.getByRole('button', { name: 'Approve' }).count(), { timeout: 15_000 }).toBe(1);
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.getByText('Mint approved and queued').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(() => row.locator('td.column-status').innerText(), { timeout: 30_000, interval: 500 })
      .toMatch(/^Succeeded/);
  });

  it('a mint awaiting approval can be rejected with a reason by another member of staff: it reads Rejected with the reason', async () => {
    const address = freshAddress();
    await page.goto(b.url('/mint-queue'));
    await mintButton().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /wallet address/i }).fill(address);
    await dialog.getByRole('spinbutton', { name: /amount/i }).fill('150');
    await dialog.getByRole('textbox', { name: /reason/i }).fill('Unplanned allocation');
    await dialog.getByRole('button', { name: 'Mint Token', exact: true }).click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    const row = rowFor(address);
    await expect
      .poll(() => row.locator('td.column-status').innerText(), { timeout: 15_000 })
      .toMatch(/^Awaiting approval/);
    expect(await row.getByRole('button', { name: 'Reject' }).count()).toBe(0);

    await page.evaluate(() => localStorage.clear());
    await login(page, b.url, 'operator@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(b.url('/mint-queue'));
    await expect.poll(() => row.getByRole('button', { name: 'Reject' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await row.getByRole('button', { name: 'Approve' }).count()).toBe(1);
    await row.getByRole('button', { name: 'Reject' }).click();
    const reject = page.getByRole('dialog');
    await reject.getByRole('textbox', { name: /reason/i }).fill('Not in the launch plan');
    await reject.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect.poll(() => page.getByText('Mint rejected').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(() => row.locator('td.column-status').innerText(), { timeout: 15_000 })
      .toMatch(/^Rejected\s+Not in the launch plan/);
    expect(await row.getByRole('button', { name: 'Approve' }).count()).toBe(0);
  });

  it('a finance user sees the queue read-only: no Mint Token and no Retry', async () => {
    await page.evaluate(() => localStorage.clear());
    await login(page, b.url, 'finance@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(b.url('/mint-queue'));
    await expect.poll(() => page.getByText('Queue Status').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Auto Refresh ON' }).count()).toBe(1);
    expect(await mintButton().count()).toBe(0);
    expect(await page.getByRole('button', { name: /^retry$/i }).count()).toBe(0);
    const refused = await postAs('/api/mint-jobs', {
      walletAddress: freshAddress(),
      tokenId: '1',
      amount: '1',
      note: 'Not allowed',
    });
    expect(refused.status).toBe(403);
  });
});
