/**
 * The Webhooks screen in Chromium (issue 41): an admin opens it from the menu, registers an endpoint that points at a
 * receiver on loopback (the e2e server runs with WEBHOOK_ALLOW_INSECURE, global-setup.ts), sees its signing secret
 * once, opens it from its row, sends a test event and sees the delivery and its attempt in the log, at 1440 and 390 px.
 * The receiver checks the signature with the standardwebhooks package. A finance user has no Webhooks in the menu.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { browserForFile, login, openBrowser, screenSettled, screenshot } from './browser.js';

type Got = { body: string; headers: Record<string, string> };
const got: Got[] = [];
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    got.push({ body, headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])) });
    res.writeHead(200, { 'content-type': 'text/plain' }).end('received by the e2e receiver');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${Date.now().toString(36)}`;

const b = await browserForFile();
const { page } = b;
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const menuItem = (name: string) => page.locator('a.RaMenuItemLink-root', { hasText: new RegExp(`^${name}$`) });
const deliveries = () => page.getByTestId('webhook-delivery');

let secret = '';

describe('Webhooks in Chromium', () => {
  it('an admin opens Webhooks from the menu, and a refused URL shows the server’s sentence in the form', async () => {
    await page.setViewportSize(WIDE);
    await login(page, b.url, 'admin@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    await menuItem('Webhooks').click();
    await page.waitForURL(/\/webhooks$/);
    await page.getByRole('link', { name: 'Add Webhook' }).click();
    await page.waitForURL(/\/webhooks\/create$/);
    await page.getByRole('textbox', { name: /^URL/ }).fill('ftp://example.com/hook');
    await page.getByRole('combobox', { name: /^Events/ }).click();
    await page.getByRole('option', { name: 'order.paid' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('The URL must start with https:// or http://.').count()).toBe(1);
    await expect.poll(() => page.url()).toMatch(/\/webhooks\/create$/);
  });

  it('creates an endpoint to a loopback receiver and sees its whsec_ secret once', async () => {
    await page.getByRole('textbox', { name: /^URL/ }).fill(hookUrl);
    await page.getByRole('combobox', { name: /^Events/ }).click();
    await page.getByRole('option', { name: 'payment.succeeded' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Description' }).fill('E2E receiver');
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Signing secret' });
    await expect.poll(() => dialog.getByText(/It will not be shown again/).count()).toBe(1);
    secret = (await dialog.getByTestId('webhook-secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(/\/webhooks\/[0-9a-f-]{36}\/show$/);
    // Shown once: the record page does not carry it.
    await expect.poll(() => page.locator('main').innerText()).toContain(hookUrl);
    expect(await page.locator('main').innerText()).not.toContain(secret);
  });

  it('opens the endpoint from its row, sends a test event and sees the delivery in the log (1440 px)', async () => {
    await menuItem('Webhooks').click();
    await page.waitForURL(/\/webhooks$/);
    // The list's own rows: the record page's history table may still be on screen for a moment, with the URL in it.
    const row = page.locator('main [data-list="webhooks"] tbody tr', { hasText: hookUrl });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/order\.paid[\s\S]*payment\.succeeded[\s\S]*On[\s\S]*E2E receiver/);
    await row.locator('td', { hasText: 'E2E receiver' }).click();
    await page.waitForURL(/\/webhooks\/[0-9a-f-]{36}\/show$/);
    await expect.poll(() => page.getByText('No deliveries yet').count()).toBe(1);
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => deliveries().count()).toBe(1);
    const first = deliveries().first();
    await expect.poll(() => first.innerText(), { timeout: 20_000 }).toMatch(/webhook\.test[\s\S]*Delivered/);
    const attempt = first.getByTestId('webhook-attempt');
    await expect.poll(() => attempt.count()).toBe(1);
    expect(await attempt.innerText()).toMatch(
      /HTTP status: 200[\s\S]*Duration: \d+ ms[\s\S]*received by the e2e receiver/,
    );
    expect(got).toHaveLength(1);
    const event = new Webhook(secret).verify(got[0]!.body, got[0]!.headers) as { type: string };
    expect(event.type).toBe('webhook.test');
  });

  it('at 390 px: opens it from the menu drawer and its line, replays the delivery, and the log shows both', async () => {
    await page.setViewportSize(PHONE);
    await page.reload();
    await screenSettled(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menuItem('Webhooks').click();
    await page.waitForURL(/\/webhooks$/);
    await page.getByRole('link', { name: new RegExp(hookUrl.replace(/[.?/]/g, '\\$&')) }).click();
    await page.waitForURL(/\/webhooks\/[0-9a-f-]{36}\/show$/);
    await expect.poll(() => deliveries().count()).toBe(1);
    await deliveries().first().getByRole('button', { name: 'Replay' }).click();
    await expect.poll(() => deliveries().count()).toBe(2);
    await expect
      .poll(async () => (await deliveries().allInnerTexts()).filter((t) => /Delivered/.test(t)).length, {
        timeout: 20_000,
      })
      .toBe(2);
    expect(got).toHaveLength(2);
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('rotates the secret after a confirmation and shows the new one once, in Chinese too', async () => {
    await page.setViewportSize(WIDE);
    await page.reload();
    await screenSettled(page);
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page
      .getByRole('dialog', { name: 'Rotate the signing secret?' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Signing secret' });
    await expect.poll(() => dialog.getByTestId('webhook-secret').innerText()).toMatch(/^whsec_/);
    expect((await dialog.getByTestId('webhook-secret').innerText()).trim()).not.toBe(secret);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: '中文' }).click();
    await expect.poll(() => page.getByRole('button', { name: '发送测试事件' }).count()).toBe(1);
    await expect.poll(() => page.getByText('投递记录').count()).toBe(1);
    await screenSettled(page);
    await screenshot(page, 'webhooks-show-zh');
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Send test event' }).count()).toBe(1);
  });

  it('edits the description, then deletes the endpoint after a confirmation', async () => {
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/webhooks\/[0-9a-f-]{36}$/);
    // The form is filled in once the record has loaded; typing before that would be overwritten.
    await expect.poll(() => page.getByRole('textbox', { name: /^URL/ }).inputValue()).toBe(hookUrl);
    await page.getByRole('textbox', { name: 'Description' }).fill('E2E receiver, edited');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/webhooks\/[0-9a-f-]{36}\/show$/);
    await expect.poll(() => page.locator('main').innerText()).toContain('E2E receiver, edited');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete webhook endpoint' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await page.waitForURL(/\/webhooks$/);
    await expect.poll(() => page.getByText('Webhook endpoint deleted').count()).toBe(1);
    await expect.poll(() => page.locator('tbody tr', { hasText: hookUrl }).count()).toBe(0);
  });
});

describe('Webhooks and other roles', () => {
  it('finance has no Webhooks in the menu', async () => {
    const f = await openBrowser();
    try {
      await f.page.setViewportSize(WIDE);
      await login(f.page, f.url, 'finance@rwa.dev');
      await f.page.waitForURL(/\/dashboard$/);
      const items = f.page.locator('a.RaMenuItemLink-root');
      await expect.poll(() => items.allInnerTexts()).toContain('Payments');
      expect(await items.allInnerTexts()).not.toContain('Webhooks');
    } finally {
      await f.close();
    }
  });
});
