/**
 * GET /api/system (admins): this process, the database, chain/Redis/SMTP, each background loop and each queue. A loop
 * that failed shows its error with credentials removed; other roles are refused.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemAnswer } from '../../src/common/system.schemas.js';
import { loopFailed, loopPassed, loopStarted } from '../../server/lib/loop-health.js';
import { engine } from './engine.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/system', () => {
  it('answers the admin with the process, its dependencies, loops and queues', async () => {
    const res = await t.call('GET', '/api/system', { as: 'admin' });
    expect(res.statusCode, res.body).toBe(200);
    const body = systemAnswer.parse(res.json());
    expect(body.process).toMatchObject({ engine: engine(), node: process.version, workers: 1, pid: process.pid });
    expect(body.process.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(body.database).toEqual({ status: 'ok', pendingMigrations: 0 });
    expect(body.chain).toEqual({ status: 'off', detail: null, blockHeight: null });
    expect(body.redis.status).toBe('off');
    expect(body.smtp.status).toBe('off');
    expect(body.loops.map((l) => l.name)).toEqual([
      'mint_worker',
      'email_outbox',
      'webhook_delivery',
      'crypto_watcher',
      'payout_completer',
      'checkout_sweeper',
      'holders_indexer',
    ]);
    expect(body.queues.map((q) => [q.name, q.status, q.pending])).toEqual([
      ['mint_jobs', 'ok', 0],
      ['email_outbox', 'ok', 0],
      ['webhook_deliveries', 'ok', 0],
      ['crypto_deposits', 'ok', 0],
      ['payouts_awaiting_approval', 'ok', 0],
    ]);
  });

  it('is refused to finance, operators and shoppers, and to anonymous callers', async () => {
    for (const role of ['finance', 'operator', 'user'] as const) {
      expect((await t.call('GET', '/api/system', { as: role })).statusCode, role).toBe(403);
    }
    expect((await t.call('GET', '/api/system', { as: null })).statusCode).toBe(401);
  });

  it('shows a failing loop with its last error, credentials and tokens removed', async () => {
    loopStarted('checkout_sweeper');
    loopPassed('checkout_sweeper');
    loopFailed(
      'checkout_sweeper',
      new Error('connect ECONNREFUSED postgres://app:hunter2@db.internal:5432/shop?password=s3cret token=abc123'),
    );
    const body = systemAnswer.parse((await t.call('GET', '/api/system', { as: 'admin' })).json());
    const loop = body.loops.find((l) => l.name === 'checkout_sweeper')!;
    expect(loop).toMatchObject({ status: 'failing', running: true, errors: 1 });
    expect(loop.lastError).toBe('connect ECONNREFUSED postgres://***@db.internal:5432/shop?password=*** token=***');
    expect(JSON.stringify(body)).not.toMatch(/hunter2|s3cret|abc123/);
    loopPassed('checkout_sweeper');
    const again = systemAnswer.parse((await t.call('GET', '/api/system', { as: 'admin' })).json());
    expect(again.loops.find((l) => l.name === 'checkout_sweeper')).toMatchObject({ status: 'ok', errors: 1 });
  });

  it('counts a queue and marks it stuck past its limit, and failed emails as failing', async () => {
    await t.db.execute(sql`insert into email_messages (to_address, subject, body, status, created_at)
      values ('a@example.com', 'Hi', 'Body', 'queued', now() - interval '2 hours'),
             ('b@example.com', 'Hi', 'Body', 'queued', now())`);
    let body = systemAnswer.parse((await t.call('GET', '/api/system', { as: 'admin' })).json());
    let email = body.queues.find((q) => q.name === 'email_outbox')!;
    expect(email).toMatchObject({ status: 'stale', pending: 2, failed: 0, limitSeconds: 900 });
    expect(email.oldestSeconds).toBeGreaterThan(7000);
    await t.db.execute(sql`update email_messages set status = 'failed' where to_address = 'a@example.com'`);
    body = systemAnswer.parse((await t.call('GET', '/api/system', { as: 'admin' })).json());
    email = body.queues.find((q) => q.name === 'email_outbox')!;
    expect(email).toMatchObject({ status: 'failing', pending: 1, failed: 1 });
  });
});
