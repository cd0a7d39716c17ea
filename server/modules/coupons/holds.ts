/**
 * Uses of a coupon held by unpaid orders. A hold counts toward the coupon's use limit only while it is younger than the
 * couponHoldMinutes setting, so unpaid checkouts cannot keep a limited coupon from everyone else; and one shopper
 * holds one use of a limited coupon at a time (staff creating orders for a customer are not held to that).
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { coupons, orders } from '../../db/schema.js';

/** Who holds a use: an account, or a guest by the email they check out with. */
export type HoldCustomer = { userId: string } | { email: string };

/** Holds made after this moment count toward a coupon's limit. */
export const holdsSince = (couponHoldMinutes: number, now: Date) =>
  new Date(now.getTime() - couponHoldMinutes * 60_000);

/** The unpaid orders holding a use of the code since `since`: all of them, and those of `who`. */
export async function freshHolds(
  db: Queryable,
  code: string,
  who: HoldCustomer | null,
  since: Date,
): Promise<{ all: number; mine: number }> {
  const theirs = !who
    ? sql`false`
    : 'userId' in who
      ? eq(orders.userId, who.userId)
      : eq(orders.customerEmail, who.email);
  const [row] = await db
    .select({ all: count(), mine: sql<number>`(count(*) filter (where ${theirs}))::int` })
    .from(orders)
    .where(
      and(eq(orders.status, 'pending'), sql`lower(${orders.couponCode}) = lower(${code})`, gt(orders.createdAt, since)),
    );
  return { all: row?.all ?? 0, mine: row?.mine ?? 0 };
}

/**
 * Holds one use of a coupon for a pending order, or answers why not: 'held' (`who` already holds one; null: not
 * checked) or 'used_up'. The update takes the coupon's row lock first, so concurrent orders queue here and the count after it
 * sees every hold committed before; the caller's refusal rolls the update back.
 */
export async function holdUse(
  tx: Queryable,
  id: string,
  who: HoldCustomer | null,
  since: Date,
): Promise<'held' | 'used_up' | null> {
  const [coupon] = await tx
    .update(coupons)
    .set({ reservedCount: sql`${coupons.reservedCount} + 1` })
    .where(eq(coupons.id, id))
    .returning({
      code: coupons.code,
      usageLimit: coupons.usageLimit,
      perCustomerLimit: coupons.perCustomerLimit,
      usedCount: coupons.usedCount,
    });
  if (!coupon || (coupon.usageLimit === null && coupon.perCustomerLimit === null)) return null;
  const holds = await freshHolds(tx, coupon.code, who, since);
  if (holds.mine > 0) return 'held';
  if (coupon.usageLimit !== null && coupon.usedCount + holds.all >= coupon.usageLimit) return 'used_up';
  return null;
}
