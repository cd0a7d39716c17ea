import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const DEV_PASSWORD = 'rwa-dev-password';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A fresh Chromium profile (empty storage) on the test server; `colorScheme` is the system preference it reports. */
export async function openBrowser(opts: { colorScheme?: 'light' | 'dark' } = {}): Promise<{ context: BrowserContext; page: Page; url: (p: string) => string; close: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ARGS,
    viewport: { width: 1400, height: 900 },
    colorScheme: opts.colorScheme ?? 'light',
  });
  context.setDefaultTimeout(20_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const base = inject('baseUrl');
  return {
    context, page,
    url: (p: string) => `${base}${p}`,
    close: async () => {
      await context.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function login(page: Page, base: (p: string) => string, email: string, password = DEV_PASSWORD) {
  await page.goto(base('/login'));
  await page.getByRole('textbox', { name: /email/i }).fill(email);
  await page.getByRole('textbox', { name: /password/i }).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
}

/** A JSON call with the logged-in user's token (and `headers`), from the page: GET without a body, POST with one. */
export const apiCall = (page: Page, path: string, body?: unknown, headers: Record<string, string> = {}) => page.evaluate(async ([p, data, extra]) => {
  const res = await fetch(p as string, {
    method: data === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${localStorage.getItem('authToken')}`, 'content-type': 'application/json', ...(extra as Record<string, string>) },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  return res.json();
}, [path, body, headers] as const);
