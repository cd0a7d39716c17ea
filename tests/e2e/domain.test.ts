import { describe, expect, it } from 'vitest';
import { login, browserForFile } from './browser.js';

const b = await browserForFile();
const { page } = b;

const name = `e2e-${Date.now().toString(36)}.rwa.test`;
const card = () => page.locator('[data-testid="dns-record"]', { hasText: name });
const dialog = () => page.getByRole('dialog');

async function logout() {
  await page.evaluate(() => localStorage.removeItem('authToken'));
}

describe('Domain Management in Chromium', () => {
  it('an operator creates an A record (the server’s sentence under a bad value first) and the resolve box returns it', async () => {
    await login(page, b.url, 'operator@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(b.url('/domain-management'));
    await page.getByRole('button', { name: 'Create DNS Record' }).click();
    await dialog()
      .getByLabel(/^Domain/)
      .fill(name);
    await dialog()
      .getByLabel(/^Value/)
      .fill('300.1.2.3');
    await dialog().getByRole('button', { name: 'Create' }).click();
    await expect
      .poll(() =>
        dialog().getByText('Value of an A record must be an IPv4 address such as 192.0.2.10.').first().isVisible(),
      )
      .toBe(true);
    await dialog()
      .getByLabel(/^Value/)
      .fill('192.0.2.123');
    await dialog().getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    await expect.poll(() => card().count()).toBe(1);
    await expect.poll(() => card().innerText()).toContain('192.0.2.123');

    const resolveBox = page.getByRole('textbox', { name: 'Domain name' });
    const resolve = page.getByRole('button', { name: 'Resolve' });
    expect(await resolve.isDisabled()).toBe(true);
    await resolveBox.fill(name);
    await resolve.click();
    const answer = page.getByTestId('dns-resolution');
    await expect.poll(() => answer.innerText()).toContain(`${name} 300 A 192.0.2.123`);
    expect(await answer.innerText()).toContain('Managed records');

    await page.getByRole('tab', { name: 'Query Logs' }).click();
    await expect
      .poll(() => page.getByTestId('dns-query-logs').locator('tr', { hasText: name }).first().innerText())
      .toContain('192.0.2.123');
  });

  it('edits the record, runs a script, and deletes the record after a confirmation', async () => {
    await page.getByRole('tab', { name: 'DNS Records' }).click();
    await card().getByRole('button', { name: 'Edit' }).click();
    await expect
      .poll(() =>
        dialog()
          .getByLabel(/^Value/)
          .inputValue(),
      )
      .toBe('192.0.2.123');
    await dialog().getByLabel(/^TTL/).fill('600');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => card().innerText()).toContain('TTL 600 s');

    await page.getByRole('button', { name: 'Execute Script' }).click();
    await dialog().getByRole('combobox', { name: 'Script Name' }).click();
    await page.getByRole('option', { name: 'Update DNS Record' }).click();
    await dialog()
      .getByLabel(/^Domain/)
      .fill(name);
    await dialog()
      .getByLabel(/^Value/)
      .fill('192.0.2.124');
    await dialog().getByRole('button', { name: 'Execute' }).click();
    await expect
      .poll(() =>
        page.getByText(`Script executed: Updated A record ${name}: 192.0.2.123 → 192.0.2.124 (TTL 600).`).isVisible(),
      )
      .toBe(true);
    await expect.poll(() => card().innerText()).toContain('192.0.2.124');
    await page.getByRole('tab', { name: 'Script Logs' }).click();
    await expect
      .poll(() => page.getByTestId('dns-script-logs').locator('tr', { hasText: name }).first().innerText())
      .toContain('Success');

    await page.getByRole('tab', { name: 'DNS Records' }).click();
    await card().getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('Are you sure you want to delete this record?').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => card().count()).toBe(0);
  });

  it('finance sees the records and logs but no write buttons', async () => {
    await logout();
    await login(page, b.url, 'finance@rwa.dev');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(b.url('/domain-management'));
    await expect.poll(() => page.getByRole('tab', { name: 'DNS Records' }).isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Query Logs' }).click();
    await expect
      .poll(() => page.getByTestId('dns-query-logs').locator('tr', { hasText: name }).count())
      .toBeGreaterThan(0);
    for (const label of ['Create DNS Record', 'Execute Script', 'Edit', 'Delete', 'Deactivate']) {
      expect(await page.getByRole('button', { name: label }).count(), label).toBe(0);
    }
  });
});
