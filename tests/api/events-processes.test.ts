/**
 * The live events stream across processes (issue 41): two real API processes on one PostgreSQL database (as
 * scale-out.test.ts starts them). A change made through one reaches a stream open on the other within 1 s, carried by
 * the invalidation bus (LISTEN/NOTIFY); a ticket issued by one opens the stream on the other; a logout on one ends
 * the stream on the other; and a process stopping (SIGTERM) with streams open still stops. PostgreSQL only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devChainPeerEnv, HANG_MS, startServerProcess } from '../../scripts/server-process.js';
import { engine } from './engine.js';
import { buildProduct, buildUser, PASSWORD } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { openEvents, SseStream } from './sse-client.js';

const onPostgres = engine() === 'postgres';
if (!onPostgres) console.log('events-processes: skipped on PGlite (one process owns an embedded database).');

async function tokenOf(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe.runIf(onPostgres)('live events across two API processes on one PostgreSQL database', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof startServerProcess>>;
  let b: Awaited<ReturnType<typeof startServerProcess>>;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const common = {
      DATABASE_URL: t.databaseUrl!,
      SEED_ON_EMPTY: 'false',
      SERVE_UI: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      RATE_LIMIT_MAX: '100000',
    };
    a = await startServerProcess(common);
    b = await startServerProcess({ ...common, ...devChainPeerEnv(a.chainUrl) });
  }, 2 * HANG_MS);

  afterAll(async () => {
    for (const s of streams) s.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await t?.close();
  });

  it('a change through one process reaches a stream on the other within 1 s, both ways', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const token = await tokenOf(a.baseUrl, admin.email);
    const shopper = await buildUser(t);
    for (const [writer, reader] of [
      [a, b],
      [b, a],
    ] as const) {
      const stream = await openEvents(reader.baseUrl, token);
      streams.push(stream);
      const product = await buildProduct(t);
      const res = await fetch(`${writer.baseUrl}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ userEmail: shopper.email, productId: product.id, qty: 1 }),
      });
      const answered = Date.now();
      expect(res.status).toBe(201);
      const { order } = (await res.json()) as { order: { id: string } };
      await stream.change('orders', order.id, 1000);
      const heard = stream.changes().find((c) => c.id === order.id)!;
      expect(heard.at - answered).toBeLessThan(1000);
    }
  });

  it('a ticket from one opens the stream on the other, and a logout on one ends it', async () => {
    const staff = await buildUser(t, { role: 'operator' });
    const token = await tokenOf(b.baseUrl, staff.email);
    const ticket = await fetch(`${a.baseUrl}/api/events/ticket`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json() as Promise<{ ticket: string }>);
    const { opened, stream } = await SseStream.open(b.baseUrl, `?ticket=${encodeURIComponent(ticket.ticket)}`);
    expect(opened.status).toBe(200);
    streams.push(stream!);
    const out = await fetch(`${a.baseUrl}/api/admin/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(200);
    await stream!.until((s) => s.ended && s.events.some((e) => e.event === 'end'), 2000, 'end');
  });

  it('a process with streams open stops on SIGTERM', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const token = await tokenOf(b.baseUrl, admin.email);
    const stream = await openEvents(b.baseUrl, token);
    streams.push(stream);
    const started = Date.now();
    const ended = await b.stop();
    expect(ended.code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    await stream.until((s) => s.ended, 2000, 'the end of the stream');
  });
});
