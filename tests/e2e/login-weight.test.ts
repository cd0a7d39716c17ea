/**
 * What a browser downloads before anyone logs in: the login page alone, without react-admin, at most 250 KB of
 * JavaScript as gzip (a browser that takes only gzip, so the figure does not depend on brotli).
 */
import { expect, it } from 'vitest';
import { openBrowser } from './browser.js';

const BUDGET_KB = 250;

it(`the login page, reached from /, loads at most ${BUDGET_KB} KB of JavaScript gzip and no react-admin`, async () => {
  const b = await openBrowser();
  try {
    await b.context.setExtraHTTPHeaders({ 'accept-encoding': 'gzip' });
    // Each script as it is asked for (one still on its way is counted too): its size once it has all come.
    const scripts: { url: string; size: () => Promise<number> }[] = [];
    b.page.on('request', (r) => {
      if (/\.js(\?|$)/.test(r.url()))
        scripts.push({ url: r.url(), size: async () => (await r.sizes()).responseBodySize });
    });
    await b.page.goto(b.url('/'));
    await b.page.waitForURL(/\/login$/);
    await expect.poll(() => b.page.getByRole('button', { name: /^login$/i }).isVisible()).toBe(true);
    const total = (await Promise.all(scripts.map((s) => s.size()))).reduce((a, n) => a + n, 0);
    expect(total).toBeGreaterThan(50 * 1024); // the page really loaded its scripts
    expect(Math.round(total / 1024)).toBeLessThanOrEqual(BUDGET_KB);
    // react-admin's own chunks (its store, data provider hooks, layout) wait for the login.
    expect(await b.page.evaluate(() => document.querySelector('.RaLayout-root, .RaLogin-root'))).toBeNull();
  } finally {
    await b.close();
  }
});
