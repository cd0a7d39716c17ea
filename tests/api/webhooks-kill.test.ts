/**
 * kill -9 of the webhook sender mid-delivery loses nothing (issue 41): the real server (its webhook worker inside) runs
 * as a child process, a local receiver holds every request without answering, the process is killed with SIGKILL while
 * its deliveries hang, and a new process on the same database delivers every event once the dead one's leases have
 * run out: each event reaches the receiver (at least once), signed (verified by the `standardwebhooks` package), every
 * delivery ends delivered and none stays leased. On PostgreSQL the processes share the file's database; on PGlite the
 * process owns its data folder (as `npm start` does), which the test prepares before and reads after.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HANG_MS, startServerProcess } from '../../scripts/server-process.js';
import { fromPglite, openPglite, queryRows, type Database } from '../../server/db/client.js';
import { engine } from './engine.js';
import { buildUser, PASSWORD } from './factories.js';
import { createTestApp } from './harness.js';

type Server = Awaited<ReturnType<typeof startServerProcess>>;
type Held = { id: string; body: string; headers: Record<string, string>; res: http.ServerResponse };

/** A receiver on loopback: holds every request unanswered while `stalling`, answers 200 after. */
async function stallingReceiver() {
  const held: Held[] = [];
  const answered: Omit<Held, 'res'>[] = [];
  const state = { stalling: true };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const got = { id: String(req.headers['webhook-id']), body, headers: req.headers as Record<string, string> };
      if (state.stalling) held.push({ ...got, res });
      else {
        answered.push(got);
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    held,
    answered,
    state,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function until<T>(what: () => Promise<T> | T, done: (v: T) => boolean, ms: number, label: string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`Waited ${ms} ms for ${label}: ${JSON.stringify(v).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Each attempt's timeout; a killed process's lease is this plus 10 s (deliver.ts). */
const TIMEOUT_MS = 10_000;

describe('webhooks: the sender killed with -9 mid-delivery', { timeout: 2 * HANG_MS }, () => {
  const onPostgres = engine() === 'postgres';
  let database: Database;
  let dataDir = '';
  let adminEmail = '';
  let env: Record<string, string>;
  let server: Server | null = null;
  let receiver: Awaited<ReturnType<typeof stallingReceiver>>;

  beforeAll(async () => {
    receiver = await stallingReceiver();
    if (!onPostgres) {
      // The server process's PGlite (DATA_DIR/pglite), made from the run's migrated template.
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-webhooks-kill-'));
      const tar = fs.readFileSync(inject('pgliteTemplate'));
      database = fromPglite(await openPglite(path.join(dataDir, 'pglite'), { loadDataDir: new Blob([tar]) }));
    }
    const t = await createTestApp({}, onPostgres ? {} : { database });
    database = t.database;
    if (!onPostgres) await t.app.ctx.settings.save(database.db, { twoFactorAuth: false });
    adminEmail = (await buildUser(t, { role: 'admin' })).email;
    await t.app.close();
    const url = (database as { url?: string }).url;
    if (!onPostgres) await database.close();
    env = {
      ...(url ? { DATABASE_URL: url } : { DATA_DIR: dataDir }),
      SEED_ON_EMPTY: 'false',
      SERVE_UI: 'false',
      DNS_SERVER: 'false',
      MINT_WORKER: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      RATE_LIMIT_MAX: '100000',
      TOTP_ENCRYPTION_KEY: 'webhooks-kill-test-key',
      WEBHOOK_ALLOW_INSECURE: 'true',
      WEBHOOK_POLL_MS: '200',
      WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
    };
  }, HANG_MS + 60_000);

  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
    if (onPostgres) await database?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function api(method: string, url: string, token: string, body?: unknown) {
    const res = await fetch(server!.baseUrl + url, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    expect(res.status, text.slice(0, 500)).toBeLessThan(300);
    return JSON.parse(text);
  }
  const login = async () =>
    (await api('POST', '/api/admin/auth/login', '', { email: adminEmail, password: PASSWORD })).token as string;
  const newUser = (token: string, n: number) =>
    api('POST', '/api/users', token, {
      email: `hooked.${n}.${Date.now()}@test.dev`,
      role: 'user',
      password: 'a-long-password-123',
    });

  it('delivers every event after a restart, signed, and leaves nothing leased', async () => {
    server = await startServerProcess(env);
    let token = await login();
    const { webhook, secret } = await api('POST', '/api/webhooks', token, {
      url: receiver.url,
      events: ['user.created'],
      description: 'kill -9',
    });
    // An event whose delivery hangs in the receiver…
    await newUser(token, 1);
    await until(
      () => receiver.held.length,
      (n) => n >= 1,
      30_000,
      'a delivery held by the receiver',
    );
    // …and four stored while the sender waits for its answer (the kill comes well before its timeout).
    for (const n of [2, 3, 4, 5]) await newUser(token, n);
    const killed = server;
    server = null;
    process.kill(killed.pid, 'SIGKILL');
    expect(await killed.stop()).toEqual({ code: null, signal: 'SIGKILL' });
    const heldIds = new Set(receiver.held.map((h) => h.id));
    for (const h of receiver.held) h.res.destroy();
    receiver.state.stalling = false;

    server = await startServerProcess(env);
    token = await login();
    const log = await until(
      async () => (await api('GET', `/api/webhooks/${webhook.id}/deliveries`, token)) as WebhookLog,
      (l) => l.deliveries.length === 5 && l.deliveries.every((d) => d.status === 'delivered'),
      TIMEOUT_MS + 10_000 + 60_000,
      'every delivery delivered after the restart',
    );
    const ids = new Set(log.deliveries.map((d) => d.eventId));
    expect(ids.size).toBe(5);
    for (const id of heldIds) expect(ids).toContain(id);
    // Every event reached the receiver after the restart, signed with the endpoint's secret.
    const verifier = new Webhook(secret);
    expect(new Set(receiver.answered.map((a) => a.id))).toEqual(ids);
    for (const a of receiver.answered)
      expect(verifier.verify(a.body, a.headers)).toMatchObject({ type: 'user.created' });
    // The killed attempt was counted when claimed and never recorded: the log shows only the success after it.
    for (const d of log.deliveries.filter((d) => heldIds.has(d.eventId))) {
      expect(d.attempts).toBe(2);
      expect(log.attempts.filter((a) => a.deliveryId === d.id).map((a) => a.ok)).toEqual([true]);
    }

    expect((await server.stop()).code).toBe(0);
    server = null;
    const after = onPostgres ? database : fromPglite(await openPglite(path.join(dataDir, 'pglite')));
    const leased = await queryRows<{ n: number }>(
      after.db,
      sql`select count(*)::int as n from webhook_deliveries where status <> 'delivered' or lease_until is not null`,
    );
    expect(leased[0]!.n).toBe(0);
    if (!onPostgres) await after.close();
  });
});

type WebhookLog = {
  deliveries: { id: number; eventId: string; status: string; attempts: number }[];
  attempts: { deliveryId: number; ok: boolean; statusCode: number | null; error: string | null }[];
};
