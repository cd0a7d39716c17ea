/**
 * Request ids (issue 40, Request ids and logs): every answer carries X-Request-Id, taken from the request only when its
 * connection comes from a trusted proxy (REQUEST_ID_TRUSTED_PROXIES), and every error body carries it as `requestId`.
 * The request's log line has the id, the route pattern, the user and the status; an email or a mint job the request
 * queues, and a webhook event it causes, keep the id, and the worker's line about it has it too.
 */
import nodeHttp from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailMessages, mintJobs, webhookEvents } from '../../server/db/schema.js';
import { createMailer } from '../../server/modules/notifications/mailer.js';
import { workOnce } from '../../server/modules/notifications/worker.js';
import { buildUser } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PROXY = '127.0.0.2';

type Line = Record<string, unknown>;
const lines: Line[] = [];
const stream = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
    done();
  },
});

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    {
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      REQUEST_ID_TRUSTED_PROXIES: `${PROXY},10.0.0.0/8`,
      WEBHOOK_ALLOW_INSECURE: 'true',
      WEBHOOK_POLL_MS: '100',
    },
    { logStream: stream, webhookWorker: true },
  );
});
afterAll(async () => {
  await t?.close();
});

/** A GET from another loopback address (the "proxy"), with the headers given. */
function getFrom(localAddress: string, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; id: string; body: Line }>((resolve, reject) => {
    const req = nodeHttp.request(`${t.base}${path}`, { agent: false, localAddress, headers }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, id: String(res.headers['x-request-id']), body: JSON.parse(text) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const requestLine = (id: string) => lines.find((l) => l.reqId === id && 'statusCode' in l);

describe('request ids', () => {
  it('a client cannot choose its id: a new UUID, echoed in the header and in the error body', async () => {
    const res = await t.call('GET', '/api/no-such-thing', { headers: { 'x-request-id': 'chosen-by-client' } });
    expect(res.statusCode).toBe(404);
    const id = res.headers['x-request-id']!;
    expect(id).toMatch(UUID);
    expect(res.json().requestId).toBe(id);
    const ok = await t.call('GET', '/api/auth/me');
    expect(ok.headers['x-request-id']).toMatch(UUID);
    expect(ok.headers['x-request-id']).not.toBe(id);
  });

  it('a trusted proxy’s id is kept; an unacceptable one is replaced', async () => {
    const kept = await getFrom(PROXY, '/api/no-such-thing', { 'x-request-id': 'edge-7f3a.42' });
    expect(kept).toMatchObject({ status: 404, id: 'edge-7f3a.42', body: { requestId: 'edge-7f3a.42' } });
    const odd = await getFrom(PROXY, '/api/no-such-thing', { 'x-request-id': 'has spaces; and more' });
    expect(odd.id).toMatch(UUID);
    const untrusted = await getFrom('127.0.0.3', '/api/no-such-thing', { 'x-request-id': 'edge-7f3a.43' });
    expect(untrusted.id).toMatch(UUID);
  });

  it('the request’s log line has its id, route pattern, user, status and duration', async () => {
    const admin = await t.user('admin');
    const token = (await t.login(admin.email)).json().token as string;
    const res = await t.call('GET', `/api/users/${admin.id}`, { token });
    expect(res.statusCode).toBe(200);
    const id = res.headers['x-request-id']!;
    await expect.poll(() => requestLine(id)).toBeDefined();
    expect(requestLine(id)).toMatchObject({
      reqId: id,
      method: 'GET',
      route: '/api/users/:id',
      statusCode: 200,
      userId: admin.id,
    });
    expect(typeof requestLine(id)!.ms).toBe('number');
  });

  it('an email a request queues keeps its id, and the worker’s line about it has it', async () => {
    const shopper = await buildUser(t.database, { role: 'user' });
    const res = await t.call('POST', '/api/notifications/send', {
      body: { userId: shopper.id, title: 'Your parcel left', body: 'Today.', channels: ['email'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.headers['x-request-id']!;
    const [row] = await t.db.select().from(emailMessages).where(eq(emailMessages.userId, shopper.id));
    expect(row!.requestId).toBe(id);
    const worker: Line[] = [];
    const log = {
      info: (fields: object, msg: string) => worker.push({ ...fields, msg }),
      warn: (fields: object, msg: string) => worker.push({ ...fields, msg }),
      error: (msg: string) => worker.push({ msg }),
    };
    while (await workOnce(t.db, createMailer({ from: 'Shop <shop@test.dev>' }), {}, undefined, log)) {
      /* more */
    }
    expect(worker).toContainEqual(expect.objectContaining({ emailId: row!.id, reqId: id }));
  });

  it('a webhook event a request causes keeps its id, and the sender’s line about its delivery has it', async () => {
    const receiver = nodeHttp.createServer((req, res) => req.resume().on('end', () => res.end('ok')));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks?token=receiver-secret`;
      const made = await t.call('POST', '/api/webhooks', { body: { url, events: ['user.created'] } });
      expect(made.statusCode, made.body).toBe(201);
      const res = await t.call('POST', '/api/users', {
        body: { email: `hooked.${Date.now()}@test.dev`, role: 'user', password: 'a-long-password-123' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.headers['x-request-id']!;
      const [event] = await t.db
        .select({ id: webhookEvents.id, requestId: webhookEvents.requestId })
        .from(webhookEvents)
        .where(eq(webhookEvents.type, 'user.created'));
      expect(event!.requestId).toBe(id);
      await expect
        .poll(() => lines.find((l) => l.webhookId === event!.id), { timeout: 15_000 })
        .toMatchObject({ reqId: id, level: 30 });
      // The receiver's query (its own secret) stays out of the line.
      expect(JSON.stringify(lines.find((l) => l.webhookId === event!.id))).not.toContain('receiver-secret');
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('a mint job a request queues keeps its id', async () => {
    const res = await t.call('POST', '/api/mint-jobs', {
      body: {
        walletAddress: '0x1111111111111111111111111111111111111111',
        tokenId: '7',
        amount: '1',
        note: 'For the request-id test',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [job] = await t.db
      .select({ requestId: mintJobs.requestId })
      .from(mintJobs)
      .where(eq(mintJobs.id, res.json().job.id as string));
    expect(job!.requestId).toBe(res.headers['x-request-id']);
  });
});
