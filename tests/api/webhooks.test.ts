import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '../../src/common/webhooks.js';
import { isPrivateAddress } from '../../server/modules/webhooks/address.js';
import { queryRows } from '../../server/db/client.js';
import { notifications, webhookAttempts, webhookDeliveries } from '../../server/db/schema.js';
import { anyListening, eventBody, storeEvent } from '../../server/modules/webhooks/outbox.js';
import { pruneWebhookEvents } from '../../server/modules/webhooks/prune.js';
import { buildOrder } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

type Received = { headers: Record<string, string>; body: string };

/** A real receiver on loopback: answers 500 to the first `failFirst` requests, 200 after. */
async function receiver(failFirst = 0) {
  const got: Received[] = [];
  let calls = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      calls += 1;
      got.push({ headers: req.headers as Record<string, string>, body });
      if (calls <= failFirst) res.writeHead(500).end('not yet');
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, got, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const until = async <T>(what: () => Promise<T>, done: (v: T) => boolean, ms = 10_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
};

let t: TestApp;
/** The same database with the production rules: https and public addresses only. */
let strict: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { WEBHOOK_ALLOW_INSECURE: 'true', WEBHOOK_POLL_MS: '100', WEBHOOK_TIMEOUT_MS: '3000' },
    { webhookWorker: { retryBaseMs: 50, maxRetryMs: 200, disableAfterFailures: 6, disableAfterMs: 0 } },
  );
  strict = await createTestApp({}, { database: t.database });
});
afterAll(async () => {
  await strict?.app.close();
  await t?.close();
});

const create = (app: TestApp, body: Record<string, unknown>, as: 'admin' | 'finance' | 'operator' = 'admin') =>
  app.call('POST', '/api/webhooks', { body: { events: ['order.created'], ...body }, as });

describe('webhooks: who and what', () => {
  it('refuses finance and operator tokens (403) for every webhook route', async () => {
    for (const as of ['finance', 'operator'] as const) {
      expect((await t.call('GET', '/api/webhooks', { as })).statusCode).toBe(403);
      expect((await create(t, { url: 'https://hooks.example.com/x' }, as)).statusCode).toBe(403);
    }
  });

  it('refuses bad input with a 400 and its sentence', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ url: 'not a url' }, 'webhook_url_invalid', /not a valid address/],
      [{ url: 'http://hooks.example.com/x' }, 'webhook_url_https', /https/],
      [{ url: 'https://10.1.2.3/x' }, 'webhook_url_private', /private/],
      [{ url: 'https://169.254.169.254/latest/meta-data' }, 'webhook_url_private', /metadata/],
      [{ url: 'https://[::1]:8443/x' }, 'webhook_url_private', /loopback/],
      [{ url: 'https://localhost/x' }, 'webhook_url_private', /private/],
      [{ url: 'https://hooks.example.com/x', events: ['order.exploded'] }, 'field_not_one_of', /events/],
      [
        { url: 'https://hooks.example.com/x', description: 'x'.repeat(10 * 1_048_576) },
        'field_too_long',
        /Description|description/,
      ],
    ];
    for (const [body, code, sentence] of cases) {
      const res = await create(strict, body);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
      expect(res.json().messageCode, res.body.slice(0, 300)).toBe(code);
      expect(res.json().error).toMatch(sentence);
    }
  });

  it('classifies addresses: loopback, private, link-local, metadata and mapped ones are refused', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '::1',
      'fd00:ec2::254',
      'fe80::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111']) expect(isPrivateAddress(a), a).toBe(false);
  });
});

describe('webhooks: deliveries', () => {
  it('delivers an order’s events in order, signed as Standard Webhooks (verified by the standardwebhooks package)', async () => {
    const r = await receiver();
    const made = await create(t, { url: r.url, events: [...WEBHOOK_EVENTS], description: 'ERP' });
    expect(made.statusCode, made.body).toBe(201);
    const { webhook, secret } = made.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(JSON.stringify((await t.call('GET', `/api/webhooks/${webhook.id}`)).json())).not.toContain(secret);
    const order = await buildOrder(t, { paid: true });
    expect((await t.call('POST', `/api/orders/${order.id}/fulfil`)).statusCode).toBe(200);
    const mine = () =>
      r.got.filter((g) => JSON.parse(g.body).data?.id === order.id || JSON.parse(g.body).data?.orderId === order.id);
    await until(
      async () => mine(),
      (g) => g.length >= 4,
    );
    const verifier = new Webhook(secret);
    const events = mine().map(
      (g) => verifier.verify(g.body, g.headers) as { type: string; timestamp: string; data: { status: string } },
    );
    expect(events.map((e) => e.type)).toEqual(['order.created', 'payment.succeeded', 'order.paid', 'order.fulfilled']);
    // Each event's data is the record as it was when the event happened.
    expect(events.map((e) => e.data.status)).toEqual(['pending', 'completed', 'paid', 'fulfilled']);
    expect(new Set(mine().map((g) => g.headers['webhook-id'])).size).toBe(4);
    // A tampered body does not verify.
    expect(() => verifier.verify(mine()[0]!.body.replace('order', 'xrder'), mine()[0]!.headers)).toThrow();
    // The receiver holds the last body a moment before the worker has written its answer down: under load the log
    // may still show that delivery under way.
    const delivered = (l: { deliveries: { status: string }[] }) =>
      l.deliveries.filter((d) => d.status === 'delivered').length;
    const log = await until(
      async () => (await t.call('GET', `/api/webhooks/${webhook.id}/deliveries`)).json(),
      (l) => delivered(l) >= 4,
    );
    expect(delivered(log)).toBeGreaterThanOrEqual(4);
    expect(log.attempts[0]).toMatchObject({ ok: true, statusCode: 200, response: 'thanks' });
    await t.call('DELETE', `/api/webhooks/${webhook.id}`);
    await r.close();
  });

  it('retries a failing receiver with backoff: 3 failures then a success are 4 attempts in the log', async () => {
    const r = await receiver(3);
    const { webhook, secret } = (await create(t, { url: r.url })).json();
    const sent = await t.call('POST', `/api/webhooks/${webhook.id}/test`);
    expect(sent.statusCode, sent.body).toBe(200);
    const log = await until(
      async () => (await t.call('GET', `/api/webhooks/${webhook.id}/deliveries`)).json(),
      (l) => l.deliveries[0]?.status === 'delivered',
    );
    expect(log.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 4, eventType: 'webhook.test' });
    expect(log.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([200, 500, 500, 500]);
    expect(log.attempts[3].response).toBe('not yet');
    expect(r.got).toHaveLength(4);
    expect(new Set(r.got.map((g) => g.headers['webhook-id'])).size).toBe(1);
    for (const g of r.got) expect(() => new Webhook(secret).verify(g.body, g.headers)).not.toThrow();
    // Replay: the same message id once more, as a new delivery.
    const replay = await t.call('POST', `/api/webhooks/${webhook.id}/deliveries/${log.deliveries[0].id}/replay`);
    expect(replay.statusCode, replay.body).toBe(200);
    await until(
      async () => r.got.length,
      (n) => n >= 5,
    );
    expect(r.got[4]!.headers['webhook-id']).toBe(r.got[0]!.headers['webhook-id']);
    await t.call('DELETE', `/api/webhooks/${webhook.id}`);
    await r.close();
  });

  it('rotates the secret: both sign during the overlap', async () => {
    const r = await receiver();
    const { webhook, secret: old } = (await create(t, { url: r.url })).json();
    const rotated = await t.call('POST', `/api/webhooks/${webhook.id}/rotate`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret: fresh, webhook: after } = rotated.json();
    expect(fresh).not.toBe(old);
    expect(after.previousSecretUntil).not.toBeNull();
    await t.call('POST', `/api/webhooks/${webhook.id}/test`);
    await until(
      async () => r.got.length,
      (n) => n >= 1,
    );
    const [g] = r.got;
    expect(g!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(() => new Webhook(fresh).verify(g!.body, g!.headers)).not.toThrow();
    expect(() => new Webhook(old).verify(g!.body, g!.headers)).not.toThrow();
    await t.call('DELETE', `/api/webhooks/${webhook.id}`);
    await r.close();
  });

  it('delivers what a sender killed mid-delivery had claimed, once its lease has run out', async () => {
    const r = await receiver();
    const { webhook, secret } = (await create(t, { url: r.url })).json();
    // As a process killed with -9 leaves it: claimed (sending, one attempt counted) and never recorded.
    const event = await t.db.transaction(async (tx) => {
      const stored = await storeEvent(
        tx,
        'webhook.test',
        `test:${webhook.id}`,
        eventBody('webhook.test', new Date(), { endpointId: webhook.id, message: 'lost?' }),
        [webhook.id],
      );
      await tx
        .update(webhookDeliveries)
        .set({ status: 'sending', attempts: 1, leaseUntil: new Date(Date.now() - 1000) })
        .where(sql`${webhookDeliveries.eventSeq} = ${stored.seq}`);
      return stored;
    });
    await until(
      async () => r.got.length,
      (n) => n >= 1,
    );
    expect(r.got[0]!.headers['webhook-id']).toBe(event.id);
    expect(() => new Webhook(secret).verify(r.got[0]!.body, r.got[0]!.headers)).not.toThrow();
    const log = await until(
      async () => (await t.call('GET', `/api/webhooks/${webhook.id}/deliveries`)).json(),
      (l) => l.deliveries[0]?.status === 'delivered',
    );
    expect(log.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    await t.call('DELETE', `/api/webhooks/${webhook.id}`);
    await r.close();
  });

  it('deletes ended events past their retention with their deliveries and attempts; keeps the open and the recent', async () => {
    const r = await receiver();
    const { webhook } = (await create(t, { url: r.url, enabled: false })).json();
    const DAY = 86_400_000;
    const stored = async (ageDays: number, status: string) => {
      const at = new Date(Date.now() - ageDays * DAY);
      const body = eventBody('webhook.test', at, {});
      const event = await storeEvent(t.db, 'webhook.test', `test:${webhook.id}`, body, [webhook.id], at);
      const [delivery] = await t.db
        .update(webhookDeliveries)
        .set({ status })
        .where(sql`${webhookDeliveries.eventSeq} = ${event.seq}`)
        .returning({ id: webhookDeliveries.id });
      await t.db
        .insert(webhookAttempts)
        .values({ deliveryId: delivery!.id, endpointId: webhook.id, ok: status === 'delivered', durationMs: 5 });
      return Number(event.seq);
    };
    const oldDelivered = await stored(40, 'delivered');
    const oldFailed = await stored(31, 'failed');
    const oldPending = await stored(40, 'pending');
    const recent = await stored(2, 'delivered');
    expect(await pruneWebhookEvents(t.db, 30)).toBe(2);
    const left = async (table: string, column: string) =>
      (
        await queryRows<{ seq: number }>(
          t.db,
          sql`select ${sql.raw(column)}::int as seq from ${sql.raw(table)}
            where ${sql.raw(column)} in (${oldDelivered}, ${oldFailed}, ${oldPending}, ${recent}) order by 1`,
        )
      ).map((row) => row.seq);
    expect(await left('webhook_events', 'seq')).toEqual([oldPending, recent]);
    expect(await left('webhook_deliveries', 'event_seq')).toEqual([oldPending, recent]);
    const attempts = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id
        where d.endpoint_id = ${webhook.id}::uuid`,
    );
    expect(attempts[0]!.n).toBe(2);
    await t.call('DELETE', `/api/webhooks/${webhook.id}`);
    await r.close();
  });

  it('tells of a new user (user.created) with the user as the API answers it', async () => {
    const r = await receiver();
    const { webhook, secret } = (await create(t, { url: r.url, events: ['user.created'] })).json();
    const email = `hooked.${Date.now()}@test.dev`;
    const made = await t.call('POST', '/api/users', { body: { email, role: 'user', password: 'a-long-password-123' } });
    expect(made.statusCode, made.body).toBe(201);
    await until(
      async () => r.got.length,
      (n) => n >= 1,
    );
    const event = new Webhook(secret).verify(r.got[0]!.body, r.got[0]!.headers) as { type: string; data: unknown };
    expect(event).toMatchObject({ type: 'user.created', data: made.json().user });
    await t.call('DELETE', `/api/webhooks/${webhook.id}`);
    await r.close();
  });

  it('turns off an endpoint that keeps failing and tells the admins', async () => {
    const r = await receiver(1000);
    const { webhook } = (await create(t, { url: r.url })).json();
    await t.call('POST', `/api/webhooks/${webhook.id}/test`);
    const off = await until(
      async () => (await t.call('GET', `/api/webhooks/${webhook.id}`)).json().webhook,
      (w) => !w.enabled,
    );
    expect(off).toMatchObject({ enabled: false, failures: 6 });
    expect(off.disabledReason).toMatch(/6 failed attempts/);
    const told = await t.db
      .select()
      .from(notifications)
      .where(sql`${notifications.messageCode} = 'webhook_disabled' and ${notifications.params}->>'url' = ${r.url}`);
    expect(told.length).toBeGreaterThan(0);
    await r.close();
  });
});

describe('webhooks: the event types listened for', () => {
  it('are read afresh by an app on another database in the same process: none of this one’s endpoints there', async () => {
    const r = await receiver();
    const { webhook } = (await create(t, { url: r.url, events: ['order.paid'] })).json();
    expect(await anyListening(t.db, 'order.paid')).toBe(true);
    const other = await createTestApp();
    try {
      expect(await anyListening(other.db, 'order.paid')).toBe(false);
    } finally {
      await other.close();
      await t.call('DELETE', `/api/webhooks/${webhook.id}`);
      await r.close();
    }
  });
});
