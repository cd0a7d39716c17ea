import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, login, openBrowser } from './browser.js';

const WAIT = { timeout: 15_000 };

let admin: Awaited<ReturnType<typeof openBrowser>>;
let operator: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  admin = await openBrowser();
  operator = await openBrowser();
});
afterAll(async () => {
  await admin?.close();
  await operator?.close();
});

const email = `notified.${Date.now().toString(36)}@rwa.dev`;
const PASSWORD = 'operator-password-1';
const TITLE = `Shift change ${Date.now().toString(36)}`;

describe('Notifications in Chromium', () => {
  it('an admin sends a notification to an operator, who sees the bell’s count and reads it', async () => {
    await login(admin.page, admin.url, 'admin@rwa.dev');
    await admin.page.waitForURL(/\/dashboard$/);
    const made = await apiCall(admin.page, '/api/users', {
      email,
      name: 'Nora Notified',
      role: 'operator',
      password: PASSWORD,
    });
    expect(made.ok).toBe(true);

    const op = operator.page;
    await login(op, operator.url, email, PASSWORD);
    await op.waitForURL(/\/dashboard$/);
    await expect
      .poll(() => op.getByRole('button', { name: 'Notifications', exact: true }).isVisible(), WAIT)
      .toBe(true);

    const page = admin.page;
    await page.goto(admin.url('/notifications'));
    await page.getByRole('tab', { name: 'Send', exact: true }).click();
    await page.getByLabel('User email *').fill(email);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.getByText('Required').first().isVisible(), WAIT).toBe(true);
    await page.getByLabel('Title *').fill(TITLE);
    await page.getByLabel('Message *').fill('You are on the morning shift tomorrow.');
    await page.getByLabel('Link (optional)').fill('/orders');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.getByText('Notification sent').isVisible(), WAIT).toBe(true);

    await op.reload();
    const bell = op.getByRole('button', { name: '1 unread notification' });
    await expect.poll(() => bell.isVisible(), WAIT).toBe(true);
    await bell.click();
    const item = op.getByRole('menuitem', { name: new RegExp(TITLE) });
    await expect.poll(() => item.isVisible(), WAIT).toBe(true);
    await item.click();
    await op.waitForURL(/\/orders$/);
    await expect
      .poll(() => op.getByRole('button', { name: 'Notifications', exact: true }).isVisible(), WAIT)
      .toBe(true);

    await op.goto(operator.url('/notifications'));
    const row = op.locator('[data-testid="inbox-list"] li', { hasText: TITLE });
    await expect.poll(() => row.getAttribute('data-read'), WAIT).toBe('true');
    await expect.poll(() => op.getByText('0 unread').isVisible(), WAIT).toBe(true);
    // An operator may send too, but only admins read the outbox, in Settings.
    await expect.poll(() => op.getByRole('tab', { name: 'Send', exact: true }).isVisible(), WAIT).toBe(true);
  });

  it('all users’ notifications keep their filter and tab in the address: Back from a recipient returns to the same list', async () => {
    const page = admin.page;
    await page.goto(admin.url('/notifications'));
    await page.getByRole('tab', { name: 'All users' }).click();
    await page.waitForURL(/\/notifications\/all/, WAIT);
    await page.getByPlaceholder('Recipient email').fill(email);
    await expect.poll(() => decodeURIComponent(page.url()), WAIT).toContain(`"q":"${email}"`);
    const rows = page.locator('tbody tr');
    await expect.poll(async () => (await rows.allInnerTexts()).every((row) => row.includes(email)), WAIT).toBe(true);
    await expect.poll(() => rows.filter({ hasText: TITLE }).count(), WAIT).toBe(1);
    await page.getByLabel('Read state').click();
    await page.getByRole('option', { name: 'Read', exact: true }).click();
    await expect.poll(() => decodeURIComponent(page.url()), WAIT).toContain('"read":"true"');
    await expect.poll(() => rows.filter({ hasText: TITLE }).count(), WAIT).toBe(1);

    await rows.filter({ hasText: TITLE }).getByRole('link', { name: email }).click();
    await page.waitForURL(/\/users\/[^/]+\/show$/, WAIT);
    await page.goBack();
    await page.waitForURL(/\/notifications\/all\?/, WAIT);
    expect(await page.getByRole('tab', { name: 'All users' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByPlaceholder('Recipient email').inputValue(), WAIT).toBe(email);
    await expect.poll(() => rows.filter({ hasText: TITLE }).count(), WAIT).toBe(1);
    expect(decodeURIComponent(page.url())).toContain('"read":"true"');

    // Unread only: the operator read it, so the same recipient has nothing unread.
    await page.getByLabel('Read state').click();
    await page.getByRole('option', { name: 'Unread', exact: true }).click();
    await expect.poll(() => page.getByText('No notifications').isVisible(), WAIT).toBe(true);
  });
});
