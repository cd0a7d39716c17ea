/**
 * The commission engine, inside the transactions that move an order: earning when it is paid (orders/service.ts
 * markOrderPaid), shrinking when it is refunded (payments/service.ts refundPayment). It depends on no other module,
 * so orders and payments may call it.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { agentLevels, commissionAdjustments, commissions, users } from '../../db/schema.js';
import { clawback, commissionBase, commissionCents, ratePpm, reducedCents } from './policy.js';

type PaidOrder = {
  id: string;
  userId: string | null;
  referrerId: string | null;
  currency: string;
  amountCents: number;
  subtotalCents: number | null;
  discountCents: number;
  taxCents: number;
  shippingCents: number;
};

/**
 * What the order's referrers earn, once per (order, level): level 1 the order's referrer, level 2 theirs, at the
 * agent levels' rates of this moment (kept on each commission). Nothing when nobody referred the buyer.
 */
export async function earnCommissions(tx: Tx, order: PaidOrder, now: Date) {
  const first = order.referrerId;
  if (!first || first === order.userId) return 0;
  const [levels, [upline]] = await Promise.all([
    tx.select().from(agentLevels),
    tx.select({ id: users.referredById }).from(users).where(eq(users.id, first)),
  ]);
  const second = upline?.id && upline.id !== order.userId && upline.id !== first ? upline.id : null;
  const base = commissionBase(order);
  const rows = (
    [
      [1, first],
      [2, second],
    ] as const
  ).flatMap(([level, referrerId]) => {
    const rate = levels.find((l) => l.level === level)?.commissionRate;
    if (!referrerId || !rate) return [];
    const cents = commissionCents(ratePpm(rate), base);
    return cents > 0
      ? [
          {
            orderId: order.id,
            referrerId,
            level,
            rate,
            baseCents: base,
            originalCents: cents,
            amountCents: cents,
            currency: order.currency,
            earnedAt: now,
            createdAt: now,
            updatedAt: now,
          },
        ]
      : [];
  });
  if (!rows.length) return 0;
  const made = await tx.insert(commissions).values(rows).onConflictDoNothing().returning({ id: commissions.id });
  // Whoever earns is an affiliate (the affiliates list reads the flag instead of looking for earnings per user).
  await tx
    .update(users)
    .set({ affiliate: true })
    .where(
      and(
        inArray(
          users.id,
          rows.map((r) => r.referrerId),
        ),
        eq(users.affiliate, false),
      ),
    );
  return made.length;
}

/**
 * After a refund of the order (its refunded total now `refundedCents` of `amountCents`): a commission no payout holds
 * is reduced in place to what the rest of the order earns (reversed, at 0, once it is all refunded); one a payout holds
 * or has paid keeps its amount and gets a clawback (a negative adjustment) for the difference, which the next payout
 * deducts. Recomputed from the totals, so it is right however the refunds were split. The order is locked by the caller.
 */
export async function adjustCommissionsForRefund(
  tx: Tx,
  order: { id: string; amountCents: number },
  refundedCents: number,
  now: Date,
) {
  const rows = await tx
    .select()
    .from(commissions)
    .where(and(eq(commissions.orderId, order.id), inArray(commissions.status, ['pending', 'approved', 'paid'])))
    .for('update');
  if (!rows.length) return;
  const clawed = await tx
    .select({
      commissionId: commissionAdjustments.commissionId,
      sum: sql<string>`sum(${commissionAdjustments.amountCents})`,
    })
    .from(commissionAdjustments)
    .where(
      inArray(
        commissionAdjustments.commissionId,
        rows.map((c) => c.id),
      ),
    )
    .groupBy(commissionAdjustments.commissionId);
  const full = refundedCents >= order.amountCents;
  for (const c of rows) {
    const target = full ? 0 : reducedCents(ratePpm(c.rate), c.baseCents, order.amountCents, refundedCents);
    if (c.payoutId === null && c.status !== 'paid') {
      if (full)
        await tx
          .update(commissions)
          .set({ status: 'reversed', amountCents: 0, updatedAt: now })
          .where(eq(commissions.id, c.id));
      else if (target !== c.amountCents)
        await tx
          .update(commissions)
          .set({ amountCents: Math.min(target, c.amountCents), updatedAt: now })
          .where(eq(commissions.id, c.id));
      continue;
    }
    const owed = c.amountCents + Number(clawed.find((a) => a.commissionId === c.id)?.sum ?? 0);
    const taken = clawback(ratePpm(c.rate), c.baseCents, order.amountCents, refundedCents, owed);
    if (taken)
      await tx.insert(commissionAdjustments).values({
        commissionId: c.id,
        referrerId: c.referrerId,
        amountCents: taken.cents,
        createdAt: now,
        reason: taken.reason,
      });
  }
}

/** Open clawbacks of a referrer (no payout has deducted them yet), as a negative sum in cents. */
export async function openClawbackCents(tx: Tx, referrerId: string): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${commissionAdjustments.amountCents}), 0)` })
    .from(commissionAdjustments)
    .where(and(eq(commissionAdjustments.referrerId, referrerId), isNull(commissionAdjustments.payoutId)));
  return Number(row?.sum ?? 0);
}
