import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fromCents } from '../../../src/common/money.js';
import type { Referral, ReferralStats } from '../../../src/common/referrals.js';
import type { ReferralListQuery } from '../../../src/common/referrals.schemas.js';
import type { Settings } from '../../../src/common/settings.js';
import { queryRows, type Db, type Queryable } from '../../db/client.js';
import { commissionAdjustments, commissions, orders, referralClicks, referralVisits, settings as settingsTable, users } from '../../db/schema.js';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import type { Actor } from '../../types.js';
import { audit } from '../audit/service.js';
import { after, listOrder, orderBy, type Page } from '../../lib/pages.js';
import { presentReferral } from './present.js';
import { ALREADY_REFERRED, conversionRate, newReferralCode, REFERRAL_LOOP, SELF_REFERRAL } from './policy.js';

const PAID = sql`('paid', 'fulfilled')`;
/** users.id spelled out: in a one-table select drizzle leaves columns unqualified, which a subquery would read as its own. */
const USER_ID = sql`"users"."id"`;
const SALT_KEY = '_referralSalt';

/** The user's referral code, given on first use (race-safe: the first writer's code is kept). */
export async function ensureReferralCode(db: Db, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId));
    if (!row) throw notFound('User not found.');
    if (row.code) return row.code;
    try {
      await db.update(users).set({ referralCode: newReferralCode() }).where(and(eq(users.id, userId), isNull(users.referralCode)));
    } catch (err) {
      if (!isUniqueViolation(err, 'users_referral_code_key')) throw err;
    }
  }
  throw conflict('Could not give you a referral code just now. Try again.', 'referral_code');
}

export const referralLink = (origin: string, code: string) => `${origin}/shop?ref=${encodeURIComponent(code)}`;

let cachedSalt: string | null = null;

/** REFERRAL_SALT, or a random salt made once and kept in the settings table (outside the settings anyone reads). */
export async function visitorSalt(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  if (cachedSalt) return cachedSalt;
  await db.insert(settingsTable).values({ key: SALT_KEY, value: randomBytes(32).toString('hex') }).onConflictDoNothing();
  const [row] = await db.select({ value: settingsTable.value }).from(settingsTable).where(eq(settingsTable.key, SALT_KEY));
  cachedSalt = String(row!.value);
  return cachedSalt;
}

export const visitorHash = (salt: string, address: string, userAgent: string) =>
  createHash('sha256').update(`${salt}\n${address}\n${userAgent}`).digest('hex');

/**
 * One click on a referral link, in one statement: the click is kept, and the visitor once per referrer per UTC day
 * (what "unique clicks" count). An unknown code is a 404 and records nothing.
 */
export async function recordClick(db: Db, code: string, hash: string): Promise<{ unique: boolean }> {
  const [row] = await queryRows<{ clicked: number | string; fresh: number | string }>(db, sql`
    with r as (select ${users.id} as id from ${users} where ${users.referralCode} = ${code}),
    c as (insert into ${referralClicks} (referrer_id, visitor_hash) select id, ${hash} from r returning referrer_id),
    v as (insert into ${referralVisits} (referrer_id, day, visitor_hash)
          select referrer_id, (now() at time zone 'utc')::date, ${hash} from c on conflict do nothing returning 1)
    select (select count(*) from c) as clicked, (select count(*) from v) as fresh`);
  if (!Number(row?.clicked)) throw notFound('Referral code not found.');
  return { unique: Number(row?.fresh) > 0 };
}

/**
 * Binds the caller to the code's owner, once (first touch). Attributions take one lock in turn, so two people
 * naming each other at the same moment cannot make a loop.
 */
export async function attribute(db: Db, userId: string, code: string, actor: Actor, now = new Date()) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(20261124)`);
    const [referrer] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.referralCode, code));
    if (!referrer) throw notFound('Referral code not found.');
    if (referrer.id === userId) throw conflict(SELF_REFERRAL, 'self_referral');
    const [me] = await tx.select({ referredById: users.referredById }).from(users).where(eq(users.id, userId)).for('update');
    if (!me) throw notFound('User not found.');
    if (me.referredById) throw conflict(ALREADY_REFERRED, 'already_referred');
    const loop = await queryRows(tx, sql`
      with recursive up(id, parent, depth) as (
        select id, referred_by_id, 1 from ${users} where id = ${referrer.id}
        union all select u.id, u.referred_by_id, up.depth + 1 from ${users} u join up on u.id = up.parent where up.depth < 100)
      select 1 from up where id = ${userId} limit 1`);
    if (loop.length) throw conflict(REFERRAL_LOOP, 'referral_loop');
    await tx.update(users).set({ referredById: referrer.id, referredAt: now, updatedAt: now }).where(eq(users.id, userId));
    await audit(tx, actor, 'user.referred', 'user', userId, { referrerId: referrer.id });
    return { referrerEmail: referrer.email };
  });
}

/** The referrer a guest's code names (for their order), or null for an unknown code or the buyer's own. */
export async function referrerOfCode(db: Queryable, code: string | null | undefined, buyerId: string | null): Promise<string | null> {
  if (!code) return null;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code.trim().toUpperCase()));
  return row && row.id !== buyerId ? row.id : null;
}

const count = (v: unknown) => Number(v ?? 0);

/** The caller's link, clicks, conversion and earnings. */
export async function referralStats(db: Db, userId: string, origin: string, settings: Settings): Promise<ReferralStats> {
  const code = await ensureReferralCode(db, userId);
  const [[clicks], [visits], [people], sums, [claw]] = await Promise.all([
    db.select({ n: sql`count(*)` }).from(referralClicks).where(eq(referralClicks.referrerId, userId)),
    db.select({ n: sql`count(*)` }).from(referralVisits).where(eq(referralVisits.referrerId, userId)),
    db.select({
      referred: sql`count(*)`,
      buyers: sql`count(*) filter (where exists (select 1 from ${orders} where ${orders.userId} = ${USER_ID} and ${orders.status} in ${PAID}))`,
    }).from(users).where(eq(users.referredById, userId)),
    db.select({ status: commissions.status, held: sql<boolean>`${commissions.payoutId} is not null`, cents: sql`sum(${commissions.amountCents})` })
      .from(commissions).where(eq(commissions.referrerId, userId)).groupBy(commissions.status, sql`${commissions.payoutId} is not null`),
    db.select({ cents: sql`coalesce(sum(${commissionAdjustments.amountCents}), 0)` }).from(commissionAdjustments)
      .where(and(eq(commissionAdjustments.referrerId, userId), isNull(commissionAdjustments.payoutId))),
  ]);
  const sum = (pick: (r: (typeof sums)[number]) => boolean) => sums.filter(pick).reduce((s, r) => s + count(r.cents), 0);
  const pending = sum((r) => r.status === 'pending');
  const approved = sum((r) => r.status === 'approved');
  const paid = sum((r) => r.status === 'paid');
  const available = sum((r) => r.status === 'approved' && !r.held) + count(claw?.cents);
  return {
    referralCode: code, link: referralLink(origin, code),
    totalClicks: count(clicks?.n), uniqueClicks: count(visits?.n),
    conversionRate: conversionRate(count(people?.buyers), count(visits?.n)), referredUsers: count(people?.referred),
    totalCommissions: fromCents(pending + approved + paid), pendingCommissions: fromCents(pending),
    approvedCommissions: fromCents(approved), paidCommissions: fromCents(paid), availableForPayout: fromCents(Math.max(0, available)),
    minimumPayout: settings.minimumPayout, commissionHoldDays: settings.commissionHoldDays, currency: settings.currency,
  };
}

const upline = alias(users, 'upline');
const level2 = alias(users, 'level2');

/** The network's filter: referred users, searched by their email or their referrer's. */
function networkFilter(q: { q?: string }) {
  const like = q.q?.trim() ? `%${q.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return and(isNotNull(users.referredById), like ? or(ilike(users.email, like), ilike(upline.email, like)) : undefined);
}

const NETWORK_ORDER = listOrder([users.referredAt], users.id, 'desc');

/** One page of the network, the latest referred first (by offset for the JSON list, after a row for the CSV export). */
export async function referralRows(db: Db, q: { q?: string }, page: Page): Promise<Referral[]> {
  const earnings = sql<string>`(select coalesce(sum(${commissions.amountCents}), 0) from ${commissions} join ${orders} o on o.id = ${commissions.orderId}
    where ${commissions.referrerId} = "users"."referred_by_id" and o.user_id = ${USER_ID} and ${commissions.status} not in ('rejected', 'reversed'))`;
  const active = sql<boolean>`exists (select 1 from ${orders} where ${orders.userId} = ${USER_ID} and ${orders.status} in ${PAID})`;
  const rows = await db.select({ u: users, referrerEmail: upline.email, referrerCode: upline.referralCode, level2Email: level2.email, earnings, active })
    .from(users).innerJoin(upline, eq(upline.id, users.referredById)).leftJoin(level2, eq(level2.id, upline.referredById))
    .where(and(networkFilter(q), after(NETWORK_ORDER, page.after))).orderBy(...orderBy(NETWORK_ORDER)).limit(page.limit).offset(page.offset ?? 0);
  return rows.map(presentReferral);
}

/** The network (staff): one row per referred user, with who referred them and who referred that referrer. */
export async function listReferrals(db: Db, q: ReferralListQuery): Promise<{ referrals: Referral[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    referralRows(db, q, q),
    db.select({ n: sql`count(*)` }).from(users).innerJoin(upline, eq(upline.id, users.referredById)).where(networkFilter(q)),
  ]);
  return { referrals: rows, total: count(total?.n) };
}

export async function referralSummary(db: Db) {
  const [[people], [earned]] = await Promise.all([
    db.select({
      total: sql`count(*)`,
      active: sql`count(*) filter (where exists (select 1 from ${orders} where ${orders.userId} = ${USER_ID} and ${orders.status} in ${PAID}))`,
    }).from(users).where(isNotNull(users.referredById)),
    db.select({ cents: sql`coalesce(sum(${commissions.amountCents}), 0)` }).from(commissions).where(sql`${commissions.status} not in ('rejected', 'reversed')`),
  ]);
  return { totalReferrals: count(people?.total), activeReferrals: count(people?.active), totalEarnings: fromCents(count(earned?.cents)) };
}
