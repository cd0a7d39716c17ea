/**
 * db.json's history across domains (issue 25): refunds full and partial, with what they did to payments, commissions
 * and points, as the live refund path leaves them. Each new collection is checked, refused one line a problem, and optional.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.js';
import { SeedFileError } from '../../server/db/seed/parse.js';
import { seedFromFile } from '../../server/db/seed/seed.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-seed-history-'));
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
const quiet = () => undefined;

/** db.json with `change` applied, written to a temporary file for the seed to read. */
function variant(name: string, change: (data: Record<string, any>) => void) { // eslint-disable-line @typescript-eslint/no-explicit-any -- records of any shape
  const data = JSON.parse(fs.readFileSync('db.json', 'utf8'));
  change(data);
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(data));
  return file;
}
const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.db, query))[0]!;
const counts = () => one<{ users: number; refunds: number }>(sql`select (select count(*)::int from users) as users, (select count(*)::int from refunds) as refunds`);

describe('db.json’s refunds', () => {
  it('one a refunded order in full, and partial ones on paid orders: payments, commissions and points as the live refund leaves them', async () => {
    const summary = await seedFromFile(t.db, 'db.json', { log: quiet });
    const shape = await one<Record<string, number>>(sql`select
      (select count(*)::int from orders where status = 'refunded') as refunded_orders,
      (select count(distinct r.payment_id)::int from refunds r join payments p on p.id = r.payment_id join orders o on o.id = p.order_id
        where o.status = 'refunded' and p.status = 'refunded' and p.refunded_cents = p.amount_cents) as full_refunds,
      (select count(distinct r.payment_id)::int from refunds r join payments p on p.id = r.payment_id join orders o on o.id = p.order_id
        where o.status in ('paid', 'fulfilled') and p.status = 'completed' and p.refunded_cents between 1 and p.amount_cents - 1) as partial_refunds,
      (select count(*)::int from (select payment_id from refunds group by payment_id having count(*) > 1) x) as refunded_twice,
      (select count(*)::int from payments p where p.refunded_cents <> coalesce((select sum(amount_cents) from refunds r where r.payment_id = p.id), 0)) as unmatched,
      (select count(*)::int from refunds where created_by is null or reason = '') as anonymous,
      (select count(*)::int from points_entries e join payments p on p.order_id = e.order_id where e.type = 'REVERSED' and p.status = 'completed') as points_reversed`);
    expect(summary.refunds).toBeGreaterThan(shape.refunded_orders);
    expect(shape).toMatchObject({ full_refunds: shape.refunded_orders, unmatched: 0, anonymous: 0 });
    expect(shape.partial_refunds).toBeGreaterThanOrEqual(3);
    expect(shape.refunded_twice).toBeGreaterThan(0);
    expect(shape.points_reversed).toBe(shape.partial_refunds);

    const token = (await t.login('admin@rwa.dev', 'rwa-dev-password')).json().token as string;
    const checks = (await t.call('GET', '/api/reconcile', { token })).json().reconciliation.checks;
    expect(checks.filter((c: { ok: boolean }) => !c.ok)).toEqual([]);
    // The payment's page lists them, by whom.
    const partial = await one<{ id: string }>(sql`select p.id from payments p where p.status = 'completed' and p.refunded_cents > 0 order by p.id limit 1`);
    const detail = (await t.call('GET', `/api/payments/${partial.id}`, { token })).json();
    expect(detail.payment.refunds.length).toBeGreaterThan(0);
    expect(detail.payment.refunds[0]).toMatchObject({ reason: expect.any(String), by: expect.stringMatching(/@rwa\.dev$/) });
  });

  it('refuses a bad refund, one line each, and refunds that do not add up to their payment’s; loads nothing', async () => {
    await seedFromFile(t.db, 'db.json', { withPasswords: false, log: quiet });
    const before = await counts();
    const file = variant('bad-refunds.json', (d) => {
      d.refunds[0].paymentId = 'gone';
      d.refunds[1].amountFiat = 0;
      d.refunds[2].reason = '';
      d.refunds[3].createdAt = '2020-01-01T00:00:00.000Z';
    });
    const err = await seedFromFile(t.db, file, { log: quiet, shiftDates: false }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(SeedFileError);
    const lines = (err as Error).message.split('\n').slice(1);
    expect(lines.slice(0, 4)).toEqual([
      expect.stringMatching(/^refunds\[0\] \(id ".*"\)\.paymentId: payment "gone" does not exist$/),
      expect.stringMatching(/^refunds\[1\] \(id ".*"\)\.amountFiat: 0 is not an amount above 0$/),
      expect.stringMatching(/^refunds\[2\] \(id ".*"\)\.reason: missing: a refund is given with a reason$/),
      expect.stringMatching(/^refunds\[3\] \(id ".*"\)\.createdAt: is before its payment was completed$/),
    ]);
    // The four payments whose refunds were skipped no longer add up.
    expect(lines.slice(4)).toHaveLength(4);
    expect(lines.slice(4).every((l) => /^refunds: the refunds of payment .+ add up to \d+\.\d\d, its refundedFiat is \d+\.\d\d$/.test(l))).toBe(true);
    expect(await counts()).toEqual(before);
  });

  it('a file without refunds loads as before', async () => {
    const file = variant('no-refunds.json', (d) => { delete d.refunds; });
    const summary = await seedFromFile(t.db, file, { withPasswords: false, log: quiet });
    expect(summary).toMatchObject({ refunds: 0, payments: 225 });
    expect(await one(sql`select count(*)::int as n from refunds`)).toEqual({ n: 0 });
  });
});
