/**
 * The points ledger, inside the caller's transaction: every change of a member's balance locks their `members` row,
 * writes one signed `points_entries` row and stores the new balance, lifetime points, paid orders and level together.
 * Orders (earning when paid), payments (reversing on a refund), redemptions and conversions call it; it imports no
 * module that moves orders, so all of them may.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  levelFor,
  levelRank,
  memberLevelOf,
  type MemberLevelName,
  type PointsEntryType,
} from '../../../src/common/membership.js';
import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '../../../src/common/settings.js';
import type { Queryable, Tx } from '../../db/client.js';
import { memberLevels, members, orders, pointsEntries, settings as settingsTable } from '../../db/schema.js';
import { conflict, say, type Said } from '../../lib/errors.js';
import { commissionBase } from '../commissions/policy.js';
import { notify } from '../notifications/notify.js';
import { countsForLevel, PAID_ORDER_STATUSES, pointsForOrder, pointsLeftAfterRefund } from './policy.js';
import { notice } from '../../../src/common/notices-catalogue.js';
import { shortId } from '../../../src/common/ids.js';

export type MemberRow = typeof members.$inferSelect;
export type LevelRow = Awaited<ReturnType<typeof readLevels>>[number];

/** A membership setting read fresh in the transaction (a process's cached settings may be stale or outside it). */
export async function membershipSetting<
  K extends 'pointsPerCurrencyUnit' | 'pointsPerToken' | 'redemptionPointsPerCurrencyUnit' | 'loyaltyTokenId',
>(tx: Queryable, key: K): Promise<Settings[K]> {
  const [row] = await tx
    .select({ json: sql<string>`${settingsTable.value}::text` })
    .from(settingsTable)
    .where(eq(settingsTable.key, key));
  const parsed = row ? settingsSchema.shape[key].safeParse(JSON.parse(row.json)) : null;
  return (parsed?.success ? parsed.data : DEFAULT_SETTINGS[key]) as Settings[K];
}

/** The ladder, BRONZE first. */
export async function readLevels(db: Queryable) {
  const rows = await db.select().from(memberLevels).orderBy(asc(memberLevels.rank));
  return rows.map((r) => ({ ...r, name: memberLevelOf(r.name) }));
}

/** The member's row, made on first use, locked FOR UPDATE: every change of a balance starts here. */
export async function lockMember(tx: Tx, userId: string): Promise<MemberRow> {
  await tx.insert(members).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(members).where(eq(members.userId, userId)).for('update').limit(1);
  return row!;
}

/** Paid orders of the user that were not refunded, free ones (a redemption's) aside: what a level's minimum orders counts. */
export async function paidOrderCount(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(eq(orders.userId, userId), inArray(orders.status, [...PAID_ORDER_STATUSES]), sql`${orders.amountCents} > 0`),
    );
  return row?.n ?? 0;
}

export type EntryInput = {
  type: PointsEntryType;
  amount: number;
  reason: string;
  orderId?: string | null;
  redemptionId?: string | null;
  conversionId?: string | null;
  actorId?: string | null;
};

/**
 * Writes one entry for a locked member and stores what follows from it: the balance (a 409 with `refusal` when it
 * would go below 0: nothing is written), the lifetime points, paid orders and level (stored, with its date, when it
 * changes; the member is told of a rise). Answers the entry and the member as now stored.
 */
export async function writeEntry(tx: Tx, member: MemberRow, input: EntryInput, now = new Date(), refusal?: Said) {
  const balance = member.pointsBalance + input.amount;
  if (balance < 0) {
    throw conflict(
      refusal ?? say('points_balance_short', { balance: member.pointsBalance, amount: -input.amount }),
      undefined,
      'insufficient_points',
    );
  }
  const lifetime = member.lifetimePoints + (countsForLevel(input.type) ? input.amount : 0);
  const [entry] = await tx
    .insert(pointsEntries)
    .values({
      userId: member.userId,
      type: input.type,
      amount: input.amount,
      balanceAfter: balance,
      reason: input.reason,
      orderId: input.orderId ?? null,
      redemptionId: input.redemptionId ?? null,
      conversionId: input.conversionId ?? null,
      actorId: input.actorId ?? null,
      createdAt: now,
    })
    .returning();
  const stored = await storeStanding(tx, { ...member, pointsBalance: balance, lifetimePoints: lifetime }, now);
  return { entry: entry!, member: stored };
}

/** Recomputes the paid orders and level of a locked member and stores them with the balance and lifetime points. */
export async function storeStanding(tx: Tx, member: MemberRow, now = new Date()): Promise<MemberRow> {
  const paidOrders = await paidOrderCount(tx, member.userId);
  const level: MemberLevelName = levelFor(await readLevels(tx), Math.max(0, member.lifetimePoints), paidOrders);
  const changed = level !== member.level;
  const [row] = await tx
    .update(members)
    .set({
      pointsBalance: member.pointsBalance,
      lifetimePoints: member.lifetimePoints,
      paidOrders,
      level,
      levelChangedAt: changed ? now : member.levelChangedAt,
      updatedAt: now,
    })
    .where(eq(members.userId, member.userId))
    .returning();
  if (changed && levelRank(level) > levelRank(memberLevelOf(member.level)))
    await notify(tx, levelMoveNotice(member.userId, memberLevelOf(member.level), level));
  return row!;
}

/**
 * What a member is told when their level moves: up through their own points and orders, or either way when staff
 * change the levels' minimums (a member's own refund that lowers it tells nothing more than the refund does).
 */
export function levelMoveNotice(userId: string, from: MemberLevelName, to: MemberLevelName) {
  const up = levelRank(to) > levelRank(from);
  return {
    userId,
    channels: ['in_app', 'email'] as const,
    link: '/membership',
    notice: up ? notice('level_up', { level: to }) : notice('level_changed', { level: to, from }),
  };
}

type PaidOrder = {
  id: string;
  userId: string | null;
  subtotalCents: number | null;
  discountCents: number;
  amountCents: number;
  taxCents: number;
  shippingCents: number;
};

/**
 * Points for an order that has just been paid (inside markOrderPaid, after its status moved): pointsPerCurrencyUnit ×
 * its subtotal after discount, rounded down; the paid orders and level are recomputed even when it earns none.
 * A guest's order earns nothing.
 */
export async function earnPointsForOrder(tx: Tx, order: PaidOrder, now = new Date()) {
  if (!order.userId) return 0;
  const rate = await membershipSetting(tx, 'pointsPerCurrencyUnit');
  const points = pointsForOrder(commissionBase(order), rate);
  const member = await lockMember(tx, order.userId);
  if (points <= 0) {
    await storeStanding(tx, member, now);
    return 0;
  }
  await writeEntry(
    tx,
    member,
    { type: 'EARNED', amount: points, reason: `Order ${shortId(order.id)} paid`, orderId: order.id },
    now,
  );
  return points;
}

/**
 * After a refund of the order (its refunded total now `refundedCents` of `amountCents`): what it earned shrinks in
 * proportion (to 0 once refunded in full), recomputed from the order's entries so repeated refunds never drift. Points
 * already spent cannot be taken back (the balance never goes below 0): the entry takes what is there and says so.
 * Call it after the order's status has moved, so a full refund no longer counts as a paid order.
 */
export async function reversePointsForRefund(
  tx: Tx,
  order: { id: string; userId: string | null; amountCents: number },
  refundedCents: number,
  now = new Date(),
) {
  if (!order.userId) return 0;
  const member = await lockMember(tx, order.userId);
  const rows = await tx
    .select({ type: pointsEntries.type, amount: pointsEntries.amount })
    .from(pointsEntries)
    .where(
      and(
        eq(pointsEntries.orderId, order.id),
        eq(pointsEntries.userId, order.userId),
        inArray(pointsEntries.type, ['EARNED', 'REVERSED']),
      ),
    );
  const earned = rows.filter((r) => r.type === 'EARNED').reduce((n, r) => n + r.amount, 0);
  const held = rows.reduce((n, r) => n + r.amount, 0);
  const owed = held - pointsLeftAfterRefund(earned, order.amountCents, refundedCents);
  const taken = Math.min(owed, member.pointsBalance);
  if (taken <= 0) {
    await storeStanding(tx, member, now);
    return 0;
  }
  const short = owed - taken;
  const reason = `Order ${shortId(order.id)} refunded${short > 0 ? ` (${short} of its points were already spent)` : ''}`;
  await writeEntry(tx, member, { type: 'REVERSED', amount: -taken, reason, orderId: order.id }, now);
  return taken;
}

/** The buyer's level benefits for pricing (null for a guest; BRONZE's for a user with no membership yet). */
export async function memberPricing(db: Queryable, userId: string | null | undefined) {
  if (!userId) return null;
  const [row] = await db
    .select({ level: memberLevels })
    .from(memberLevels)
    .where(
      eq(
        memberLevels.name,
        sql`coalesce((select ${members.level} from ${members} where ${members.userId} = ${userId}), 'BRONZE')`,
      ),
    )
    .limit(1);
  if (!row) return null;
  const l = row.level;
  return {
    level: l.name as MemberLevelName,
    discountBp: l.discountBp,
    freeShipping: l.freeShipping,
    exclusiveProducts: l.exclusiveProducts,
  };
}
