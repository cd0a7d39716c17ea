/**
 * Notifications over HTTP on both engines: one user's in-app notification and email (a real SMTP server receives it;
 * without SMTP_URL it lands in the outbox), the settings that gate sending, the inbox, bulk sends reaching each member
 * of a role exactly once (also when a second app on the same database takes over mid-way, and with two workers at
 * once), retries and failures, the events that notify, and refused input changing nothing.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../server/db/client.js';
import {
  auditEvents,
  emailMessages,
  notificationBulks,
  notifications,
  payouts,
  users,
} from '../../server/db/schema.js';
import { setPublicOrigin } from '../../server/lib/site.js';
import { createMailer } from '../../server/modules/notifications/mailer.js';
import { expandBulkBatch, settleEmailBatch, workOnce } from '../../server/modules/notifications/worker.js';
import { buildOrder, buildProduct, buildUser } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { expectSorted, expectUnknownSortRefused } from './list-sorts.js';
import { startSmtpReceiver } from './smtp-receiver.js';
import { shortId } from '../../src/common/ids.js';

const outbox = createMailer({ from: 'Shop <shop@test.dev>' });
/** The worker's rounds, run here until there is nothing left (the app `t` runs no worker of its own). */
async function drain(db: Db) {
  while (await workOnce(db, outbox)) {
    /* more */
  }
}

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 40));
  }
}

const counts = async (db: Db) => ({
  notifications: (await db.select({ n: count() }).from(notifications))[0]!.n,
  emails: (await db.select({ n: count() }).from(emailMessages))[0]!.n,
  bulks: (await db.select({ n: count() }).from(notificationBulks))[0]!.n,
});

/** `n` active users of `role` added in one statement (no password: they only receive). */
async function addMembers(db: Db, role: string, n: number, tag: string) {
  await db.execute(
    sql`insert into users (email, name, role) select ${tag} || '.' || g || '@test.dev', 'Member ' || g, ${role} from generate_series(1, ${n}) g`,
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('one user, without SMTP: the bell and the outbox', () => {
  it('an operator notifies a user in the app and by email; the worker puts the email in the outbox the admin reads', async () => {
    const shopper = await buildUser(t, { name: 'Ada Shopper' });
    const res = await t.call('POST', '/api/notifications/send', {
      as: 'operator',
      body: {
        userId: shopper.id,
        title: 'Your parcel left',
        body: 'It left the warehouse today.',
        channels: ['in_app', 'email'],
        link: '/shop/account',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().notification).toMatchObject({
      userId: shopper.id,
      title: 'Your parcel left',
      read: false,
      link: '/shop/account',
    });
    expect(res.json().emailId).toEqual(expect.any(Number));

    const login = (await t.login(shopper.email)).json().token as string;
    const inbox = (await t.call('GET', '/api/notifications', { token: login })).json();
    expect(inbox).toMatchObject({ ok: true, total: 1, unread: 1 });
    expect(inbox.notifications[0]).toMatchObject({
      title: 'Your parcel left',
      body: 'It left the warehouse today.',
      read: false,
    });

    const [queued] = await t.db.select().from(emailMessages).where(eq(emailMessages.id, res.json().emailId));
    expect(queued).toMatchObject({ status: 'queued', toAddress: shopper.email, subject: 'Your parcel left' });
    await drain(t.db);
    const list = (await t.call('GET', `/api/notifications/outbox?q=${encodeURIComponent(shopper.email)}`)).json();
    expect(list.total).toBe(1);
    expect(list.messages[0]).toMatchObject({
      to: shopper.email,
      subject: 'Your parcel left',
      status: 'outbox',
      attempts: 1,
      lastError: null,
    });
    expect(list.messages[0].bodyPreview).toContain('It left the warehouse today.');
    expect(list.messages[0].sentAt).toEqual(expect.any(String));
    // The outbox holds whole emails to anyone: admins only.
    expect((await t.call('GET', '/api/notifications/outbox', { as: 'operator' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/notifications/outbox?status=outbox&limit=1')).json()).toMatchObject({
      total: expect.any(Number),
      messages: [expect.objectContaining({ status: 'outbox' })],
    });
  });

  it('an admin opens one email to read its whole text, links included; each reading is audited', async () => {
    const shopper = await buildUser(t);
    const long = `${'Word '.repeat(60)}then the link: https://shop.example.com/set-password?token=secret-token-123`;
    const sent = await t.call('POST', '/api/notifications/send', {
      body: { email: shopper.email, title: 'Set your password', body: long, channels: ['email'] },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().emailId as number;
    const listed = (await t.call('GET', `/api/notifications/outbox?q=${encodeURIComponent(shopper.email)}`)).json();
    expect(listed.messages[0].bodyPreview).not.toContain('secret-token-123');
    const opened = await t.call('GET', `/api/notifications/outbox/${id}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().message).toMatchObject({ id, to: shopper.email, subject: 'Set your password' });
    expect(opened.json().message.body).toContain('https://shop.example.com/set-password?token=secret-token-123');
    const audited = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'email.read'), eq(auditEvents.entityId, String(id))));
    expect(audited).toHaveLength(1);
    expect(audited[0]!.data).toEqual({ to: shopper.email, subject: 'Set your password' });
    // Admins only; an unknown or malformed id is a 404 or a 400 with its sentence.
    expect((await t.call('GET', `/api/notifications/outbox/${id}`, { as: 'operator' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/notifications/outbox/999999999')).statusCode).toBe(404);
    const bad = await t.call('GET', '/api/notifications/outbox/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('The email id must be a whole number of at least 1.');
  });

  it('by email address, email only: no notification in the bell', async () => {
    const shopper = await buildUser(t);
    const res = await t.call('POST', '/api/notifications/send', {
      body: { email: shopper.email.toUpperCase(), title: 'Receipt', body: 'Attached.', channels: ['email'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ notification: null, emailId: expect.any(Number) });
    expect(
      (await t.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, shopper.id)))[0]!.n,
    ).toBe(0);
  });
});

describe('the inbox', () => {
  it('lists the caller’s own, newest first with paging; marks one and then all read; another’s is not found', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    for (const title of ['First', 'Second', 'Third']) {
      await t.call('POST', '/api/notifications/send', { body: { userId: a.id, title, body: `${title} body` } });
    }
    await t.call('POST', '/api/notifications/send', {
      body: { userId: b.id, title: 'For B', body: 'Only B sees this.' },
    });
    const tokenA = (await t.login(a.email)).json().token as string;
    const tokenB = (await t.login(b.email)).json().token as string;

    const page = (await t.call('GET', '/api/notifications?limit=2', { token: tokenA })).json();
    expect(page).toMatchObject({ total: 3, unread: 3 });
    expect(page.notifications.map((n: { title: string }) => n.title)).toEqual(['Third', 'Second']);
    expect(page.notifications[0].userEmail).toBeUndefined();
    const rest = (await t.call('GET', '/api/notifications?limit=2&offset=2', { token: tokenA })).json();
    expect(rest.notifications.map((n: { title: string }) => n.title)).toEqual(['First']);

    const third = page.notifications[0].id as string;
    expect((await t.call('PUT', `/api/notifications/${third}/read`, { token: tokenB })).json()).toMatchObject({
      ok: false,
      code: 'not_found',
      error: 'Notification not found.',
    });
    const read = await t.call('PUT', `/api/notifications/${third}/read`, { token: tokenA });
    expect(read.json().notification).toMatchObject({ id: third, read: true });
    expect((await t.call('GET', '/api/notifications?read=false', { token: tokenA })).json()).toMatchObject({
      total: 2,
      unread: 2,
    });
    expect((await t.call('PUT', '/api/notifications/read-all', { token: tokenA })).json()).toMatchObject({
      ok: true,
      updated: 2,
    });
    expect((await t.call('GET', '/api/notifications', { token: tokenA })).json()).toMatchObject({
      total: 3,
      unread: 0,
    });
    expect((await t.call('GET', '/api/notifications', { token: tokenB })).json()).toMatchObject({
      total: 1,
      unread: 1,
    });

    // Staff read anyone's, by recipient and read state; a shopper may not.
    const ofA = (
      await t.call('GET', `/api/notifications?scope=all&userId=${a.id}&read=true`, { as: 'finance' })
    ).json();
    expect(ofA).toMatchObject({ total: 3 });
    expect(ofA.notifications[0]).toMatchObject({ userId: a.id, userEmail: a.email });
    const byEmail = (
      await t.call('GET', `/api/notifications?scope=all&q=${encodeURIComponent(a.email.slice(0, -4).toUpperCase())}`, {
        as: 'operator',
      })
    ).json();
    expect(byEmail).toMatchObject({ total: 3, totalIsEstimate: false });
    expect(byEmail.notifications.every((n: { userEmail: string }) => n.userEmail === a.email)).toBe(true);
    expect(
      (await t.call('GET', `/api/notifications?q=${encodeURIComponent(a.email)}`, { token: tokenB })).statusCode,
    ).toBe(403);
    const refused = await t.call('GET', '/api/notifications?scope=all', { token: tokenB });
    expect(refused.statusCode).toBe(403);
    expect((await t.call('GET', `/api/notifications?userId=${a.id}`, { token: tokenB })).statusCode).toBe(403);
  });
});

describe('sorting the staff lists', () => {
  it('every user’s notifications, the outbox and the bulk sends sort both ways, their CSV in the same order; an unknown sort is a 400 that changes nothing', async () => {
    const shopper = await buildUser(t);
    const send = async (title: string) =>
      expect(
        (
          await t.call('POST', '/api/notifications/send', {
            body: { userId: shopper.id, title, body: 'Sorted.', channels: ['in_app', 'email'] },
          })
        ).statusCode,
      ).toBe(201);
    await send('One');
    await send('Two');
    await drain(t.db);
    await send('Three'); // still queued
    const tag = `sortbulk${Date.now().toString(36)}`;
    await addMembers(t.db, 'finance', 1, tag);
    for (const audience of ['finance', 'admin']) {
      expect(
        (
          await t.call('POST', '/api/notifications/bulk', {
            body: { audience, title: `To ${audience}`, body: 'Sorted.' },
          })
        ).statusCode,
      ).toBe(202);
    }

    const all = { path: '/api/notifications', field: 'notifications', query: `scope=all&userId=${shopper.id}` };
    await expectSorted(t, { ...all, sort: 'createdAt', value: (r) => r.createdAt });
    const outboxList = {
      path: '/api/notifications/outbox',
      field: 'messages',
      query: `q=${encodeURIComponent(shopper.email)}`,
    };
    await expectSorted(t, { ...outboxList, sort: 'status', value: (r) => r.status });
    await expectSorted(t, { ...outboxList, sort: 'createdAt', value: (r) => r.createdAt });
    const bulks = { path: '/api/notifications/bulk', field: 'jobs' };
    await expectSorted(t, { ...bulks, sort: 'audience', value: (r) => r.audience });
    await expectSorted(t, { ...bulks, sort: 'createdAt', value: (r) => r.createdAt });

    const before = await counts(t.db);
    for (const list of [all, outboxList, bulks]) await expectUnknownSortRefused(t, list);
    expect(await counts(t.db)).toEqual(before);
  });
});

describe('refused input changes nothing', () => {
  const UNKNOWN = '00000000-0000-4000-8000-000000000000';
  it.each([
    ['an empty title', { title: '  ', body: 'x' }, 400, 'Title is required.', 'title'],
    ['a body too long', { title: 'x', body: 'b'.repeat(5001) }, 400, 'Body can be at most 5000 characters.', 'body'],
    [
      'an unknown channel',
      { title: 'x', body: 'y', channels: ['sms'] },
      400,
      'Each channel must be one of in_app, email.',
      'channels.0',
    ],
    [
      'no channel',
      { title: 'x', body: 'y', channels: [] },
      400,
      'Choose at least one channel: in_app, email or both.',
      'channels',
    ],
    [
      'a link elsewhere',
      { title: 'x', body: 'y', link: 'javascript:alert(1)' },
      400,
      'Link must be a path on this site (/…) or an http(s) address.',
      'link',
    ],
  ])('send with %s: %s naming the field', async (_name, fields, status, sentence, field) => {
    const user = await buildUser(t);
    const before = await counts(t.db);
    const res = await t.call('POST', '/api/notifications/send', { body: { userId: user.id, ...fields } });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ ok: false, code: 'validation' });
    expect(res.json().fields[field]).toBe(sentence);
    expect(await counts(t.db)).toEqual(before);
  });

  it('an unknown user is a 404 with a sentence; no recipient named is a 400', async () => {
    const before = await counts(t.db);
    const unknown = await t.call('POST', '/api/notifications/send', {
      body: { userId: UNKNOWN, title: 'x', body: 'y' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ ok: false, code: 'not_found', error: `No user has the id ${UNKNOWN}.` });
    const byEmail = await t.call('POST', '/api/notifications/send', {
      body: { email: 'nobody@test.dev', title: 'x', body: 'y' },
    });
    expect(byEmail.json()).toMatchObject({ code: 'not_found', error: 'No user has the email nobody@test.dev.' });
    const nobody = await t.call('POST', '/api/notifications/send', { body: { title: 'x', body: 'y' } });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().fields.userId).toBe('Name the recipient (userId or email).');
    expect(await counts(t.db)).toEqual(before);
  });

  it('bulk: an unknown role is a 400, an empty title a 400, a role nobody has a 422; nothing queued', async () => {
    const before = await counts(t.db);
    const role = await t.call('POST', '/api/notifications/bulk', {
      body: { audience: 'wizard', title: 'x', body: 'y' },
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().fields.audience).toBe('Audience must be one of all, admin, finance, operator, user.');
    const title = await t.call('POST', '/api/notifications/bulk', { body: { audience: 'all', title: '', body: 'y' } });
    expect(title.json().fields.title).toBe('Title is required.');
    const empty = await createTestApp();
    try {
      const none = await empty.call('POST', '/api/notifications/bulk', {
        as: 'operator',
        body: { audience: 'finance', title: 'x', body: 'y' },
      });
      expect(none.statusCode).toBe(422);
      expect(none.json()).toMatchObject({
        code: 'no_recipients',
        error: 'No active user has the role finance: nobody would receive this.',
      });
      expect((await counts(empty.db)).bulks).toBe(0);
    } finally {
      await empty.close();
    }
    expect(await counts(t.db)).toEqual(before);
  });
});

describe('settings gate sending, read at send time', () => {
  afterAll(async () => {
    await t.call('PUT', '/api/settings', { body: { notifications: true, emailNotifications: true } });
  });

  it('email notifications off: email sends are refused, in-app ones go, events queue no email, queued emails are skipped', async () => {
    const user = await buildUser(t);
    // Queued while email was on, delivered after it was turned off: skipped with the reason.
    const early = (
      await t.call('POST', '/api/notifications/send', {
        body: { userId: user.id, title: 'Early', body: 'x', channels: ['email'] },
      })
    ).json().emailId as number;
    expect((await t.call('PUT', '/api/settings', { body: { emailNotifications: false } })).statusCode).toBe(200);

    const before = await counts(t.db);
    const refused = await t.call('POST', '/api/notifications/send', {
      body: { userId: user.id, title: 'x', body: 'y', channels: ['in_app', 'email'] },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'channel_off',
      error: 'Email notifications are turned off in Settings: turn them on or send in-app only.',
    });
    const bulk = await t.call('POST', '/api/notifications/bulk', {
      body: { audience: 'all', title: 'x', body: 'y', channels: ['email'] },
    });
    expect(bulk.statusCode).toBe(422);
    expect(await counts(t.db)).toEqual(before);

    expect(
      (
        await t.call('POST', '/api/notifications/send', {
          body: { userId: user.id, title: 'In app', body: 'y', channels: ['in_app'] },
        })
      ).statusCode,
    ).toBe(201);
    const order = await buildOrder(t, { userEmail: user.email, paid: true });
    const mails = await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, user.email));
    expect(mails.map((m) => m.subject)).toEqual(['Early']);
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.userId, user.id), sql`${notifications.title} like ${`Order ${shortId(order.id)}%`}`),
        ),
    ).toHaveLength(1);

    await drain(t.db);
    const [skipped] = await t.db.select().from(emailMessages).where(eq(emailMessages.id, early));
    expect(skipped).toMatchObject({
      status: 'skipped',
      lastError: 'Email notifications were turned off in Settings before it was sent.',
      sentAt: null,
    });
  });

  it('in-app notifications off: in-app sends are refused, email ones go, events write no notification', async () => {
    await t.call('PUT', '/api/settings', { body: { notifications: false, emailNotifications: true } });
    const user = await buildUser(t);
    const refused = await t.call('POST', '/api/notifications/send', {
      body: { userId: user.id, title: 'x', body: 'y' },
    });
    expect(refused.json()).toMatchObject({
      code: 'channel_off',
      error: 'In-app notifications are turned off in Settings: turn them on or send by email only.',
    });
    await t.call('PUT', '/api/settings', { body: { emailNotifications: false } });
    expect(
      (
        await t.call('POST', '/api/notifications/send', {
          body: { userId: user.id, title: 'x', body: 'y', channels: ['email', 'in_app'] },
        })
      ).json().error,
    ).toBe('In-app and email notifications are turned off in Settings: turn them on first.');
    await t.call('PUT', '/api/settings', { body: { emailNotifications: true } });
    await buildOrder(t, { userEmail: user.email, paid: true });
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, user.id))).toHaveLength(0);
    expect(await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, user.email))).toHaveLength(1);
  });
});

describe('events notify the people concerned, in the event’s transaction', () => {
  it('order paid: the buyer, in the app and by email', async () => {
    const buyer = await buildUser(t);
    const order = await buildOrder(t, { userEmail: buyer.email, paid: true });
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(note).toMatchObject({ title: `Order ${shortId(order.id)} is paid`, link: '/shop/account' });
    expect(note!.body).toContain(`${order.amountFiat.toFixed(2)} USD for order ${order.id}`);
    const [mail] = await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, buyer.email));
    expect(mail).toMatchObject({ subject: note!.title, status: 'queued', userId: buyer.id });
    expect(mail!.body).toContain('/shop/account');
  });

  it('payout completed: the recipient', async () => {
    const recipient = await buildUser(t);
    const [payout] = await t.db
      .insert(payouts)
      .values({ recipientId: recipient.id, grossCents: 12345, amountCents: 12345 })
      .returning();
    expect((await t.call('POST', `/api/payouts/${payout!.id}/approve`, { as: 'admin' })).statusCode).toBe(200);
    const res = await t.call('PUT', `/api/payouts/${payout!.id}/status`, {
      as: 'finance',
      body: { status: 'completed', reference: 'BANK-77' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, recipient.id));
    expect(note).toMatchObject({
      title: 'Your payout was sent',
      body: 'Your payout of 123.45 USD was completed (bank reference BANK-77).',
    });
    expect(await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, recipient.email))).toHaveLength(1);
  });

  it('account suspended: the user, by email only (they cannot log in)', async () => {
    const user = await buildUser(t);
    expect((await t.call('POST', `/api/users/${user.id}/suspend`)).statusCode).toBe(200);
    const [mail] = await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, user.email));
    expect(mail).toMatchObject({ subject: 'Your RWA Management System account was suspended', status: 'queued' });
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, user.id))).toHaveLength(0);
    // Suspending again changes nothing and sends nothing.
    await t.call('PUT', `/api/users/${user.id}`, { body: { status: 'suspended' } });
    expect(await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, user.email))).toHaveLength(1);
  });
});

describe('what events say: a message code for the reader’s language, and emails whose links open from a mail client', () => {
  // A process runs one server; this file builds several, and the last one built set where links point.
  const listeningAtT = () => setPublicOrigin(undefined, '127.0.0.1', Number(new URL(t.base).port));
  beforeAll(listeningAtT);

  /** A pending payout of 123.45 USD to a new user, approved by an admin and completed by finance with a bank reference. */
  async function payOut(app: TestApp = t) {
    const recipient = await buildUser(app);
    const [payout] = await app.db
      .insert(payouts)
      .values({ recipientId: recipient.id, grossCents: 12345, amountCents: 12345 })
      .returning();
    expect((await app.call('POST', `/api/payouts/${payout!.id}/approve`, { as: 'admin' })).statusCode).toBe(200);
    const done = await app.call('PUT', `/api/payouts/${payout!.id}/status`, {
      as: 'finance',
      body: { status: 'completed', reference: 'BANK-77' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const [mail] = await app.db.select().from(emailMessages).where(eq(emailMessages.toAddress, recipient.email));
    return { recipient, mail: mail! };
  }

  it('the payout’s recipient reads its code and params; its email links to the referral page on this server', async () => {
    const { recipient, mail } = await payOut();
    const token = (await t.login(recipient.email)).json().token as string;
    const [note] = (await t.call('GET', '/api/notifications', { token })).json().notifications;
    expect(note).toMatchObject({
      messageCode: 'payout_sent_bank',
      params: { amount: '123.45', currency: 'USD', reference: 'BANK-77' },
      title: 'Your payout was sent',
      body: 'Your payout of 123.45 USD was completed (bank reference BANK-77).',
      link: '/referral-dashboard',
    });
    // No Site URL, no PUBLIC_URL: the address this server listens at, as the start banner prints it.
    expect(mail.subject).toBe('Your payout was sent');
    expect(mail.body).toBe(
      `Your payout of 123.45 USD was completed (bank reference BANK-77).\n\n${t.base}/referral-dashboard`,
    );
    // What staff write has no code: it is shown as written.
    const sent = await t.call('POST', '/api/notifications/send', {
      body: { userId: recipient.id, title: 'Hand-written', body: 'As typed.' },
    });
    expect(sent.json().notification).toMatchObject({ title: 'Hand-written', messageCode: null, params: null });
  });

  it('a card paid on the sandbox page tells the buyer by code, written by the one statement that marks the order paid', async () => {
    const buyer = await buildUser(t);
    const token = (await t.login(buyer.email)).json().token as string;
    const product = await buildProduct(t, { priceFiat: 12.5, stock: 3 });
    const session = (
      await t.call('POST', '/api/checkout/session', {
        token,
        body: { items: [{ productId: product.id, qty: 2 }], email: buyer.email, provider: 'sandbox' },
        headers: { 'idempotency-key': randomUUID() },
      })
    ).json();
    expect(session.paymentId, JSON.stringify(session)).toEqual(expect.any(String));
    const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Ada Buyer' };
    const paid = await t.call('POST', `/api/payments/sandbox/${session.paymentId}/confirm`, { as: null, body: card });
    expect(paid.statusCode, paid.body).toBe(200);
    const [note] = (await t.call('GET', '/api/notifications', { token })).json().notifications;
    expect(note).toMatchObject({
      messageCode: 'order_paid',
      params: { order: shortId(session.orderId), orderId: session.orderId, amount: '25.00', currency: 'USD' },
      title: `Order ${shortId(session.orderId)} is paid`,
    });
  });

  it('the Site URL setting wins; without it PUBLIC_URL does, for emails and for links built on a request', async () => {
    await t.call('PUT', '/api/settings', { body: { siteUrl: 'https://shop.example.com' } });
    try {
      const { mail } = await payOut();
      expect(mail.body.split('\n\n').at(-1)).toBe('https://shop.example.com/referral-dashboard');
    } finally {
      await t.call('PUT', '/api/settings', { body: { siteUrl: '' } });
    }
    const pub = await createTestApp({ PUBLIC_URL: 'https://rwa.example.com' }, { database: t.database });
    try {
      const { mail } = await payOut(pub);
      expect(mail.body.split('\n\n').at(-1)).toBe('https://rwa.example.com/referral-dashboard');
      // A link built on a request takes PUBLIC_URL too, not the address (a Host header) the request came with.
      const user = await buildUser(pub);
      const reset = await pub.call('POST', `/api/users/${user.id}/reset-password`, { body: { method: 'link' } });
      expect(reset.json().setPasswordLink.url).toMatch(/^https:\/\/rwa\.example\.com\/set-password\?token=/);
    } finally {
      await pub.app.close();
      listeningAtT();
    }
  });

  it('a site in Chinese emails the notice in Chinese; the API answers the same code for each reader to translate', async () => {
    await t.call('PUT', '/api/settings', { body: { language: 'zh' } });
    try {
      const { recipient, mail } = await payOut();
      expect(mail.subject).toBe('您的提现已发出');
      expect(mail.body).toBe(`您的 123.45 USD 提现已完成（银行流水号 BANK-77）。\n\n${t.base}/referral-dashboard`);
      const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, recipient.id));
      expect(note).toMatchObject({ messageCode: 'payout_sent_bank', title: 'Your payout was sent' });
    } finally {
      await t.call('PUT', '/api/settings', { body: { language: 'en' } });
    }
  });
});

describe('bulk sends', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await createTestApp();
  });
  afterAll(async () => {
    await b.close();
  });

  const members = async (db: Db, role: string) =>
    await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.role, role), eq(users.status, 'active')));
  const perMember = async (db: Db, bulkId: string) => ({
    notes: await queryRows<{ user_id: string; n: number }>(
      db,
      sql`select user_id, count(*)::int as n from notifications where bulk_id = ${bulkId} group by user_id`,
    ),
    mails: await queryRows<{ user_id: string; n: number; status: string }>(
      db,
      sql`select user_id, count(*)::int as n, min(status) as status from email_messages where bulk_id = ${bulkId} group by user_id`,
    ),
  });

  it('to a role, in the app and by email: each active member once, with progress until completed', async () => {
    await addMembers(b.db, 'finance', 12, `fin${Date.now()}`);
    await b.user('finance', { status: 'suspended' });
    const expected = (await members(b.db, 'finance')).length;
    const res = await b.call('POST', '/api/notifications/bulk', {
      as: 'operator',
      body: {
        audience: 'finance',
        title: 'Quarter closes Friday',
        body: 'Please file your reports.',
        channels: ['in_app', 'email'],
      },
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = res.json().job;
    expect(job).toMatchObject({
      audience: 'finance',
      status: 'queued',
      total: expected,
      sent: 0,
      failed: 0,
      channels: ['in_app', 'email'],
    });

    await drain(b.db);
    const done = (await b.call('GET', `/api/notifications/bulk/${job.id}`, { as: 'finance' })).json().job;
    expect(done).toMatchObject({ status: 'completed', total: expected, sent: expected, failed: 0, skipped: 0 });
    expect(done.finishedAt).toEqual(expect.any(String));
    const { notes, mails } = await perMember(b.db, job.id);
    expect(notes).toHaveLength(expected);
    expect(mails).toHaveLength(expected);
    expect(notes.every((r) => r.n === 1) && mails.every((r) => r.n === 1 && r.status === 'outbox')).toBe(true);
    const list = (await b.call('GET', '/api/notifications/bulk?limit=5', { as: 'finance' })).json();
    expect(list.jobs[0]).toMatchObject({ id: job.id, status: 'completed' });
    expect((await b.call('GET', '/api/notifications/bulk/00000000-0000-4000-8000-000000000000')).json()).toMatchObject({
      code: 'not_found',
      error: 'Bulk notification not found.',
    });
  });

  it('a second app on the same database finishes a bulk send the first left half done: each member exactly once', async () => {
    await addMembers(b.db, 'operator', 40, `op${Date.now()}`);
    const expected = (await members(b.db, 'operator')).length;
    const job = (
      await b.call('POST', '/api/notifications/bulk', {
        body: { audience: 'operator', title: 'Restart', body: 'Half way.', channels: ['in_app', 'email'] },
      })
    ).json().job;
    // The first process reaches two batches of recipients and delivers part of their emails, then stops.
    await expandBulkBatch(b.db, 7);
    await expandBulkBatch(b.db, 7);
    await settleEmailBatch(b.db, 'outbox', 5);
    const half = (await b.call('GET', `/api/notifications/bulk/${job.id}`)).json().job;
    expect(half).toMatchObject({ status: 'running', sent: 5 });

    const second = await createTestApp(
      { NOTIFICATION_POLL_MS: '50' },
      { database: b.database, notifier: { bulkChunk: 6, outboxBatch: 4 } },
    );
    try {
      const done = await until(
        async () => (await b.call('GET', `/api/notifications/bulk/${job.id}`)).json().job,
        (j) => j.status === 'completed',
      );
      expect(done).toMatchObject({ status: 'completed', total: expected, sent: expected, failed: 0 });
    } finally {
      await second.app.close();
    }
    const { notes, mails } = await perMember(b.db, job.id);
    expect(notes).toHaveLength(expected);
    expect(mails).toHaveLength(expected);
    expect(notes.every((r) => r.n === 1) && mails.every((r) => r.n === 1 && r.status === 'outbox')).toBe(true);
  });

  it('two apps working at once on the same database reach each member exactly once', async () => {
    await addMembers(b.db, 'user', 60, `u${Date.now()}`);
    const expected = (await members(b.db, 'user')).length;
    const job = (
      await b.call('POST', '/api/notifications/bulk', {
        body: { audience: 'user', title: 'Sale', body: 'Everything 10 % off.', channels: ['email'] },
      })
    ).json().job;
    const one = await createTestApp(
      { NOTIFICATION_POLL_MS: '50' },
      { database: b.database, notifier: { bulkChunk: 5, outboxBatch: 3 } },
    );
    const two = await createTestApp(
      { NOTIFICATION_POLL_MS: '50' },
      { database: b.database, notifier: { bulkChunk: 5, outboxBatch: 3 } },
    );
    try {
      const done = await until(
        async () => (await b.call('GET', `/api/notifications/bulk/${job.id}`)).json().job,
        (j) => j.status === 'completed',
        30_000,
      );
      expect(done).toMatchObject({ status: 'completed', total: expected, sent: expected });
    } finally {
      await one.app.close();
      await two.app.close();
    }
    const { notes, mails } = await perMember(b.db, job.id);
    expect(notes).toHaveLength(0);
    expect(mails).toHaveLength(expected);
    expect(mails.every((r) => r.n === 1)).toBe(true);
  });

  it('in-app only: done when the notifications are written', async () => {
    const job = (
      await b.call('POST', '/api/notifications/bulk', {
        body: { audience: 'admin', title: 'Maintenance', body: 'Tonight at 22:00.', channels: ['in_app'] },
      })
    ).json().job;
    await drain(b.db);
    const done = (await b.call('GET', `/api/notifications/bulk/${job.id}`)).json().job;
    expect(done).toMatchObject({ status: 'completed', sent: done.total, channels: ['in_app'] });
    expect((await perMember(b.db, job.id)).mails).toHaveLength(0);
  });

  it('to everyone: every active user, whatever the role, gets the notice once', async () => {
    const job = (
      await b.call('POST', '/api/notifications/bulk', {
        body: { audience: 'all', title: 'Holiday hours', body: 'Closed on Monday.', channels: ['in_app'] },
      })
    ).json().job;
    const [active] = await queryRows<{ n: number }>(
      b.db,
      sql`select count(*)::int as n from users where status = 'active' and created_at <= ${job.createdAt}::timestamptz`,
    );
    expect(job.total).toBe(active!.n);
    await drain(b.db);
    const done = (await b.call('GET', `/api/notifications/bulk/${job.id}`)).json().job;
    expect(done).toMatchObject({ status: 'completed', total: active!.n, sent: active!.n });
    const { notes } = await perMember(b.db, job.id);
    expect(notes).toHaveLength(active!.n);
    expect(notes.every((r) => r.n === 1)).toBe(true);
  });
});

describe('by SMTP (a real SMTP server on a loopback port)', () => {
  let m: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  beforeAll(async () => {
    smtp = await startSmtpReceiver((to) =>
      to.startsWith('later')
        ? { code: 451, message: 'Mailbox busy, try later' }
        : to.startsWith('never')
          ? { code: 550, message: 'No such mailbox here' }
          : null,
    );
    m = await createTestApp(
      { SMTP_URL: smtp.url, MAIL_FROM: 'RWA Shop <shop@test.dev>', NOTIFICATION_POLL_MS: '50' },
      { notifier: { retryBaseMs: 30, maxAttempts: 3 } },
    );
  });
  afterAll(async () => {
    await m.close();
    await smtp.close();
  });

  const status = (id: number) =>
    until(
      async () => (await m.db.select().from(emailMessages).where(eq(emailMessages.id, id)))[0]!,
      (r) => ['sent', 'failed'].includes(r.status),
    );

  it('a message really arrives, to the user, with the title as its subject and MAIL_FROM as sender', async () => {
    const user = await buildUser(m, { email: `reader.${Date.now()}@test.dev` });
    const res = await m.call('POST', '/api/notifications/send', {
      as: 'operator',
      body: {
        userId: user.id,
        title: 'Hello by SMTP',
        body: 'A real message.',
        channels: ['email'],
        link: 'https://example.com/x',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await status(res.json().emailId);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.messageId).toBeTruthy();
    const got = smtp.received.filter((r) => r.to.includes(user.email));
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ from: 'shop@test.dev', subject: 'Hello by SMTP' });
    expect(got[0]!.raw).toContain('A real message.');
    expect(got[0]!.raw).toContain('https://example.com/x');
  });

  it('a server that says "try later" is retried with a growing delay, then the email fails with its answer', async () => {
    const user = await buildUser(m, { email: `later.${Date.now()}@test.dev` });
    const id = (
      await m.call('POST', '/api/notifications/send', {
        body: { userId: user.id, title: 'Busy', body: 'x', channels: ['email'] },
      })
    ).json().emailId;
    const row = await status(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row.lastError).toContain('Mailbox busy, try later');
    const outbox = (await m.call('GET', '/api/notifications/outbox?status=failed')).json();
    expect(outbox.messages.find((x: { id: number }) => x.id === id)).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it('a recipient refused for good (5xx) fails at once', async () => {
    const user = await buildUser(m, { email: `never.${Date.now()}@test.dev` });
    const id = (
      await m.call('POST', '/api/notifications/send', {
        body: { userId: user.id, title: 'Refused', body: 'x', channels: ['email'] },
      })
    ).json().emailId;
    const row = await status(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toContain('No such mailbox here');
  });

  it('a bulk send by SMTP: each member of the role receives exactly one message', async () => {
    const tag = `smtpbulk${Date.now()}`;
    await addMembers(m.db, 'finance', 8, tag);
    const expected = await members(m.db, 'finance');
    const job = (
      await m.call('POST', '/api/notifications/bulk', {
        body: { audience: 'finance', title: 'Bulk by SMTP', body: 'Hello all.', channels: ['email'] },
      })
    ).json().job;
    const done = await until(
      async () => (await m.call('GET', `/api/notifications/bulk/${job.id}`)).json().job,
      (j) => j.status === 'completed',
    );
    expect(done).toMatchObject({ status: 'completed', total: expected.length, sent: expected.length, failed: 0 });
    const got = smtp.received
      .filter((r) => r.subject === 'Bulk by SMTP')
      .flatMap((r) => r.to)
      .sort();
    expect(got).toEqual(expected.map((u) => u.email).sort());
  });

  const members = async (db: Db, role: string) =>
    db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, role), eq(users.status, 'active')));
});
