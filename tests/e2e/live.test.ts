/**
 * Live screens (issue 41) in Chromium: with the Coupons list open (reached from the menu), a coupon made through the
 * API by another session appears in it without a reload, and one changed through the API shows its new value. Waits
 * are web-first (the page holds a stream open, so it never goes quiet on the network).
 */
import { describe, expect, it } from 'vitest';
import { browserForFile, DEV_PASSWORD, login, serverUrl } from './browser.js';
import { couponRow, openCouponSearch, sameDocument } from './live-coupons.js';

const b = await browserForFile();
const { page } = b;
const tag = `LIVE${Date.now().toString(36).toUpperCase()}`;

/** Another session's call (not the page's): the change reaches the page only through the stream. */
let token: string | null = null;
async function api(method: string, path: string, body: unknown) {
  token ??= await fetch(serverUrl('/api/admin/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@rwa.dev', password: DEV_PASSWORD }),
  }).then(async (r) => ((await r.json()) as { token: string }).token);
  const res = await fetch(serverUrl(path), {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as { coupon: { id: string } };
}

const row = (code: string) => couponRow(page, code);

describe('Live screens in Chromium', () => {
  it('a coupon made and changed through the API shows on the open list without a reload', async () => {
    const streams: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/events?')) streams.push(r.url());
    });
    await login(page, b.url, 'admin@rwa.dev');
    await openCouponSearch(page, tag);
    // The page follows the stream (opened with a ticket, never the token in the address).
    await expect.poll(() => streams.length).toBeGreaterThan(0);
    expect(streams[0]).toMatch(/\/api\/events\?ticket=/);
    expect(streams.some((u) => u.includes(token ?? 'no token yet'))).toBe(false);

    const code = `${tag}-A`;
    const made = await api('POST', '/api/coupons', { code, discountType: 'percentage', discountValue: 10 });
    await expect.poll(() => row(code).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => row(code).innerText()).toContain('10%');

    await api('PUT', `/api/coupons/${made.coupon.id}`, { code, discountType: 'percentage', discountValue: 15 });
    await expect.poll(() => row(code).innerText(), { timeout: 10_000 }).toContain('15%');
    expect(await sameDocument(page)).toBe(true);
  });
});
