import { count, eq, sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import {
  LOYALTY_TOKEN,
  levelLadderProblems,
  memberLevelOf,
  type Member,
  type MemberLevel,
  type MemberLevelName,
  type PointsAdded,
  type TokensConverted,
} from '../../../src/common/membership.js';
import type {
  AddPointsInput,
  ConversionHistoryQuery,
  ConvertInput,
  LevelPatch,
  MemberQuery,
  PointsHistoryQuery,
} from '../../../src/common/membership.schemas.js';
import { queryRows, type Db, type Queryable } from '../../db/client.js';
import { conversions, memberLevels, members, mintJobs, pointsEntries, users } from '../../db/schema.js';
import { badRequest, forbidden, notFound, say, unprocessable } from '../../lib/errors.js';
import { listOrder, orderBy } from '../../lib/pages.js';
import type { Actor, AuthUser } from '../../types.js';
import { audit } from '../audit/service.js';
import { normaliseEmail } from '../auth/service.js';
import { enqueueMint, mintQueued } from '../mint/enqueue.js';
import { notifyMany } from '../notifications/notify.js';
import type { ChainRuntime } from '../mint/runtime.js';
import { readTokenBalances } from './balances.js';
import { levelMoveNotice, lockMember, membershipSetting, paidOrderCount, readLevels, writeEntry } from './ledger.js';
import { conversionRefusal, mayReadOthers, ownPointsRefusal } from './policy.js';
import { presentConversion, presentEntry, presentLevel, presentMember } from './present.js';

type UserRow = typeof users.$inferSelect;

export async function listLevels(db: Queryable): Promise<MemberLevel[]> {
  return (await readLevels(db)).map(presentLevel);
}

/**
 * Changes one level's terms, the ladder checked as a whole (BRONZE at 0, each level needing more points and no fewer
 * orders than the one below), and stores every member's level again in the same transaction.
 */
export async function updateLevel(
  db: Db,
  name: MemberLevelName,
  patch: LevelPatch,
  actor: Actor,
): Promise<MemberLevel> {
  return db.transaction(async (tx) => {
    const levels = await tx.select().from(memberLevels).orderBy(memberLevels.rank).for('update');
    const current = levels.find((l) => l.name === name);
    if (!current) throw notFound('level_not_found', { name });
    const { discount, ...rest } = patch;
    const changed = { ...rest, ...(discount !== undefined ? { discountBp: Math.round(discount * 100_00) } : {}) };
    const ladder = levels
      .map((l) => (l.name === name ? { ...l, ...changed } : l))
      .map((l) => ({ ...l, name: l.name as MemberLevelName }));
    const problem = levelLadderProblems(ladder)[name] ?? Object.values(levelLadderProblems(ladder))[0];
    if (problem) {
      const said = say(problem.code, problem.params);
      throw badRequest(said, undefined, { [patch.minPoints !== undefined ? 'minPoints' : 'minOrders']: said });
    }
    await tx
      .update(memberLevels)
      .set({ ...changed, updatedAt: new Date() })
      .where(eq(memberLevels.name, name));
    // Every stored level follows the new ladder at once (the highest level whose minimums the member meets), and
    // each member it moves is told, up or down.
    const moved = await queryRows<{ userId: string; from: string; to: string }>(
      tx,
      sql`
      with before as (select user_id, level from ${members}),
      moved as (
        update ${members} m set level = l.name, level_changed_at = now(), updated_at = now()
        from (select m2.user_id, (select name from ${memberLevels} where min_points <= greatest(m2.lifetime_points, 0) and min_orders <= m2.paid_orders
                                   order by rank desc limit 1) as name from ${members} m2) l
        where l.user_id = m.user_id and l.name is not null and m.level <> l.name
        returning m.user_id, m.level)
      select moved.user_id as "userId", before.level as "from", moved.level as "to" from moved join before using (user_id)`,
    );
    await notifyMany(
      tx,
      moved.map((m) => levelMoveNotice(m.userId, memberLevelOf(m.from), memberLevelOf(m.to))),
    );
    await audit(tx, actor, 'membership.level_update', 'member_level', name, patch);
    return presentLevel((await readLevels(tx)).find((l) => l.name === name)!);
  });
}

/** Whose membership a call is about: the caller's own, or for staff anyone named by email or id. */
export async function resolveMember(db: Queryable, caller: AuthUser, q: MemberQuery): Promise<UserRow> {
  const email = q.email ? normaliseEmail(q.email) : null;
  const self = (!email && !q.userId) || q.userId === caller.id || email === caller.email;
  if (!self && !mayReadOthers(caller.role)) throw forbidden('not_own_membership');
  const where = self ? eq(users.id, caller.id) : q.userId ? eq(users.id, q.userId) : eq(users.email, email!);
  const [user] = await db.select().from(users).where(where).limit(1);
  if (!user) throw q.userId ? notFound('member_id_not_found') : notFound('member_email_not_found', { email: email! });
  return user;
}

type Ctx = { db: Db; chain: ChainRuntime | null };

/** This user's membership, with their token balances read from the chain now. */
export async function memberInfo({ db, chain }: Ctx, user: UserRow): Promise<Member> {
  const [member] = await db.select().from(members).where(eq(members.userId, user.id)).limit(1);
  const levels = await readLevels(db);
  const paidOrders = await paidOrderCount(db, user.id);
  const [referred] = await db.select({ n: count() }).from(users).where(eq(users.referredById, user.id));
  const settings = {
    pointsPerCurrencyUnit: await membershipSetting(db, 'pointsPerCurrencyUnit'),
    pointsPerToken: await membershipSetting(db, 'pointsPerToken'),
    redemptionPointsPerCurrencyUnit: await membershipSetting(db, 'redemptionPointsPerCurrencyUnit'),
    loyaltyTokenId: await membershipSetting(db, 'loyaltyTokenId'),
  };
  const balances = await readTokenBalances(db, chain, { userId: user.id, walletAddress: user.walletAddress }, settings);
  return presentMember({
    user,
    member: member ?? null,
    levels,
    paidOrders,
    referrals: referred?.n ?? 0,
    settings,
    balances,
  });
}

const POINTS_SORT_COLUMNS = {
  createdAt: pointsEntries.createdAt,
  type: pointsEntries.type,
  amount: pointsEntries.amount,
} as const;
const CONVERSION_SORT_COLUMNS = { createdAt: conversions.createdAt, amount: conversions.fromAmount } as const;

/** The member's points entries in their sort (newest first by default); one member's rows, read by the member's index. */
export async function pointsHistory(
  db: Db,
  userId: string,
  q: Pick<PointsHistoryQuery, 'limit' | 'offset' | 'sort' | 'order'>,
) {
  const order = listOrder([POINTS_SORT_COLUMNS[q.sort]], pointsEntries.id, q.order);
  const actor = sql<string | null>`(select ${users.email} from ${users} where ${users.id} = ${pointsEntries.actorId})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ e: pointsEntries, actorEmail: actor })
      .from(pointsEntries)
      .where(eq(pointsEntries.userId, userId))
      .orderBy(...orderBy(order))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(pointsEntries).where(eq(pointsEntries.userId, userId)),
  ]);
  return { points: rows.map((r) => presentEntry(r.e, r.actorEmail)), total: total?.n ?? 0, totalIsEstimate: false };
}

/** The member's conversions in their sort (newest first by default), each with its mint job's state and transaction. */
export async function conversionsHistory(
  db: Db,
  userId: string,
  q: Pick<ConversionHistoryQuery, 'limit' | 'offset' | 'sort' | 'order'>,
) {
  const order = listOrder([CONVERSION_SORT_COLUMNS[q.sort]], conversions.id, q.order);
  const [rows, [total]] = await Promise.all([
    db
      .select({ c: conversions, job: mintJobs })
      .from(conversions)
      .innerJoin(mintJobs, eq(mintJobs.id, conversions.mintJobId))
      .where(eq(conversions.userId, userId))
      .orderBy(...orderBy(order))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(conversions).where(eq(conversions.userId, userId)),
  ]);
  return {
    conversions: rows.map((r) => presentConversion(r.c, r.job, LOYALTY_TOKEN)),
    total: total?.n ?? 0,
    totalIsEstimate: false,
  };
}

/** Staff add (or, negative, remove) points with a reason; the balance never goes below 0 (409, nothing changed). */
export async function addPoints(ctx: Ctx, input: AddPointsInput, actor: AuthUser): Promise<PointsAdded> {
  const { entry, user } = await ctx.db.transaction(async (tx) => {
    const user = await resolveMember(tx, actor, { email: input.email, userId: input.userId });
    const own = ownPointsRefusal(actor.id, user.id);
    if (own) throw forbidden(own, undefined, 'own_points');
    const member = await lockMember(tx, user.id);
    const { entry } = await writeEntry(
      tx,
      member,
      { type: 'ADJUSTED', amount: input.amount, reason: input.reason, actorId: actor.id },
      new Date(),
      say('points_remove_short', { email: user.email, balance: member.pointsBalance, amount: -input.amount }),
    );
    await audit(tx, actor, 'membership.points_add', 'member', user.id, {
      amount: input.amount,
      reason: input.reason,
      balanceAfter: entry.balanceAfter,
    });
    return { entry, user };
  });
  return { entry: presentEntry(entry, actor.email), member: await memberInfo(ctx, user) };
}

/**
 * The caller's points into the loyalty token: `amount` points (a multiple of pointsPerToken) are debited and a mint
 * of amount ÷ pointsPerToken tokens to their wallet is queued, in one transaction under the member's lock.
 */
export async function convertPoints(ctx: Ctx, input: ConvertInput, caller: AuthUser): Promise<TokensConverted> {
  const { conversion, job, user } = await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, caller.id)).limit(1);
    if (!user) throw notFound('member_id_not_found');
    if (!user.walletAddress) {
      throw unprocessable(
        'conversion_wallet_required',
        undefined,
        { toToken: 'conversion_wallet_required_field' },
        'wallet_required',
      );
    }
    const rate = await membershipSetting(tx, 'pointsPerToken');
    const refusal = conversionRefusal(input.amount, rate);
    if (refusal) throw badRequest(refusal, undefined, { amount: refusal });
    const member = await lockMember(tx, user.id);
    if (member.pointsBalance < input.amount) {
      throw unprocessable(
        'conversion_points_short',
        { balance: member.pointsBalance, amount: input.amount },
        { amount: 'conversion_points_short_field' },
        'insufficient_points',
      );
    }
    const tokenId = await membershipSetting(tx, 'loyaltyTokenId');
    const tokens = String(input.amount / rate);
    const wallet = getAddress(user.walletAddress);
    const job = await enqueueMint(tx, { walletAddress: wallet, tokenId, amount: tokens, createdBy: user.id });
    const [conversion] = await tx
      .insert(conversions)
      .values({
        userId: user.id,
        fromAmount: input.amount,
        toAmount: tokens,
        rate,
        tokenId,
        walletAddress: wallet,
        mintJobId: job.id,
      })
      .returning();
    await writeEntry(tx, member, {
      type: 'CONVERTED',
      amount: -input.amount,
      reason: `Converted into ${tokens} ${LOYALTY_TOKEN} token${tokens === '1' ? '' : 's'}`,
      conversionId: conversion!.id,
    });
    await audit(tx, caller, 'membership.convert', 'conversion', conversion!.id, {
      points: input.amount,
      tokens,
      tokenId,
      mintJobId: job.id,
    });
    return { conversion: conversion!, job, user };
  });
  mintQueued();
  return { conversion: presentConversion(conversion, job, LOYALTY_TOKEN), member: await memberInfo(ctx, user) };
}
