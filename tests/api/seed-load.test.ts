import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.js';
import { SeedFileError } from '../../server/seed/parse.js';
import { seedFromFile } from '../../server/seed/seed.js';
import { buildProduct } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { demoVariant } from './seed-files.js';
import { reconcileReplayed } from './replayed-chain.js';

let t: TestApp;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-seed-load-'));
// DATA_DIR: the KYC documents the seed writes land in this file's own directory.
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: path.join(dir, 'data') });
});
const uploads = path.join(dir, 'data', 'uploads', 'private');
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const counts = async () =>
  (
    await queryRows<{ users: number; products: number }>(
      t.db,
      sql`select (select count(*)::int from users) as users, (select count(*)::int from products) as products`,
    )
  )[0]!;

describe('a seed load is one transaction', () => {
  it('a failure after the tables were emptied (a full disk, say) leaves every row that was there', async () => {
    await buildProduct(t, { sku: 'BEFORE-THE-LOAD' });
    const before = await counts();
    const quiet = () => undefined;
    await expect(
      seedFromFile(t.db, 'db.json', {
        withPasswords: false,
        log: quiet,
        afterReset: () => {
          throw new Error('No space left on device');
        },
      }),
    ).rejects.toThrow('No space left on device');
    expect(await counts()).toEqual(before);
    expect(await queryRows(t.db, sql`select 1 from products where sku = 'BEFORE-THE-LOAD'`)).toHaveLength(1);
  });
});

describe('seeded members', { timeout: 120_000 }, () => {
  it('db.json’s paid orders of accounts earn their points, and every member’s balance is its ledger’s sum', async () => {
    await seedFromFile(t.db, 'db.json', { withPasswords: false, log: () => undefined });
    // Earned by paid orders, plus what staff added, less what redemptions still hold (a rejected one gave its points back)
    // and what was converted into the loyalty token.
    const [expected] = await queryRows<{ points: number; members: number }>(
      t.db,
      sql`
      select (coalesce(sum(greatest(coalesce(subtotal_cents, amount_cents - tax_cents - shipping_cents + discount_cents) - discount_cents, 0) / 100), 0)
        + (select coalesce(sum(amount), 0) from points_entries where type = 'ADJUSTED')
        - (select coalesce(sum(points_used), 0) from redemptions where status <> 'REJECTED')
        - (select coalesce(sum(from_amount), 0) from conversions)
        -- A partly refunded order gave back its share, rounded so that what it keeps is rounded down.
        - (select coalesce(sum(e.amount - e.amount * (o.amount_cents - p.refunded_cents) / o.amount_cents), 0) from points_entries e
            join orders o on o.id = e.order_id join payments p on p.order_id = o.id where e.type = 'EARNED' and p.refunded_cents > 0))::int as points,
        (select count(*) from (select user_id from orders where user_id is not null and status in ('paid', 'fulfilled')
          union select user_id from points_entries) m)::int as members
      from orders where user_id is not null and status in ('paid', 'fulfilled')`,
    );
    const [stored] = await queryRows<{ points: number; members: number; above: number }>(
      t.db,
      sql`
      select coalesce(sum(points_balance), 0)::int as points, count(*)::int as members, count(*) filter (where level <> 'BRONZE')::int as above from members`,
    );
    expect(expected!.points).toBeGreaterThan(0);
    expect(stored).toMatchObject({ points: expected!.points, members: expected!.members });
    const check = (await t.call('GET', '/api/reconcile'))
      .json()
      .reconciliation.checks.find((c: { name: string }) => c.name.startsWith('member points'));
    expect(check).toMatchObject({ ok: true });
  });
});

const variant = (name: string, change: Parameters<typeof demoVariant>[2]) => demoVariant(dir, name, change);

const byStatus = async (table: string) =>
  Object.fromEntries(
    (
      await queryRows<{ status: string; n: number }>(
        t.db,
        sql`select status, count(*)::int as n from ${sql.raw(table)} group by status`,
      )
    ).map((r) => [r.status, r.n]),
  );

describe('db.json’s coupons, referral network, commissions and payouts', () => {
  it('load as one consistent history: every state present, reconcile passes, the demo shopper has something to pay', async () => {
    const summary = await seedFromFile(t.db, 'db.json', { log: () => undefined });
    expect(summary).toMatchObject({
      coupons: expect.any(Number),
      referralClicks: expect.any(Number),
      payouts: expect.any(Number),
      commissions: expect.any(Number),
    });
    expect(Object.keys(await byStatus('commissions')).sort()).toEqual([
      'approved',
      'paid',
      'pending',
      'rejected',
      'reversed',
    ]);
    expect(Object.keys(await byStatus('payouts')).sort()).toEqual(['cancelled', 'completed', 'failed', 'pending']);
    const [shape] = await queryRows<Record<string, number>>(
      t.db,
      sql`select
      (select count(*)::int from coupons where end_date < now()) as expired,
      (select count(*)::int from coupons where end_date >= now() and usage_limit is not null and used_count >= usage_limit) as used_up,
      (select count(*)::int from coupons where end_date >= now() and (usage_limit is null or used_count < usage_limit)) as active,
      (select count(*)::int from orders where coupon_code is not null and subtotal_cents - discount_cents <> amount_cents) as inconsistent,
      (select count(*)::int from orders where coupon_code is not null) as discounted,
      (select count(*)::int from users u where exists (select 1 from users r where r.referred_by_id = u.referred_by_id) and u.referred_by_id in (select id from users where referred_by_id is not null)) as second_level,
      (select count(*)::int from referral_visits) as visits,
      (select count(*)::int from users where affiliate) as affiliates,
      (select count(*)::int from commissions where status = 'rejected' and reject_reason is not null) as rejected_with_reason,
      (select count(*)::int from commissions c join orders o on o.id = c.order_id join payments p on p.order_id = o.id
        where p.refunded_cents between 1 and p.amount_cents - 1 and c.amount_cents < c.original_cents) as reduced`,
    );
    expect(shape).toMatchObject({ inconsistent: 0, rejected_with_reason: 1, reduced: expect.any(Number) });
    for (const [key, n] of Object.entries(shape!)) if (key !== 'inconsistent') expect(n, key).toBeGreaterThan(0);

    const token = (await t.login('admin@rwa.dev', 'rwa-dev-password')).json().token as string;
    // As `npm run reconcile` after a restart: the payout paid on chain and the minted tokens are read from the chain.
    expect((await reconcileReplayed(t.db)).checks.filter((c) => !c.ok)).toEqual([]);
    const payout = await t.call('POST', '/api/payouts', { token, body: { recipientEmail: 'shopper@rwa.dev' } });
    expect(payout.statusCode, payout.body).toBe(201);
    expect(payout.json().payout.amount).toBeGreaterThan(0);
  });

  it('refuse a bad entry of each (a self-approved payout or commission too), one line each, and load nothing', async () => {
    const before = await counts();
    const file = variant('bad.json', (d) => {
      d.coupons[1].discountType = 'half';
      d.coupons[2].discountValue = -5;
      d.orders.find((o: { couponCode?: string }) => o.couponCode).couponCode = 'NO-SUCH-CODE';
      d.users[5].referredById = 'nobody';
      d.referralClicks[0].visitorHash = '';
      d.payouts[0].amountFiat = 1;
      d.commissions[0].originalFiat = 99999;
      d.commissions[1].payoutId = 'gone';
      d.payouts[5].approvedBy = d.payouts[5].requestedBy;
      d.commissions[2].decidedBy = d.commissions[2].referrerId;
      d.commissions[3].rejectReason = 'x\u0000'.repeat(300);
    });
    const err = await seedFromFile(t.db, file, { log: () => undefined }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(SeedFileError);
    const lines = (err as Error).message.split('\n').slice(1);
    expect(lines).toEqual([
      expect.stringMatching(/^users\[5\] \(id ".*"\)\.referredById: user "nobody" does not exist$/),
      expect.stringMatching(/^coupons\[1\] \(id ".*"\)\.discountType: "half" is not one of percentage, fixed$/),
      expect.stringMatching(/^coupons\[2\] \(id ".*"\)\.discountValue: .+/),
      expect.stringMatching(
        /^orders\[\d+\] \(id ".*"\)\.couponCode: coupon "NO-SUCH-CODE" is not in the file's coupons$/,
      ),
      'referralClicks[0].visitorHash: missing',
      expect.stringMatching(/^payouts\[0\] \(id ".*"\)\.amountFiat: 1 is not gross − deducted$/),
      expect.stringMatching(/^payouts\[5\] \(id ".*"\)\.approvedBy: ".*" asked for this payout and cannot approve it$/),
      expect.stringMatching(/^commissions\[0\] \(id ".*"\)\.originalFiat: 99999 is not rate × base$/),
      expect.stringMatching(/^commissions\[1\] \(id ".*"\)\.payoutId: payout "gone" does not exist$/),
      expect.stringMatching(
        /^commissions\[2\] \(id ".*"\)\.decidedBy: ".*" earns this commission and cannot decide it$/,
      ),
      expect.stringMatching(/^commissions\[3\] \(id ".*"\)\.rejectReason: .+/),
    ]);
    expect(await counts()).toEqual(before);
  });

  it('a file without them loads as before: no refunds, coupons, referrals, commissions, payouts, DNS zone, notifications, redemptions, points added, KYC sessions or mint jobs', async () => {
    const file = variant('plain.json', (d) => {
      for (const key of [
        'refunds',
        'coupons',
        'referralClicks',
        'payouts',
        'commissions',
        'dnsRecords',
        'dnsQueryLogs',
        'dnsScriptLogs',
        'notificationBulks',
        'notifications',
        'emailMessages',
        'redemptions',
        'pointsEntries',
        'kycSessions',
        'mintJobs',
        'chainTransactions',
        'conversions',
      ])
        delete d[key];
      for (const u of d.users)
        for (const key of ['referralCode', 'referredById', 'referredAt', 'walletAddress']) delete u[key];
      for (const o of d.orders) delete o.referrerId;
    });
    const summary = await seedFromFile(t.db, file, { withPasswords: false, log: () => undefined });
    expect(summary).toMatchObject({
      users: 44,
      refunds: 0,
      coupons: 0,
      referralClicks: 0,
      payouts: 0,
      commissions: 0,
      dnsRecords: 0,
      dnsQueryLogs: 0,
      dnsScriptLogs: 0,
      notificationBulks: 0,
      notifications: 0,
      emailMessages: 0,
      redemptions: 0,
      pointsEntries: 0,
      kycSessions: 0,
      mintJobs: 0,
      chainTransactions: 0,
      conversions: 0,
    });
    const [left] = await queryRows<{ n: number }>(
      t.db,
      sql`select
      (select count(*) from coupons) + (select count(*) from commissions) + (select count(*) from payouts) + (select count(*) from referral_clicks)
      + (select count(*) from users where affiliate or referred_by_id is not null)
      + (select count(*) from dns_records) + (select count(*) from dns_query_logs) + (select count(*) from dns_script_logs)
      + (select count(*) from notification_bulks) + (select count(*) from notifications) + (select count(*) from email_messages)
      + (select count(*) from refunds) + (select count(*) from redemptions) + (select count(*) from kyc_sessions)
      + (select count(*) from mint_jobs) + (select count(*) from chain_transactions) + (select count(*) from conversions)
      -- What paid orders earned, and gave back when partly refunded (the payments say so).
      + (select count(*) from points_entries where type not in ('EARNED', 'REVERSED')) as n`,
    );
    expect(Number(left!.n)).toBe(0);
  });
});

describe('db.json’s DNS zone', () => {
  it('loads active and inactive records of the managed zone, lookups in the query log and runs in the script log', async () => {
    const summary = await seedFromFile(t.db, 'db.json', { log: () => undefined });
    expect(summary).toMatchObject({
      dnsRecords: expect.any(Number),
      dnsQueryLogs: expect.any(Number),
      dnsScriptLogs: expect.any(Number),
    });
    const [shape] = await queryRows<Record<string, number>>(
      t.db,
      sql`select
      (select count(*)::int from dns_records where is_active) as active,
      (select count(*)::int from dns_records where not is_active) as inactive,
      (select count(*)::int from dns_query_logs where success) as answered,
      (select count(*)::int from dns_query_logs where not success) as unanswered,
      (select count(*)::int from dns_script_logs where success) as ran,
      (select count(*)::int from dns_script_logs where not success) as refused`,
    );
    for (const [key, n] of Object.entries(shape!)) expect(n, key).toBeGreaterThan(0);
    const token = (await t.login('admin@rwa.dev', 'rwa-dev-password')).json().token as string;
    const records = (await t.call('GET', '/api/domain/records', { token })).json();
    expect(records.counts).toMatchObject({ active: shape!.active, inactive: shape!.inactive });
    expect((await t.call('GET', '/api/domain/query/logs', { token })).json().logs.length).toBe(
      shape!.answered + shape!.unanswered,
    );
    expect((await t.call('GET', '/api/domain/script/logs', { token })).json().logs.length).toBe(
      shape!.ran + shape!.refused,
    );
  });

  it('refuses a bad record of each DNS collection, one line each, and loads nothing', async () => {
    const before = await counts();
    const file = variant('bad-dns.json', (d) => {
      d.dnsRecords[0].domain = 'shop.elsewhere.example';
      d.dnsRecords[1].type = 'SRV';
      d.dnsRecords[2].createdBy = 'nobody';
      d.dnsRecords[3].createdAt = 'yesterday-ish';
      d.dnsRecords[4].isActive = 'yes';
      d.dnsRecords.push({ ...d.dnsRecords[5], id: 'again' });
      d.dnsQueryLogs[0].source = 'cache';
      d.dnsScriptLogs[0].scriptName = 'Rename DNS Record';
      d.dnsScriptLogs[1].actorId = 'nobody';
    });
    const err = await seedFromFile(t.db, file, { log: () => undefined }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(SeedFileError);
    expect((err as Error).message.split('\n').slice(1)).toEqual([
      expect.stringMatching(/^dnsRecords\[0\] \(id ".*"\)\.domain: .*rwa\.test.*$/),
      expect.stringMatching(/^dnsRecords\[1\] \(id ".*"\)\.type: "SRV" is not one of A, AAAA, CNAME, MX, TXT, NS$/),
      expect.stringMatching(/^dnsRecords\[2\] \(id ".*"\)\.createdBy: user "nobody" does not exist$/),
      expect.stringMatching(/^dnsRecords\[3\] \(id ".*"\)\.createdAt: "yesterday-ish" is not a date$/),
      expect.stringMatching(/^dnsRecords\[4\] \(id ".*"\)\.isActive: "yes" is not true or false$/),
      expect.stringMatching(/^dnsRecords\[12\] \(id "again"\)\.value: .+/),
      'dnsQueryLogs[0].source: "cache" is not one of managed, system',
      'dnsScriptLogs[0].scriptName: "Rename DNS Record" is not one of Create DNS Record, Update DNS Record, Delete DNS Record',
      'dnsScriptLogs[1].actorId: user "nobody" does not exist',
    ]);
    expect(await counts()).toEqual(before);
  });
});

describe('db.json’s notifications', () => {
  it('load read and unread notices of staff and shoppers, and a completed bulk send with its recipients’ notices and emails', async () => {
    await seedFromFile(t.db, 'db.json', { log: () => undefined });
    const [shape] = await queryRows<Record<string, number>>(
      t.db,
      sql`select
      (select count(*)::int from notifications n join users u on u.id = n.user_id where u.role <> 'user' and n.read_at is null) as staff_unread,
      (select count(*)::int from notifications n join users u on u.id = n.user_id where u.role <> 'user' and n.read_at is not null) as staff_read,
      (select count(*)::int from notifications n join users u on u.id = n.user_id where u.role = 'user' and n.bulk_id is null and n.read_at is null) as shopper_unread,
      (select count(*)::int from notifications n join users u on u.id = n.user_id where u.role = 'user' and n.bulk_id is null and n.read_at is not null) as shopper_read,
      (select count(*)::int from notification_bulks where status = 'completed' and sent = total and total > 0) as completed,
      (select count(*)::int from notifications where bulk_id is not null) as bulk_notices,
      (select count(*)::int from email_messages where bulk_id is not null and status = 'outbox') as bulk_emails,
      (select total from notification_bulks limit 1) as total`,
    );
    for (const [key, n] of Object.entries(shape!)) expect(n, key).toBeGreaterThan(0);
    expect(shape).toMatchObject({ completed: 1, bulk_notices: shape!.total, bulk_emails: shape!.total });

    const token = (await t.login('admin@rwa.dev', 'rwa-dev-password')).json().token as string;
    const inbox = (await t.call('GET', '/api/notifications', { token })).json();
    expect(inbox.notifications.length).toBeGreaterThan(0);
    expect(inbox.unread).toBeGreaterThan(0);
    // What events said is stored as its code and params, for each reader's language.
    expect(inbox.notifications).toContainEqual(
      expect.objectContaining({
        messageCode: 'payout_awaits_approval',
        params: { creator: 'Finance User' },
        title: 'A payout awaits your approval',
      }),
    );
    const bulks = (await t.call('GET', '/api/notifications/bulk', { token })).json();
    expect(bulks.jobs).toHaveLength(1);
    expect((await t.call('GET', '/api/notifications/outbox', { token })).json().total).toBe(shape!.total);
  });

  it('refuses a bad record of each notification collection, one line each, and loads nothing', async () => {
    const before = await counts();
    const file = variant('bad-notifications.json', (d) => {
      d.notificationBulks[0].audience = 'robots';
      d.notifications[0].userId = 'nobody';
      d.notifications[1].title = '';
      delete d.notifications[1].messageCode;
      d.notifications[2].readAt = 'soon';
      d.notifications[3].bulkId = 'gone';
      d.notifications[4].messageCode = 'nonsense';
      d.emailMessages[0].status = 'lost';
      d.emailMessages[1].to = 'not-an-address';
    });
    const err = await seedFromFile(t.db, file, { log: () => undefined }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(SeedFileError);
    expect((err as Error).message.split('\n').slice(1)).toEqual([
      expect.stringMatching(/^notificationBulks\[0\] \(id ".*"\)\.audience: "robots" is not one of all, .+$/),
      expect.stringMatching(/^notifications\[0\] \(id ".*"\)\.userId: user "nobody" does not exist$/),
      expect.stringMatching(/^notifications\[1\] \(id ".*"\)\.title: missing$/),
      expect.stringMatching(/^notifications\[2\] \(id ".*"\)\.readAt: "soon" is not a date$/),
      expect.stringMatching(/^notifications\[3\] \(id ".*"\)\.bulkId: bulk send "gone" does not exist$/),
      expect.stringMatching(/^notifications\[4\] \(id ".*"\)\.messageCode: "nonsense" is not a message code$/),
      'emailMessages[0].status: "lost" is not one of queued, sending, sent, outbox, failed, skipped',
      'emailMessages[1].to: "not-an-address" is not an email address',
    ]);
    expect(await counts()).toEqual(before);
  });
});

describe('db.json’s membership', () => {
  it('loads points staff added, redemptions waiting, approved (with their free order) and rejected, and a ledger whose balances hold', async () => {
    await seedFromFile(t.db, 'db.json', { log: () => undefined });
    const [shape] = await queryRows<Record<string, number>>(
      t.db,
      sql`select
      (select count(*)::int from points_entries where type = 'ADJUSTED' and actor_id is not null and reason <> '') as added,
      (select count(*)::int from redemptions where status = 'PENDING') as pending,
      (select count(*)::int from redemptions where status = 'REJECTED' and decided_by is not null) as rejected,
      (select count(*)::int from redemptions r join orders o on o.id = r.order_id join payments p on p.order_id = o.id
        where r.status = 'APPROVED' and o.user_id = r.user_id and o.status = 'paid' and o.amount_cents = 0 and p.method = 'points') as approved,
      (select count(*)::int from points_entries where type = 'REDEEMED') as redeemed,
      (select count(*)::int from points_entries where type = 'RETURNED') as returned,
      (select count(*)::int from points_entries where balance_after < 0) as overdrawn`,
    );
    expect(shape).toMatchObject({
      overdrawn: 0,
      redeemed: shape!.pending + shape!.rejected + shape!.approved,
      returned: shape!.rejected,
    });
    for (const [key, n] of Object.entries(shape!)) if (key !== 'overdrawn') expect(n, key).toBeGreaterThan(0);

    const token = (await t.login('admin@rwa.dev', 'rwa-dev-password')).json().token as string;
    const waiting = (await t.call('GET', '/api/redemptions?status=PENDING', { token })).json();
    expect(waiting.total).toBe(shape!.pending);
    expect((await reconcileReplayed(t.db)).checks.filter((c) => !c.ok)).toEqual([]);
    // Staff decide a seeded redemption as any other: rejecting gives its points back.
    const id = waiting.redemptions[0].id as string;
    const rejected = await t.call('PUT', `/api/redemptions/${id}/status`, {
      token,
      body: { status: 'REJECTED', note: 'Not this month.' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
  });

  it('refuses a bad redemption or points entry, one line each, and one that overdraws a member; loads nothing', async () => {
    const before = await counts();
    const file = variant('bad-membership.json', (d) => {
      d.redemptions[0].status = 'LOST';
      d.redemptions[1].productId = 'gone';
      d.redemptions[2].decidedBy = d.redemptions[2].userId;
      d.redemptions[2].status = 'REJECTED';
      d.pointsEntries[0].reason = '';
      d.pointsEntries[1].actorId = d.pointsEntries[1].userId;
      d.pointsEntries[2].type = 'EARNED';
    });
    const err = await seedFromFile(t.db, file, { log: () => undefined }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(SeedFileError);
    expect((err as Error).message.split('\n').slice(1)).toEqual([
      expect.stringMatching(/^redemptions\[0\] \(id ".*"\)\.status: "LOST" is not one of PENDING, APPROVED, REJECTED$/),
      expect.stringMatching(/^redemptions\[1\] \(id ".*"\)\.productId: product "gone" does not exist$/),
      expect.stringMatching(/^redemptions\[2\] \(id ".*"\)\.decidedBy: .+/),
      expect.stringMatching(/^pointsEntries\[0\] \(id ".*"\)\.reason: missing/),
      expect.stringMatching(/^pointsEntries\[1\] \(id ".*"\)\.actorId: .+/),
      expect.stringMatching(/^pointsEntries\[2\] \(id ".*"\)\.type: "EARNED": only ADJUSTED entries are read/),
    ]);
    const overdrawn = variant('overdrawn.json', (d) => {
      d.pointsEntries[0].amount = -10_000_000;
    });
    const refused = await seedFromFile(t.db, overdrawn, { withPasswords: false, log: () => undefined }).catch(
      (e: Error) => e,
    );
    expect(refused).toBeInstanceOf(SeedFileError);
    expect((refused as Error).message.split('\n').slice(1)).toEqual([
      expect.stringMatching(
        /^pointsEntries\[0\] \(id ".*"\)\.amount: takes shopper@rwa\.dev's points balance to -\d+, below 0$/,
      ),
    ]);
    expect(await counts()).toEqual(before);
  });
});

describe('db.json’s KYC sessions', () => {
  it('load sessions waiting for review, approved and rejected, each with a document the reviewer can open', async () => {
    const summary = await seedFromFile(t.db, 'db.json', { log: () => undefined, privateUploadsDir: uploads });
    expect(summary.kycSessions).toBeGreaterThan(0);
    const [shape] = await queryRows<Record<string, number>>(
      t.db,
      sql`select
      (select count(*)::int from kyc_sessions where status = 'pending') as pending,
      (select count(*)::int from kyc_sessions where status in ('approved', 'verified') and reviewed_by is not null) as approved,
      (select count(*)::int from kyc_sessions where status = 'rejected' and reason is not null) as rejected,
      (select count(*)::int from kyc_sessions k join users u on u.id = k.user_id where u.kyc_status <> k.status) as disagree`,
    );
    expect(shape).toMatchObject({ disagree: 0 });
    for (const [key, n] of Object.entries(shape!)) if (key !== 'disagree') expect(n, key).toBeGreaterThan(0);

    const token = (await t.login('admin@rwa.dev', 'rwa-dev-password')).json().token as string;
    const queue = (await t.call('GET', '/api/kyc?status=pending', { token })).json();
    expect(queue.sessions).toHaveLength(shape!.pending);
    const document = await t.call('GET', `/api/kyc/${queue.sessions[0].id}/document`, { token });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('image/png');
    // Reviewed as any other: approving one moves its user's KYC status.
    const approved = await t.call('PUT', `/api/kyc/${queue.sessions[0].id}/status`, {
      token,
      body: { status: 'approved' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('refuses a bad session, one line each, and loads nothing', async () => {
    const before = await counts();
    const file = variant('bad-kyc.json', (d) => {
      d.kycSessions[0].country = 'XX';
      d.kycSessions[1].status = 'lost';
      d.kycSessions[2].reviewedBy = d.kycSessions[2].userId;
      d.kycSessions[3].dateOfBirth = '2030-01-01';
      const rejected = d.kycSessions.find((k: { status: string }) => k.status === 'rejected');
      delete rejected.reason;
    });
    const err = await seedFromFile(t.db, file, { log: () => undefined }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(SeedFileError);
    const lines = (err as Error).message.split('\n').slice(1);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^kycSessions\[0\] \(id ".*"\)\.country: Country must be a two-letter ISO country code/),
        expect.stringMatching(
          /^kycSessions\[1\] \(id ".*"\)\.status: "lost" is not one of pending, approved, verified, rejected$/,
        ),
        expect.stringMatching(/^kycSessions\[2\] \(id ".*"\)\.reviewedBy: is the user themself/),
        expect.stringMatching(/^kycSessions\[3\] \(id ".*"\)\.dateOfBirth: .+/),
        expect.stringMatching(
          /^kycSessions\[\d+\] \(id ".*"\)\.reason: missing: a rejected session tells the user what to fix$/,
        ),
      ]),
    );
    expect(lines.every((line) => line.startsWith('kycSessions['))).toBe(true);
    expect(lines).toHaveLength(5);
    expect(await counts()).toEqual(before);
  });
});
