/**
 * The cache invalidation bus on PostgreSQL (server/lib/invalidation.ts): a notification another process committed has
 * reached this one once `caughtUp()` resolves, which is what lets a cached session or list total be used on one process
 * right after a logout or a write answered on another (tests/api/scale-out.test.ts drives that through real processes).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caughtUp, INVALIDATION_CHANNEL, onInvalidation } from '../../server/lib/invalidation.js';
import { engine } from './engine.js';
import { createTestApp, type TestApp } from './harness.js';

describe.runIf(engine() === 'postgres')('the invalidation bus', () => {
  let t: TestApp;
  let other: pg.Client;
  const seen = new Set<string>();

  beforeAll(async () => {
    t = await createTestApp(); // on PostgreSQL the app listens on the bus
    onInvalidation((event) => seen.add(event));
    other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await t?.close();
  });

  it('has received every notification committed before caughtUp() was called', async () => {
    for (let i = 0; i < 100; i++) {
      const event = `session:probe-${i}`;
      await other.query('select pg_notify($1, $2)', [INVALIDATION_CHANNEL, JSON.stringify([event])]);
      await caughtUp();
      expect(seen.has(event), `notification ${i}`).toBe(true);
    }
  });

  it('lets callers that come while a round trip is under way share the next one', async () => {
    const original = pg.Client.prototype.query;
    let pings = 0;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      if (args[0] === 'select 1') pings++;
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      await Promise.all(Array.from({ length: 200 }, () => caughtUp()));
    } finally {
      pg.Client.prototype.query = original;
    }
    // The first call starts a round trip; the 199 after it were not covered by it, so they share one more.
    expect(pings).toBe(2);
  });
});
