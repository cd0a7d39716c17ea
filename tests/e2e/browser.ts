import fs from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { chromium, type Browser, type BrowserContext, type Download, type Page, type Response } from 'playwright-core';
import { afterAll, beforeEach, expect, inject, vi } from 'vitest';

export const DEV_PASSWORD = 'rwa-dev-password';

/** This worker's seeded server (global-setup.ts starts one per worker, so files side by side share none). */
export function server() {
  const servers = inject('servers');
  return servers[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % servers.length]!;
}

/** The address of `p` on this worker's server. */
export const serverUrl = (p = '') => `${server().baseUrl}${p}`;

/** This file's connection to the run's one Chromium, made at its first browser and dropped after its last test. */
let connection: Promise<Browser> | undefined;
afterAll(async () => {
  await (await connection)?.close();
});

/** Each open page, with the last things it logged as wrong, told when a test fails (see `reportOnFailure`). */
const watched = new Map<Page, string[]>();

function watch(page: Page) {
  const seen: string[] = [];
  const note = (line: string) => {
    seen.push(`${new Date().toISOString().slice(11, 23)} ${line.slice(0, 300)}`);
    if (seen.length > 12) seen.shift();
  };
  watched.set(page, seen);
  page.on('close', () => watched.delete(page));
  page.on('console', (m) => {
    // A failed load is told with its address below.
    if ((m.type() === 'error' || m.type() === 'warning') && !m.text().startsWith('Failed to load resource'))
      note(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => note(`page error: ${e.message}`));
  page.on('requestfailed', (r) => note(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', (r) => {
    if (r.status() >= 400) note(`answer ${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) note(`at ${f.url()}`);
  });
}

/** What a person would see on `page` now: its address, what has the focus, the main region's text, open dialogs. */
const pageState = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const focus = el
      ? `${el.tagName}${el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : ''} "${(el.innerText || el.getAttribute('aria-label') || '').slice(0, 60)}"`
      : 'none';
    const main = (document.querySelector('main') as HTMLElement | null)?.innerText.replace(/\s+/g, ' ').slice(0, 300);
    const dialogs = [...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')]
      .map((d) => d.innerText.replace(/\s+/g, ' ').slice(0, 120))
      .join(' | ');
    return `${location.href}\n  focus: ${focus}\n  main: ${main ?? '(no main region)'}${dialogs ? `\n  dialogs: ${dialogs}` : ''}`;
  });

/**
 * A failed browser test says, beside its error, for each page still open, where it was and what it showed, and the
 * page's last console errors, failed requests and 4xx/5xx answers: a failure on a busy CI machine is then read from its log. With
 * SCREENSHOT_DIR set, each such page is also saved as a picture.
 */
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    let n = 0;
    for (const [page, seen] of watched) {
      const state = await pageState(page).catch((e: Error) => `(could not read the page: ${e.message.split('\n')[0]})`);
      const told = `page ${++n}: ${state}\n  recent:\n    ${seen.join('\n    ') || '(nothing)'}`;
      // Beside the test's error, so the reporters and the suite's summary (scripts/test.sh) show it with the failure.
      task.result?.errors?.push({ name: 'PageState', message: told, stack: `What the browser showed, ${told}` });
      await screenshot(page, `failed-${task.name.replace(/\W+/g, '-').slice(0, 60)}-${n}`).catch(() => {});
    }
  });
});

/** A fresh Chromium profile (empty storage) on the test server; `colorScheme` is the system preference it reports. */
export async function openBrowser(
  opts: { colorScheme?: 'light' | 'dark' } = {},
): Promise<{ context: BrowserContext; page: Page; url: (p: string) => string; close: () => Promise<void> }> {
  connection ??= chromium.connect(inject('browserWsEndpoint'));
  const context = await (
    await connection
  ).newContext({
    viewport: { width: 1400, height: 900 },
    colorScheme: opts.colorScheme ?? 'light',
    // Transitions end at once (src/lib/reduced-motion.ts): no click waits for a drawer or dialog to stop moving.
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(20_000);
  context.on('page', watch);
  const page = await context.newPage();
  return { context, page, url: serverUrl, close: () => context.close() };
}

/** The browser of a whole test file: opened as the file loads, closed after its last test. */
export async function browserForFile(opts: { colorScheme?: 'light' | 'dark' } = {}) {
  const b = await openBrowser(opts);
  afterAll(async () => {
    await b.close();
  });
  return b;
}

/** What a download saved, as text (read through Playwright: the browser is another process's, its files are not ours). */
export const downloadedText = async (download: Download) => text(await download.createReadStream());

/** With SCREENSHOT_DIR set, saves the whole page there as `name`.png, to look at the screens in each language and theme. */
export async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

export async function login(page: Page, base: (p: string) => string, email: string, password = DEV_PASSWORD) {
  await page.goto(base('/login'));
  await page.getByRole('textbox', { name: /email/i }).fill(email);
  await page.getByRole('textbox', { name: /password/i }).fill(password);
  await page.getByRole('button', { name: /^login$/i }).click();
}

/** Quoted-printable (as nodemailer sends a long text) back to text. */
const unquote = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The path (`/shop/account?confirm=…`) of the sign-up confirmation link last emailed to `email`. */
export async function confirmLinkFor(email: string, timeoutMs = 15_000): Promise<string> {
  const dir = inject('mailDir');
  const latest = () => {
    const link = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort((a, b) => parseInt(a) - parseInt(b))
      .map((f) => unquote(fs.readFileSync(path.join(dir, f), 'utf8')))
      .filter((m) => m.toLowerCase().includes(`to: ${email.toLowerCase()}`))
      .map((m) => /\/shop\/account\?confirm=[\w%-]+/.exec(m)?.[0])
      .filter((l): l is string => !!l)
      .at(-1);
    if (!link) throw new Error(`No sign-up confirmation was emailed to ${email}.`);
    return link;
  };
  return vi.waitFor(latest, { timeout: timeoutMs, interval: 100 });
}

/** What shows that a screen is still loading besides an animation: a progress bar without a value, placeholder lines, a busy region. */
const LOADING = '[role="progressbar"]:not([aria-valuenow]), .MuiSkeleton-root, .RaPlaceholder-root, [aria-busy="true"]';

/**
 * Waits until the screen shows what it loads and stands still, as a person sees it: a heading, text in its content
 * region, no loading sign and nothing moving on screen, and each react-admin list with its rows or its empty sentence
 * (a list stays blank for its first second of loading, before its placeholder lines). Unlike the network going
 * quiet, this comes on a screen that polls or keeps a stream open.
 */
export async function screenSettled(page: Page, timeout = 20_000) {
  await page.locator('h1, h2, h3, h4, h5, h6').first().waitFor({ timeout });
  const state = () =>
    page.evaluate((loading) => {
      const shown = (el: Element) => el.checkVisibility();
      const blank = (el: Element) => !(el as HTMLElement).innerText.trim();
      const main = document.querySelector('#main-content') ?? document.querySelector('main');
      if (!main || blank(main)) return 'nothing in the main region yet';
      // Still moving: a spinner or a pulsing skeleton (forever), a fade or a colour change (a moment), not a focus ring's pulse.
      const moving = document
        .getAnimations()
        .filter((a) => a.playState === 'running')
        .map((a) => (a.effect instanceof KeyframeEffect ? a.effect.target : null))
        .filter((t): t is Element => t instanceof Element && !t.closest('.MuiTouchRipple-root'));
      const busy = [...document.querySelectorAll(loading), ...moving].find(shown);
      if (busy) return `loading or moving: ${busy.outerHTML.slice(0, 120)}`;
      const lists = [...document.querySelectorAll('.RaList-content')].filter(shown);
      if (lists.some((l) => blank(l) || [...l.querySelectorAll(':scope > .MuiCard-root')].some(blank)))
        return 'a list still blank';
      return 'settled';
    }, LOADING);
  await expect.poll(state, { timeout }).toBe('settled');
}

/**
 * Moves the open admin to `path` without reloading the page, as the browser's Back and Forward buttons move it (the
 * router hears the same `popstate`), and waits until the new screen shows its data and stands still. A reload costs
 * the app's start (scripts, the session check, the settings) on every screen; a sweep of every screen needs only the
 * screen. The move is done once the layout has put the focus on the new screen's heading (or a form's first field):
 * it does that after every change of the address's path, once the new screen is drawn. At the current address it
 * waits for the screen only; an address that differs from the current one in its query only, or a page that is not
 * the admin's (the shop's `/shop`, `/pay`), is opened by loading it.
 */
export async function goTo(page: Page, path: string) {
  const url = new URL(path, page.url());
  const current = new URL(page.url());
  const shop = (u: URL) => /^\/(shop|pay)(\/|$)/.test(u.pathname);
  const inAdmin = !shop(current) && (await page.locator('[data-testid="page-title"]').count()) > 0;
  if (inAdmin && url.href === current.href) return screenSettled(page);
  if (!inAdmin || shop(url) || url.origin !== current.origin || url.pathname === current.pathname) {
    await page.goto(url.href);
    await screenSettled(page);
    return;
  }
  await page.evaluate((to) => {
    (document.activeElement as HTMLElement | null)?.blur();
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, url.pathname + url.search);
  await expect
    .poll(() => page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null), {
      timeout: 20_000,
    })
    .toBe(true)
    .catch((err: Error) => {
      throw new Error(`${err.message}\nthe screen at ${path} was not drawn (focus stayed on the page's body)`);
    });
  await screenSettled(page);
}

/**
 * From the admin's menu to a product's page, as staff find one: Products, its title in the search box, a click on its
 * row. The search reaches the address after a pause (react-admin's debounce) and then moves the app to the filtered
 * list: a row clicked before that opened the product and the filter took the page back to the list (CI, at load 8). A
 * click on the menu while the screen left by the login was still being drawn was lost once (CI, load 2): the screen
 * settles first.
 */
export async function openProduct(page: Page, title: string) {
  await screenSettled(page);
  await page
    .locator('a.RaMenuItemLink-root')
    .filter({ hasText: /^Products$/ })
    .click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/products');
  await page.getByPlaceholder(/search/i).fill(title);
  await expect.poll(() => decodeURIComponent(page.url()), { timeout: 20_000 }).toContain(title.split(' ')[0]);
  await screenSettled(page);
  const row = page.locator('main tbody tr', { hasText: title }).first();
  await openRecord(page, () => row.locator('td:not(.MuiTableCell-paddingCheckbox)').first().click());
}

/**
 * Opens a record page with `click` (on a row or a link) and waits for the one-record answer: react-admin first shows
 * the page with the list's copy of the record, then with that answer, and a field only the answer carries can break
 * the page then.
 */
export async function openRecord(page: Page, click: () => Promise<void>) {
  const answered: string[] = [];
  const seen = (r: Response) => {
    if (r.request().method() === 'GET' && r.url().includes('/api/')) answered.push(new URL(r.url()).pathname);
  };
  page.on('response', seen);
  try {
    await click();
    await page.waitForURL(/\/[^/]+\/show$/, { waitUntil: 'commit' });
    const id = /\/([^/]+)\/show$/.exec(new URL(page.url()).pathname)![1]!;
    await expect
      .poll(() => answered.some((p) => p.endsWith(`/${id}`)), { timeout: 20_000 })
      .toBe(true)
      .catch((err: Error) => {
        throw new Error(`${err.message}\nno answer for ${id} at ${page.url()}; answered: ${answered.join(', ')}`);
      });
  } finally {
    page.off('response', seen);
  }
}

/** Confirms a sign-up of `email` through the API, as its emailed link does in the shop: the account exists after it. */
export async function confirmSignup(email: string): Promise<void> {
  const token = new URL(await confirmLinkFor(email), 'http://x').searchParams.get('confirm');
  const res = await fetch(serverUrl('/api/shop/auth/confirm'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (!res.ok) throw new Error(`Confirming the sign-up of ${email} failed: ${res.status} ${await res.text()}`);
}

/** A JSON call with the logged-in user's token (and `headers`), from the page: GET without a body, POST with one. */
export const apiCall = (page: Page, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  page.evaluate(
    async ([p, data, extra]) => {
      const res = await fetch(p as string, {
        method: data === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${localStorage.getItem('authToken')}`,
          'content-type': 'application/json',
          ...(extra as Record<string, string>),
        },
        body: data === undefined ? undefined : JSON.stringify(data),
      });
      return res.json();
    },
    [path, body, headers] as const,
  );

/**
 * Settings back to their defaults, then "Require 2FA for all users" off again as the dev seed has it (its
 * default is on): the other browser tests log staff in without an authenticator.
 */
export const resetDevSettings = (page: Page) =>
  page.evaluate(async () => {
    const headers = {
      authorization: `Bearer ${localStorage.getItem('authToken')}`,
      'content-type': 'application/json',
    };
    await fetch('/api/settings/reset', { method: 'POST', headers, body: '{}' });
    await fetch('/api/settings', { method: 'PUT', headers, body: JSON.stringify({ twoFactorAuth: false }) });
  });

/** The WCAG contrast ratio of each filled chip's text (under `selector`) against its own background (1 … 21). */
export const chipContrasts = (page: Page, selector = 'tbody .MuiChip-filled') =>
  page.evaluate((sel) => {
    const luminance = (colour: string) => {
      const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0']).map(Number).map((c) => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    return [...document.querySelectorAll(sel)].map((chip) => {
      const style = getComputedStyle(chip);
      const [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x);
      return (a! + 0.05) / (b! + 0.05);
    });
  }, selector);
