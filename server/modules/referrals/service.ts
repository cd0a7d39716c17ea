import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getAddress } from 'viem';
import { fromCents } from '../../../src/common/money.js';
import type { Referral, ReferralStats } from '../../../src/common/referrals.js';
import type { ReferralListQuery } from '../../../src/common/referrals.schemas.js';
import type { Settings } from '../../../src/common/settings.js';
import { queryRows, type Db, type Queryable } from '../../db/client.js';
import {
  commissionAdjustments,
  commissions,
  orders,
  referralClicks,
  referralVisits,
  settings as settingsTable,
  users,
} from '../../db/schema.js';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import type { Actor } from '../../types.js';
import { audit } from '../audit/service.js';
import { after, listOrder, orderBy, type Page } from '../../lib/pages.js';
import { presentReferral } from './present.js';
import { conversionRate, newReferralCode } from './policy.js';

const PAID = sql`('paid', 'fulfilled')`;
/** users.id spelled out: in a one-table select drizzle leaves columns unqualified, which a subquery would read as its own. */
const USER_ID = sql`"users"."id"`;
const SALT_KEY = '_referralSalt';

/** The user's referral code, given on first use (race-safe: the first writer's code is kept). */
export async function ensureReferralCode(db: Db, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId));
    if (!row) throw notFound('user_not_found');
    if (row.code) return row.code;
    try {
      await db
        .update(users)
        .set({ referralCode: newReferralCode() })
        .where(and(eq(users.id, userId), isNull(users.referralCode)));
    } catch (err) {
      if (!isUniqueViolation(err, 'users_referral_code_key')) throw err;
    }
  }
  throw conflict('referral_code');
}

export const referralLink = (origin: string, code: string) => `${origin}/shop?ref=${encodeURIComponent(code)}`;

let cachedSalt: string | null = null;

/** REFERRAL_SALT, or a random salt made once and kept in the settings table (outside the settings anyone reads). */
export async function visitorSalt(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  if (cachedSalt) return cachedSalt;
  await db
    .insert(settingsTable)
    .values({ key: SALT_KEY, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: settingsTable.value })
    .from(settingsTable)
    .where(eq(settingsTable.key, SALT_KEY));
  cachedSalt = String(row!.value);
  return cachedSalt;
}

export const visitorHash = (salt: string, address: string, userAgent: string) =>
  createHash('sha256').update(`${salt}\n${address}\n${userAgent}`).digest('hex');

type PendingClick = {
  code: string;
  hash: string;
  resolve: (v: { unique: boolean }) => void;
  reject: (e: unknown) => void;
};

/**
 * Clicks on referral links, written in batches: while one statement is in flight, the clicks that arrive meanwhile wait
 * and go together in the next one (so an idle server answers a lone click at once, and a busy one pays one round trip
 * and one commit per batch instead of per click). Each click still gets its own answer: unique, or a 404 for an
 * unknown code. One batcher per database.
 */
class ClickBatcher {
  private queue: PendingClick[] = [];
  private flushing = false;

  constructor(
    private readonly db: Db,
    private readonly maxBatch = 500,
  ) {}

  record(code: string, hash: string): Promise<{ unique: boolean }> {
    return new Promise((resolve, reject) => {
      this.queue.push({ code, hash, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush() {
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        try {
          const fresh = await writeClicks(this.db, batch);
          batch.forEach((c, n) =>
            fresh[n] === undefined ? c.reject(notFound('referral_code_not_found')) : c.resolve({ unique: fresh[n]! }),
          );
        } catch (err) {
          for (const c of batch) c.reject(err);
        }
      }
    } finally {
      this.flushing = false;
    }
  }
}

/**
 * One statement for a batch of clicks: each click of a known code is kept, and each visitor once per referrer per UTC day
 * (what "unique clicks" count). Answers, per click index, whether it was the visitor's first that day; an index that is
 * missing had an unknown code and recorded nothing.
 */
async function writeClicks(db: Db, clicks: { code: string; hash: string }[]): Promise<Record<number, boolean>> {
  const input = JSON.stringify(clicks.map((c, n) => ({ n, code: c.code, hash: c.hash })));
  const rows = await queryRows<{ n: number; fresh: boolean }>(
    db,
    sql`
    with input as (select * from jsonb_to_recordset(${input}::jsonb) as x(n int, code text, hash text)),
    r as (select i.n, u.id, i.hash, row_number() over (partition by u.id, i.hash order by i.n) as k
          from input i join ${users} u on u.referral_code = i.code),
    c as (insert into ${referralClicks} (referrer_id, visitor_hash) select id, hash from r order by n),
    v as (insert into ${referralVisits} (referrer_id, day, visitor_hash)
          select id, (now() at time zone 'utc')::date, hash from r where k = 1 on conflict do nothing returning referrer_id, visitor_hash)
    select r.n, (r.k = 1 and exists (select 1 from v where v.referrer_id = r.id and v.visitor_hash = r.hash)) as fresh
    from r`,
  );
  return Object.fromEntries(rows.map((r) => [Number(r.n), r.fresh === true || String(r.fresh) === 'true']));
}

const batchers = new WeakMap<Db, ClickBatcher>();

/** One click on a referral link (batched with the clicks arriving at the same moment). An unknown code is a 404 and records nothing. */
export async function recordClick(db: Db, code: string, hash: string): Promise<{ unique: boolean }> {
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new ClickBatcher(db)));
  return batcher.record(code, hash);
}

/**
 * Binds the caller to the code's owner, once (first touch). Attributions take one lock in turn, so two people
 * naming each other at the same moment cannot make a loop.
 */
export async function attribute(db: Db, userId: string, code: string, actor: Actor, now = new Date()) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(20261124)`);
    const [referrer] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.referralCode, code));
    if (!referrer) throw notFound('referral_code_not_found');
    if (referrer.id === userId) throw conflict('self_referral');
    const [me] = await tx
      .select({ referredById: users.referredById })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!me) throw notFound('user_not_found');
    if (me.referredById) throw conflict('already_referred');
    const loop = await queryRows(
      tx,
      sql`
      with recursive up(id, parent, depth) as (
        select id, referred_by_id, 1 from ${users} where id = ${referrer.id}
        union all select u.id, u.referred_by_id, up.depth + 1 from ${users} u join up on u.id = up.parent where up.depth < 100)
      select 1 from up where id = ${userId} limit 1`,
    );
    if (loop.length) throw conflict('referral_loop');
    await tx
      .update(users)
      .set({ referredById: referrer.id, referredAt: now, updatedAt: now })
      .where(eq(users.id, userId));
    await tx
      .update(users)
      .set({ affiliate: true })
      .where(and(eq(users.id, referrer.id), eq(users.affiliate, false)));
    await audit(tx, actor, 'user.referred', 'user', userId, { referrerId: referrer.id });
    return { referrerEmail: referrer.email };
  });
}

/** The referrer a guest's code names (for their order), or null for an unknown code or the buyer's own. */
export async function referrerOfCode(
  db: Queryable,
  code: string | null | undefined,
  buyerId: string | null,
): Promise<string | null> {
  if (!code) return null;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code.trim().toUpperCase()));
  return row && row.id !== buyerId ? row.id : null;
}

const count = (v: unknown) => Number(v ?? 0);

/** The caller's link, clicks, conversion and earnings. */
export async function referralStats(
  db: Db,
  userId: string,
  origin: string,
  settings: Settings,
): Promise<ReferralStats> {
  const code = await ensureReferralCode(db, userId);
  const [[clicks], [visits], [people], sums, [claw], [me]] = await Promise.all([
    db
      .select({ n: sql`count(*)` })
      .from(referralClicks)
      .where(eq(referralClicks.referrerId, userId)),
    db
      .select({ n: sql`count(*)` })
      .from(referralVisits)
      .where(eq(referralVisits.referrerId, userId)),
    db
      .select({
        referred: sql`count(*)`,
        buyers: sql`count(*) filter (where exists (select 1 from ${orders} where ${orders.userId} = ${USER_ID} and ${orders.status} in ${PAID}))`,
      })
      .from(users)
      .where(eq(users.referredById, userId)),
    db
      .select({
        status: commissions.status,
        held: sql<boolean>`${commissions.payoutId} is not null`,
        cents: sql`sum(${commissions.amountCents})`,
      })
      .from(commissions)
      .where(eq(commissions.referrerId, userId))
      .groupBy(commissions.status, sql`${commissions.payoutId} is not null`),
    db
      .select({ cents: sql`coalesce(sum(${commissionAdjustments.amountCents}), 0)` })
      .from(commissionAdjustments)
      .where(and(eq(commissionAdjustments.referrerId, userId), isNull(commissionAdjustments.payoutId))),
    db.select({ wallet: users.walletAddress }).from(users).where(eq(users.id, userId)),
  ]);
  const sum = (pick: (r: (typeof sums)[number]) => boolean) =>
    sums.filter(pick).reduce((s, r) => s + count(r.cents), 0);
  const pending = sum((r) => r.status === 'pending');
  const approved = sum((r) => r.status === 'approved');
  const paid = sum((r) => r.status === 'paid');
  const available = sum((r) => r.status === 'approved' && !r.held) + count(claw?.cents);
  return {
    referralCode: code,
    link: referralLink(origin, code),
    totalClicks: count(clicks?.n),
    uniqueClicks: count(visits?.n),
    conversionRate: conversionRate(count(people?.buyers), count(visits?.n)),
    referredUsers: count(people?.referred),
    totalCommissions: fromCents(pending + approved + paid),
    pendingCommissions: fromCents(pending),
    approvedCommissions: fromCents(approved),
    paidCommissions: fromCents(paid),
    availableForPayout: fromCents(Math.max(0, available)),
    minimumPayout: settings.minimumPayout,
    commissionHoldDays: settings.commissionHoldDays,
    currency: settings.currency,
    payoutWallet: me?.wallet ?? null,
  };
}

const upline = alias(users, 'upline');
const level2 = alias(users, 'level2');

/** The network's filter: referred users, searched by their email or their referrer's. */
function networkFilter(q: { q?: string }) {
  const like = q.q?.trim() ? `%${q.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return and(isNotNull(users.referredById), like ? or(ilike(users.email, like), ilike(upline.email, like)) : undefined);
}

/** The network's sorts: when the person was referred (createdAt of a referral), and their email. */
const NETWORK_SORTS = { createdAt: users.referredAt, referredEmail: users.email } as const;

/** One page of the network in its sort (by offset for the JSON list, after a row for the CSV export). */
export async function referralRows(
  db: Db,
  q: Pick<ReferralListQuery, 'q' | 'sort' | 'order'>,
  page: Page,
): Promise<Referral[]> {
  const order = listOrder([NETWORK_SORTS[q.sort]], users.id, q.order);
  const earnings = sql<string>`(select coalesce(sum(${commissions.amountCents}), 0) from ${commissions} join ${orders} o on o.id = ${commissions.orderId}
    where ${commissions.referrerId} = "users"."referred_by_id" and o.user_id = ${USER_ID} and ${commissions.status} not in ('rejected', 'reversed'))`;
  const active = sql<boolean>`exists (select 1 from ${orders} where ${orders.userId} = ${USER_ID} and ${orders.status} in ${PAID})`;
  const rows = await db
    .select({
      u: users,
      referrerEmail: upline.email,
      referrerCode: upline.referralCode,
      level2Email: level2.email,
      earnings,
      active,
    })
    .from(users)
    .innerJoin(upline, eq(upline.id, users.referredById))
    .leftJoin(level2, eq(level2.id, upline.referredById))
    .where(and(networkFilter(q), after(order, page.after)))
    .orderBy(...orderBy(order))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return rows.map(presentReferral);
}

/** The network (staff): one row per referred user, with who referred them and who referred that referrer. */
export async function listReferrals(db: Db, q: ReferralListQuery): Promise<{ referrals: Referral[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    referralRows(db, q, q),
    db
      .select({ n: sql`count(*)` })
      .from(users)
      .innerJoin(upline, eq(upline.id, users.referredById))
      .where(networkFilter(q)),
  ]);
  return { referrals: rows, total: count(total?.n) };
}

export async function referralSummary(db: Db) {
  const [[people], [earned]] = await Promise.all([
    db
      .select({
        total: sql`count(*)`,
        active: sql`count(*) filter (where exists (select 1 from ${orders} where ${orders.userId} = ${USER_ID} and ${orders.status} in ${PAID}))`,
      })
      .from(users)
      .where(isNotNull(users.referredById)),
    db
      .select({ cents: sql`coalesce(sum(${commissions.amountCents}), 0)` })
      .from(commissions)
      .where(sql`${commissions.status} not in ('rejected', 'reversed')`),
  ]);
  return {
    totalReferrals: count(people?.total),
    activeReferrals: count(people?.active),
    totalEarnings: fromCents(count(earned?.cents)),
  };
}

/** Sets (or, with null, removes) the caller's payout wallet. */
export async function setPayoutWallet(db: Db, userId: string, walletAddress: string | null, actor: Actor) {
  const wallet = walletAddress ? getAddress(walletAddress) : null;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ wallet: users.walletAddress })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    await tx.update(users).set({ walletAddress: wallet, updatedAt: new Date() }).where(eq(users.id, userId));
    await audit(tx, actor, 'user.payout_wallet', 'user', userId, {
      before: { walletAddress: before?.wallet ?? null },
      after: { walletAddress: wallet },
    });
  });
  return { walletAddress: wallet };
}
