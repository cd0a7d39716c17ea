/**
 * db.json's history across domains (issue 25): refunds full and partial, with what they did to payments, commissions
 * (clawbacks too, once a payout had paid them) and points, as the live refund path leaves them; the audit log of the staff actions the records imply. Each new collection is checked, refused one line a problem, and optional.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.js';
import { SeedFileError } from '../../server/seed/parse.js';
import { seedFromFile } from '../../server/seed/seed.js';
import { CLAWBACK_REASONS, clawback, ratePpm } from '../../server/modules/commissions/policy.js';
import { createTestApp, type TestApp } from './harness.js';
import { demoVariant } from './seed-files.js';
import { reconcileReplayed } from './replayed-chain.js';

let t: TestApp;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-seed-history-'));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
const quiet = () => undefined;

const variant = (name: string, change: Parameters<typeof demoVariant>[2]) => demoVariant(dir, name, change);
const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.db, query))[0]!;
const counts = () =>
  one<{ users: number; refunds: number }>(
    sql`select (select count(*)::int from users) as users, (select count(*)::int from refunds) as refunds`,
  );

describe('db.json’s refunds', { timeout: 120_000 }, () => {
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
    expect((await reconcileReplayed(t.db)).checks.filter((c) => !c.ok)).toEqual([]);
    // The payment's page lists them, by whom.
    const partial = await one<{ id: string }>(
      sql`select p.id from payments p where p.status = 'completed' and p.refunded_cents > 0 order by p.id limit 1`,
    );
    const detail = (await t.call('GET', `/api/payments/${partial.id}`, { token })).json();
    expect(detail.payment.refunds.length).toBeGreaterThan(0);
    expect(detail.payment.refunds[0]).toMatchObject({
      reason: expect.any(String),
      by: expect.stringMatching(/@rwa\.dev$/),
    });
    // Its timeline, told by its dates and refunds (no events were stored for it), ends with each refund in order.
    const refunded = detail.payment.events.filter((e: { type: string }) => e.type === 'refunded');
    expect(detail.payment.events.map((e: { type: string }) => e.type).slice(0, 2)).toEqual(['created', 'confirmed']);
    expect(refunded).toEqual(
      [...detail.payment.refunds]
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .map((r: { amount: number; reason: string; reference: string | null; createdAt: string }) =>
          expect.objectContaining({
            amount: r.amount,
            reason: r.reason,
            reference: r.reference,
            createdAt: r.createdAt,
          }),
        ),
    );
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
    expect(
      lines
        .slice(4)
        .every((l) =>
          /^refunds: the refunds of payment .+ add up to \d+\.\d\d, its refundedFiat is \d+\.\d\d$/.test(l),
        ),
    ).toBe(true);
    expect(await counts()).toEqual(before);
  });

  it('a file without refunds loads as before', async () => {
    const file = variant('no-refunds.json', (d) => {
      delete d.refunds;
    });
    const summary = await seedFromFile(t.db, file, { withPasswords: false, log: quiet });
    expect(summary).toMatchObject({ refunds: 0, payments: 250 });
    expect(await one(sql`select count(*)::int as n from refunds`)).toEqual({ n: 0 });
  });
});

describe('db.json’s clawbacks', { timeout: 120_000 }, () => {
  type Clawback = {
    commission_id: string;
    referrer_id: string;
    amount_cents: number;
    reason: string;
    payout_id: string | null;
    created_at: Date;
  };
  const clawbacks = () =>
    queryRows<Clawback>(
      t.db,
      sql`select commission_id, referrer_id, amount_cents::int, reason, payout_id, created_at from commission_adjustments order by amount_cents, commission_id`,
    );
  /** The file's refunds made once a payout held or had paid a commission of their order. */
  const afterPayout = (d: Parameters<Parameters<typeof demoVariant>[2]>[0]) =>
    d.refunds.filter((r: { paymentId: string; createdAt: string }) => {
      const orderId = d.payments.find((p: { id: string }) => p.id === r.paymentId).orderId;
      return d.commissions.some(
        (c: { orderId: string; payoutId?: string }) =>
          c.orderId === orderId &&
          d.payouts.some((p: { id: string; createdAt: string }) => p.id === c.payoutId && p.createdAt <= r.createdAt),
      );
    });

  it('a refund after a payout leaves clawbacks: one a later payout deducted (its page shows it), one still open; reconcile holds', async () => {
    const summary = await seedFromFile(t.db, 'db.json', { log: quiet });
    const file = JSON.parse(fs.readFileSync('db.json', 'utf8'));
    expect(afterPayout(file)).toHaveLength(1);
    const rows = await clawbacks();
    expect(summary.clawbacks).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    // Each as the live policy computes it, dated by its refund; its commission stays paid at its amount.
    const paidThenRefunded = await queryRows<{
      commission_id: string;
      status: string;
      rate: string;
      base: number;
      owed: number;
      order_amount: number;
      refunded: number;
      created_at: Date;
    }>(
      t.db,
      sql`select c.id as commission_id, c.status, c.rate, c.base_cents::int as base, c.amount_cents::int as owed,
        o.amount_cents::int as order_amount, p.refunded_cents::int as refunded, r.created_at
        from commissions c join orders o on o.id = c.order_id join payments p on p.order_id = o.id
        join refunds r on r.payment_id = p.id join payouts po on po.id = c.payout_id
        where po.created_at <= r.created_at`,
    );
    expect(paidThenRefunded.map((c) => c.status)).toEqual(paidThenRefunded.map(() => 'paid'));
    const expected = paidThenRefunded.map((c) => {
      const taken = clawback(ratePpm(c.rate), c.base, c.order_amount, c.refunded, c.owed)!;
      return {
        commission_id: c.commission_id,
        amount_cents: taken.cents,
        reason: taken.reason,
        created_at: c.created_at,
      };
    });
    const got = rows.map(({ commission_id, amount_cents, reason, created_at }) => ({
      commission_id,
      amount_cents,
      reason,
      created_at,
    }));
    expect(got).toEqual(
      expected.sort((a, b) => a.amount_cents - b.amount_cents || a.commission_id.localeCompare(b.commission_id)),
    );
    expect(rows.every((r) => r.reason === CLAWBACK_REASONS.part)).toBe(true);

    const deducted = rows.filter((r) => r.payout_id);
    const open = rows.filter((r) => !r.payout_id);
    expect(deducted.length).toBeGreaterThan(0);
    expect(open.length).toBeGreaterThan(0);
    const token = (await t.login('admin@rwa.dev', 'rwa-dev-password')).json().token as string;
    const shown = (await t.call('GET', `/api/payouts/${deducted[0]!.payout_id}`, { token })).json().payout;
    expect(shown.status).toBe('completed');
    expect(shown.adjustments).toEqual(
      deducted
        .filter((r) => r.payout_id === shown.id)
        .map((r) =>
          expect.objectContaining({ commissionId: r.commission_id, amount: r.amount_cents / 100, reason: r.reason }),
        ),
    );
    const sum = -deducted.filter((r) => r.payout_id === shown.id).reduce((n, r) => n + r.amount_cents, 0);
    expect(shown.deducted).toBe(sum / 100);
    expect(Math.round(shown.amount * 100)).toBe(Math.round(shown.gross * 100) - sum);
    // The open one waits for its referrer's next payout, made after it.
    const later = await one<{ n: number }>(sql`select count(*)::int as n from payouts p
      where p.recipient_id = ${open[0]!.referrer_id} and p.status in ('pending', 'completed') and p.created_at > ${open[0]!.created_at}`);
    expect(later.n).toBe(0);

    expect((await reconcileReplayed(t.db)).checks.filter((c) => !c.ok)).toEqual([]);
  });

  it('the same refund made live leaves the same clawbacks', async () => {
    const derived = (await seedFromFile(t.db, 'db.json', { withPasswords: false, log: quiet }), await clawbacks());
    let refund: { paymentId: string; amountFiat: number; reason: string } | undefined;
    const file = variant('before-clawback.json', (d) => {
      refund = afterPayout(d)[0];
      d.refunds = d.refunds.filter((r: unknown) => r !== refund);
      const payment = d.payments.find((p: { id: string }) => p.id === refund!.paymentId);
      // Given back through the sandbox: a bank transfer's refund is not made from here.
      delete payment.refundedFiat;
      payment.provider = 'sandbox';
      for (const p of d.payouts) Object.assign(p, { deductedFiat: 0, amountFiat: p.grossFiat });
    });
    await seedFromFile(t.db, file, { log: quiet });
    expect(await clawbacks()).toEqual([]);
    const token = (await t.login('finance@rwa.dev', 'rwa-dev-password')).json().token as string;
    const res = await t.call('POST', `/api/payments/${refund!.paymentId}/refund`, {
      token,
      body: { amount: refund!.amountFiat, reason: refund!.reason },
    });
    expect(res.statusCode, res.body).toBe(200);
    const live = await clawbacks();
    const same = ({ commission_id, referrer_id, amount_cents, reason }: Clawback) => ({
      commission_id,
      referrer_id,
      amount_cents,
      reason,
    });
    expect(live.map(same)).toEqual(derived.map(same));
  });

  it('refuses a payout whose deduction is not its clawbacks’, in one line; --lenient uses their sum', async () => {
    await seedFromFile(t.db, 'db.json', { withPasswords: false, log: quiet });
    const before = await counts();
    const file = variant('bad-deduction.json', (d) => {
      const p = d.payouts.find((x: { deductedFiat: number }) => x.deductedFiat > 0);
      Object.assign(p, { deductedFiat: 0, amountFiat: p.grossFiat });
    });
    const err = await seedFromFile(t.db, file, { log: quiet }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(SeedFileError);
    expect((err as Error).message.split('\n').slice(1)).toEqual([
      expect.stringMatching(
        /^payouts\[\d+\] \(id ".*"\)\.deductedFiat: 0\.00 is not the clawbacks this payout deducts, \d+\.\d\d$/,
      ),
    ]);
    expect(await counts()).toEqual(before);
    await seedFromFile(t.db, file, { withPasswords: false, log: quiet, lenient: true });
    expect((await reconcileReplayed(t.db)).checks.filter((c) => !c.ok)).toEqual([]);
  });
});

describe('db.json’s audit log', { timeout: 120_000 }, () => {
  it('shows on a fresh load: each decision, payout step, refund and review by whom the record says, when it says', async () => {
    const summary = await seedFromFile(t.db, 'db.json', { log: quiet });
    expect(summary.auditEvents).toBeGreaterThan(100);
    const missingRows = await one<Record<string, number>>(sql`select
      (select count(*)::int from commissions c where c.status in ('approved', 'paid', 'rejected') and not exists (select 1 from audit_events a
        where a.entity = 'commission' and a.entity_id = c.id::text and a.actor_id = c.decided_by and a.created_at = c.decided_at
        and a.action = case when c.status = 'rejected' then 'commission.reject' else 'commission.approve' end)) as commissions,
      (select count(*)::int from refunds r where not exists (select 1 from audit_events a where a.action = 'payment.refund'
        and a.entity_id = r.payment_id::text and a.actor_id = r.created_by and a.created_at = r.created_at and a.data->>'refundId' = r.id::text
        and (a.data->>'amountCents')::bigint = r.amount_cents)) as refunds,
      (select count(*)::int from orders o where o.status = 'refunded' and not exists (select 1 from audit_events a where a.action = 'order.refunded' and a.entity_id = o.id::text)) as orders,
      (select count(*)::int from payouts p where not exists (select 1 from audit_events a where a.action = 'payout.create' and a.entity_id = p.id::text and a.actor_id = p.requested_by and a.created_at = p.created_at)
        or (p.status <> 'pending' and not exists (select 1 from audit_events a where a.action = 'payout.' || p.status and a.entity_id = p.id::text))
        or (p.approved_by is not null and not exists (select 1 from audit_events a where a.action = 'payout.approve' and a.actor_id = p.approved_by and a.created_at = p.approved_at))) as payouts,
      (select count(*)::int from kyc_sessions k where k.status <> 'pending' and not exists (select 1 from audit_events a where a.action = 'kyc.' || k.status
        and a.entity_id = k.id::text and a.actor_id = k.reviewed_by and a.created_at = k.reviewed_at)) as kyc,
      (select count(*)::int from points_entries e where e.type = 'ADJUSTED' and not exists (select 1 from audit_events a where a.action = 'membership.points_add'
        and a.entity_id = e.user_id::text and a.actor_id = e.actor_id and (a.data->>'balanceAfter')::bigint = e.balance_after)) as points,
      (select count(*)::int from redemptions r where r.status <> 'PENDING' and not exists (select 1 from audit_events a where a.entity = 'redemption'
        and a.entity_id = r.id::text and a.actor_id = r.decided_by and a.created_at = r.decided_at)) as redemptions,
      (select count(*)::int from users u where u.status = 'suspended' and not exists (select 1 from audit_events a where a.action = 'user.suspend' and a.entity_id = u.id::text)) as suspended`);
    expect(missingRows).toEqual({
      commissions: 0,
      refunds: 0,
      orders: 0,
      payouts: 0,
      kyc: 0,
      points: 0,
      redemptions: 0,
      suspended: 0,
    });

    // Settings → Audit lists them, newest first, with who did it.
    const token = (await t.login('admin@rwa.dev', 'rwa-dev-password')).json().token as string;
    const page = await t.call('GET', '/api/audit?limit=5', { token });
    expect(page.statusCode, page.body).toBe(200);
    const list = page.json();
    expect(list.total).toBe(summary.auditEvents);
    expect(list.events.some((e: { actorEmail: string | null }) => e.actorEmail?.endsWith('@rwa.dev'))).toBe(true);
  });

  it('refuses a bad entry, one line each, and loads nothing; a file without them loads none', async () => {
    await seedFromFile(t.db, 'db.json', { withPasswords: false, log: quiet });
    const before = await counts();
    const file = variant('bad-audit.json', (d) => {
      d.auditEvents[0].action = 'approved it';
      d.auditEvents[1].actorId = 'nobody';
      delete d.auditEvents[2].entity;
    });
    const err = await seedFromFile(t.db, file, { log: quiet }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(SeedFileError);
    expect((err as Error).message.split('\n').slice(1)).toEqual([
      'auditEvents[0].action: "approved it" is not an action such as "payout.completed"',
      'auditEvents[1].actorId: user "nobody" does not exist',
      'auditEvents[2].entity: missing',
    ]);
    expect(await counts()).toEqual(before);
    const plain = variant('no-audit.json', (d) => {
      delete d.auditEvents;
    });
    expect(await seedFromFile(t.db, plain, { withPasswords: false, log: quiet })).toMatchObject({ auditEvents: 0 });
    expect(await one(sql`select count(*)::int as n from audit_events`)).toEqual({ n: 0 });
  });
});

describe('the file’s DNS zone onto the running zone', { timeout: 120_000 }, () => {
  it('a server managing another zone loads db.json’s records (names, values and logs) into its own, and says so in one line', async () => {
    const lines: string[] = [];
    const summary = await seedFromFile(t.db, 'db.json', {
      withPasswords: false,
      log: (l) => lines.push(l),
      zones: ['shop.example'],
    });
    const file = JSON.parse(fs.readFileSync('db.json', 'utf8')) as { dnsRecords: unknown[] };
    expect(summary.dnsRecords).toBe(file.dnsRecords.length);
    expect(lines.filter((l) => l.includes('DNS'))).toEqual([
      'seed: DNS records of zone rwa.test are loaded into the running zone shop.example (DNS_ZONES).',
    ]);
    const names = await queryRows<{ domain: string; value: string }>(
      t.db,
      sql`select domain, value from dns_records order by domain, type`,
    );
    expect(names.every((r) => r.domain === 'shop.example' || r.domain.endsWith('.shop.example'))).toBe(true);
    expect(names.some((r) => r.value === '10 mail.shop.example')).toBe(true);
    expect(names.some((r) => r.value.includes('rwa.test'))).toBe(false);
    expect(await one(sql`select count(*)::int as n from dns_query_logs where domain like '%rwa.test'`)).toEqual({
      n: 0,
    });
    expect(
      await one(
        sql`select count(*)::int as n from dns_script_logs where parameters->>'domain' like '%rwa.test' or output like '%rwa.test%'`,
      ),
    ).toEqual({ n: 0 });
  });

  it('the same zone, or records in two zones of the file, are not moved', async () => {
    const lines: string[] = [];
    await seedFromFile(t.db, 'db.json', { withPasswords: false, log: (l) => lines.push(l), zones: ['rwa.test'] });
    expect(lines.some((l) => l.includes('running zone'))).toBe(false);
    const two = variant('two-zones.json', (d) => {
      d.dnsRecords[3].domain = 'shop.other.test';
    });
    const err = await seedFromFile(t.db, two, { withPasswords: false, log: quiet, zones: ['shop.example'] }).catch(
      (e: Error) => e,
    );
    expect(err).toBeInstanceOf(SeedFileError);
    expect((err as Error).message).not.toContain('running zone');
  });
});

describe('--lenient and a points balance the file overdraws', { timeout: 120_000 }, () => {
  it('is refused with a sentence that says --lenient cannot repair it, naming the entry; nothing loaded', async () => {
    await seedFromFile(t.db, 'db.json', { withPasswords: false, log: quiet });
    const before = await counts();
    const file = variant('overdrawn.json', (d) => {
      d.pointsEntries[0].amount = -10_000_000;
    });
    const err = await seedFromFile(t.db, file, { withPasswords: false, log: quiet, lenient: true }).catch(
      (e: Error) => e,
    );
    expect(err).toBeInstanceOf(SeedFileError);
    const [head, ...lines] = (err as Error).message.split('\n');
    expect(head).toBe(
      'The seed file has 1 problem that --lenient cannot repair; nothing was loaded (change the file):',
    );
    expect(lines).toEqual([
      expect.stringMatching(
        /^pointsEntries\[0\] \(id ".*"\)\.amount: takes shopper@rwa\.dev's points balance to -\d+, below 0$/,
      ),
    ]);
    expect(await counts()).toEqual(before);
  });
});
