/**
 * The live events stream (issue 41), on both engines: opened only with a one-use ticket (never the bearer token in
 * the address), each change named by resource, id and kind and never more than the caller may read (a shopper: their
 * own orders and payments; an operator: nothing of finance's resources), the headers a buffering proxy needs, a
 * resume from `Last-Event-ID` or "reload", and the stream closed when its session ends.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishSince } from '../../server/lib/invalidation.js';
import { changed } from '../../server/lib/live.js';
import { authenticate } from '../../server/modules/auth/service.js';
import { EventsHub } from '../../server/modules/events/service.js';
import { buildPayment, buildProduct } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { openEvents, SseStream } from './sse-client.js';

let t: TestApp;
const open: SseStream[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
});

async function stream(token: string, extra = '') {
  const s = await openEvents(t.base, token, extra);
  open.push(s);
  return s;
}

async function shopper() {
  const u = await t.user('user');
  const token = (await t.login(u.email)).json().token as string;
  return { ...u, token };
}

async function orderFor(email: string): Promise<string> {
  const product = await buildProduct(t);
  const res = await t.call('POST', '/api/orders', { body: { userEmail: email, productId: product.id, qty: 1 } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order.id as string;
}

describe('opening the stream', () => {
  it('is a 401 without a ticket, and refuses a bearer token in the address', async () => {
    const token = await t.tokenFor('admin');
    const none = await t.call('GET', '/api/events', { as: null });
    expect(none.statusCode).toBe(401);
    expect(none.json().messageCode).toBe('events_ticket_missing');
    const inUrl = await t.call('GET', `/api/events?access_token=${token}`, { as: null });
    expect(inUrl.statusCode).toBe(401);
    expect(inUrl.json().messageCode).toBe('events_token_in_url');
    const asTicket = await t.call('GET', `/api/events?ticket=${token}`, { as: null });
    expect(asTicket.statusCode).toBe(401);
    expect(asTicket.json().messageCode).toBe('events_ticket_invalid');
    // The bearer token in the header is not a way in either: only a ticket opens it.
    const header = await t.call('GET', '/api/events', { token });
    expect(header.statusCode).toBe(401);
    expect((await t.call('POST', '/api/events/ticket', { as: null })).statusCode).toBe(401);
  });

  it('takes a ticket once, and sends the headers a buffering proxy needs', async () => {
    const ticket = (await t.call('POST', '/api/events/ticket')).json();
    expect(ticket.expiresInSeconds).toBe(60);
    const first = await SseStream.open(t.base, `?ticket=${encodeURIComponent(ticket.ticket)}`);
    expect(first.opened.status).toBe(200);
    open.push(first.stream!);
    expect(first.opened.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(first.opened.headers['cache-control']).toBe('no-store');
    expect(first.opened.headers['x-accel-buffering']).toBe('no');
    const again = await SseStream.open(t.base, `?ticket=${encodeURIComponent(ticket.ticket)}`);
    expect(again.opened.status).toBe(401);
    expect(JSON.parse(again.opened.body!).messageCode).toBe('events_ticket_invalid');
    // A ticket altered by one character is refused.
    const forged = ticket.ticket.slice(0, -1) + (ticket.ticket.endsWith('A') ? 'B' : 'A');
    expect((await SseStream.open(t.base, `?ticket=${encodeURIComponent(forged)}`)).opened.status).toBe(401);
  });
});

describe('what each caller hears', () => {
  it('a change names its resource, id and kind; a shopper hears their own order and nothing of another’s', async () => {
    const [a, b] = [await shopper(), await shopper()];
    const admin = await stream(await t.tokenFor('admin'));
    const sa = await stream(a.token);
    const theirs = await orderFor(b.email);
    const mine = await orderFor(a.email);
    await sa.change('orders', mine);
    await admin.change('orders', mine);
    await admin.change('orders', theirs);
    expect(admin.changes().find((c) => c.id === mine)).toMatchObject({ resource: 'orders', change: 'created' });
    expect(sa.changes().some((c) => c.id === theirs)).toBe(false);
    expect(sa.changes().every((c) => ['orders', 'payments', 'inbox'].includes(c.resource))).toBe(true);
  });

  it('an operator hears orders but nothing of finance’s payments; finance hears the payment', async () => {
    const operator = await stream(await t.tokenFor('operator'));
    const finance = await stream(await t.tokenFor('finance'));
    const payment = await buildPayment(t);
    await finance.change('payments', payment.id);
    await operator.change('orders', payment.orderId!);
    await finance.change('orders', payment.orderId!);
    const finances = new Set(['payments', 'payouts', 'commissions', 'referrals', 'affiliates', 'referral-network']);
    expect(operator.changes().filter((c) => finances.has(c.resource))).toEqual([]);
  });
});

describe('resuming and ending', () => {
  it('resumes after Last-Event-ID, and says reload for an id it cannot resume from', async () => {
    const token = await t.tokenFor('admin');
    const first = await stream(token);
    const before = await orderFor((await t.user('user')).email);
    await first.change('orders', before);
    const lastId = first.changes().find((c) => c.id === before)!.eventId!;
    first.close();
    const missed = await orderFor((await t.user('user')).email);
    const resumed = await stream(token, `&lastEventId=${encodeURIComponent(lastId)}`);
    await resumed.change('orders', missed);
    // Only what came after the last id received: nothing at or before it again.
    const seqOf = (id: string | null) => Number(id!.slice(id!.lastIndexOf('-') + 1));
    expect(resumed.changes().every((c) => seqOf(c.eventId) > seqOf(lastId))).toBe(true);
    const stale = await stream(token, '&lastEventId=elsewhere-12');
    await stale.until((s) => s.events.some((e) => e.event === 'reload'), 5000, 'reload');
  });

  it('resumes from an id whose process name has dashes of its own (base64url)', async () => {
    const hub = new EventsHub(t.db, t.app.ctx.settings).start();
    Object.defineProperty(hub, 'boot', { value: 'a-b_c-d' });
    const admin = await authenticate(t.db, t.app.ctx.settings, await t.tokenFor('admin'));
    const sink = (out: string[]) => ({ write: (text: string) => out.push(text) > 0, end: () => {}, writableLength: 0 });
    const first: string[] = [];
    const close = await hub.open(admin, new Date(Date.now() + 3_600_000), sink(first), null);
    try {
      const [one, two] = [randomUUID(), randomUUID()];
      changed('coupon', one, 'created');
      changed('coupon', two, 'created');
      publishSince(0);
      await expect.poll(() => first.join(''), { timeout: 15_000 }).toContain(two);
      const block = first
        .join('')
        .split('\n\n')
        .find((b) => b.includes(one))!;
      const lastId = /^id: (.+)$/m.exec(block)![1]!;
      expect(lastId.startsWith('a-b_c-d-')).toBe(true);
      const resumed: string[] = [];
      (await hub.open(admin, new Date(Date.now() + 3_600_000), sink(resumed), lastId))();
      expect(resumed.join('')).toContain(two);
      expect(resumed.join('')).not.toContain('event: reload');
    } finally {
      close();
      hub.stop();
    }
  });

  it('closes the stream with `end` at logout and at suspension', async () => {
    const u = await shopper();
    const s = await stream(u.token);
    const out = await t.call('POST', '/api/admin/auth/logout', { token: u.token });
    expect(out.statusCode).toBe(200);
    await s.until((x) => x.ended && x.events.some((e) => e.event === 'end'), 5000, 'end');

    const v = await shopper();
    const sv = await stream(v.token);
    const suspended = await t.call('PUT', `/api/users/${v.id}`, { body: { status: 'suspended' } });
    expect(suspended.statusCode, suspended.body).toBe(200);
    await sv.until((x) => x.ended, 5000, 'the end of the stream');
  });
});
