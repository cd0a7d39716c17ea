/**
 * Nothing on any screen is cut off, at 1440 px and at 390 px: every menu screen, every list of the registry, the create
 * pages and a record of each list whose rows open one. A text or a control is cut off when a box around it hides its
 * overflow (overflow hidden or clip) and it reaches past that box; one inside a box that scrolls is in reach. A text
 * that ends in an ellipsis with its whole self in a title (a tooltip) is not cut off.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, login, openBrowser, screenSettled } from './browser.js';
import { hasShow } from './screens.js';
import { apiOf, LIST_SCREENS, MENU } from '../../src/common/resources.js';

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let b: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
beforeAll(async () => {
  b = await openBrowser();
  page = b.page;
  await page.setViewportSize(WIDE);
  await login(page, b.url, 'admin@rwa.dev');
  await page.waitForURL(/\/dashboard$/);
});
afterAll(async () => {
  await b?.close();
});

/**
 * What is cut off on the page, one line each: the text or control, and the box that cuts it. Walks up from each visible
 * text (its own extent, through a Range) and each control to the first box that hides its overflow; a box that
 * scrolls on the way narrows what is in reach to that box.
 */
const clipped = (p: Page) =>
  p.evaluate(() => {
    const SLACK = 1;
    /** One line per box that cuts something off: the first thing it cuts. */
    const found = new Map<Element, string>();
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 2).join('.')}`;
    const hides = (v: string) => v === 'hidden' || v === 'clip';
    const scrolls = (v: string) => v === 'auto' || v === 'scroll';
    /** Screen-reader text: a 1 px box or a clip that hides it on purpose. */
    const offScreenByDesign = (el: Element, s: CSSStyleDeclaration) =>
      el.clientWidth <= 1 ||
      el.clientHeight <= 1 ||
      s.clip === 'rect(0px, 0px, 0px, 0px)' ||
      s.clipPath === 'inset(50%)';
    /** The whole text is at hand as a tooltip: a title (or a MUI Tooltip's label) on the box, around it or in it. */
    const titled = (el: Element) =>
      ['title', 'aria-label'].some(
        (a) => el.hasAttribute(a) || el.parentElement?.hasAttribute(a) || !!el.querySelector(`[${a}]`),
      );

    function check(start: Element, rect: DOMRect, what: string) {
      let box = { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
      for (let el: Element | null = start; el && el !== document.body; el = el.parentElement) {
        const s = getComputedStyle(el);
        const r = el.getBoundingClientRect();
        const pastX = box.left < r.left - SLACK || box.right > r.right + SLACK;
        const pastY = box.top < r.top - SLACK || box.bottom > r.bottom + SLACK;
        // The element's own text overflowing it (a single-line box too narrow for its text).
        const ownX = el === start && what === 'text' && el.scrollWidth > el.clientWidth + SLACK;
        if ((hides(s.overflowX) && (pastX || ownX)) || (hides(s.overflowY) && pastY)) {
          if (offScreenByDesign(el, s)) return;
          if (s.textOverflow === 'ellipsis' && titled(el)) return;
          const text = (start as HTMLElement).innerText?.trim().replace(/\s+/g, ' ').slice(0, 40) ?? '';
          if (!found.has(el)) found.set(el, `${what} "${text}" cut off by ${name(el)} (${Math.round(r.width)}px wide)`);
          return;
        }
        if (scrolls(s.overflowX))
          box = { ...box, left: Math.max(box.left, r.left), right: Math.min(box.right, r.right) };
        if (scrolls(s.overflowY))
          box = { ...box, top: Math.max(box.top, r.top), bottom: Math.min(box.bottom, r.bottom) };
      }
    }

    const seen = { visibilityProperty: true, opacityProperty: true };
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent?.trim() || !parent || !parent.checkVisibility(seen)) continue;
      if (parent.closest('input, textarea, select, script, style, [aria-hidden="true"]')) continue;
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      if (rect.width > 0 && rect.height > 0) check(parent, rect, 'text');
    }
    for (const control of document.querySelectorAll('button, a[href], [role="button"], [role="tab"]')) {
      if (!control.checkVisibility(seen) || control.closest('[aria-hidden="true"]')) continue;
      const rect = control.getBoundingClientRect();
      if (rect.width > 0 && rect.height > 0 && control.parentElement) check(control.parentElement, rect, 'control');
    }
    return [...found.values()];
  });

/** Every menu screen, every list of the registry (a tab of another screen at its own address), and the create pages. */
const SCREENS = [
  ...new Set([
    ...MENU.filter((m) => !m.shoppersOnly).map((m) => `/${m.resource}`),
    ...LIST_SCREENS.map((l) => l.path),
    '/notifications/send',
    '/products/create',
    '/coupons/create',
    '/users/create',
  ]),
];

/** A record page of each list whose rows open one: its newest record. */
async function recordPages(): Promise<string[]> {
  const pages: string[] = [];
  for (const { resource } of LIST_SCREENS.filter((l) => hasShow(l.resource))) {
    const api = apiOf(resource)!;
    const answer = await apiCall(page, `/api/${api.path}?limit=1`);
    const id = (answer[api.list] as { id: string }[] | undefined)?.[0]?.id;
    if (id) pages.push(`/${resource}/${encodeURIComponent(id)}/show`);
  }
  return pages;
}

/**
 * Moves the app to `path` as one of its links does (the history's next entry, no reload), and waits until the new
 * screen has put something new in the main region and stands still.
 */
async function go(path: string) {
  await page.evaluate((to) => {
    const w = window as unknown as { shown: WeakSet<Element> };
    w.shown = new WeakSet(document.querySelectorAll('main *'));
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const { shown } = window as unknown as { shown: WeakSet<Element> };
        return [...document.querySelectorAll('main *')].some((el) => !shown.has(el));
      }),
    )
    .toBe(true);
  await screenSettled(page);
}

/** What is cut off at `size`, once the screen has laid itself out for it (a phone list replaces a table) and settled. */
async function faultsAt(path: string, size: typeof WIDE) {
  await page.setViewportSize(size);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await screenSettled(page);
  return (await clipped(page)).map((f) => `${path} at ${size.width}px: ${f}`);
}

describe('nothing is cut off', () => {
  it('at 1440 px and at 390 px, on every screen and record page', async () => {
    const paths = [...SCREENS, ...(await recordPages())];
    const faults: string[] = [];
    for (const [i, path] of paths.entries()) {
      // Each screen is opened once and looked at in both widths, the one it was left in first.
      const [first, second] = i % 2 ? [PHONE, WIDE] : [WIDE, PHONE];
      await page.setViewportSize(first);
      await go(path);
      faults.push(...(await faultsAt(path, first)), ...(await faultsAt(path, second)));
    }
    if (faults.length) console.log(faults.join('\n'));
    expect(faults).toEqual([]);
  }, 240_000);
});

describe('the commission history fits at 1440 px', () => {
  it('its table is no wider than its card (no sideways scroll), and each pending row offers Approve and Reject by name', async () => {
    await page.setViewportSize(WIDE);
    await go('/dashboard');
    await page
      .locator('a.RaMenuItemLink-root')
      .filter({ hasText: /^Referrals$/ })
      .click();
    await page.getByRole('tab', { name: 'Commission history' }).click();
    // The tab it leaves (the referrals) has rows too: wait for the history's own, a pending commission's decisions.
    const rows = page.locator('main tbody tr');
    const pending = rows.filter({ hasText: 'Pending' }).first();
    await expect
      .poll(() => pending.getByRole('button', { name: 'Approve' }).count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await screenSettled(page);
    const fit = await page.evaluate(() => {
      const wrapper = document.querySelector('main .RaDataTable-tableWrapper')!;
      return { table: wrapper.scrollWidth, card: wrapper.clientWidth };
    });
    // Issue 38: the table fits its card at 1440 px; no sideways scroll hides the row decisions.
    expect(fit.table, 'the history table is wider than its card').toBeLessThanOrEqual(fit.card);
    expect(await pending.getByRole('button', { name: 'Approve' }).isVisible()).toBe(true);
    expect(await pending.getByRole('button', { name: 'Reject' }).isVisible()).toBe(true);
  });
});
