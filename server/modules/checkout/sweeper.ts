/**
 * Unpaid checkouts past their time fail and give their stock and coupon use back. The deadline is stored on the order,
 * so a restart loses nothing: the sweeper runs once at start and then every `intervalMs`. Several processes may sweep
 * at once: each claims different orders (SKIP LOCKED).
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { messageOf } from '../../lib/errors.js';
import { purgeIdempotencyKeys } from '../../lib/idempotency.js';
import { mark, publishSince } from '../../lib/invalidation.js';
import { startLoop } from '../../lib/loop.js';
import { failOrder } from '../orders/service.js';

export const EXPIRED_REASON = 'The checkout expired before it was paid.';
const BATCH = 100;

/** Fails every pending order whose checkout expired by `now`; answers how many. */
export async function expireCheckouts(db: Db, now = new Date()): Promise<number> {
  let expired = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, 'pending'), sql`${orders.expiresAt} is not null`, lte(orders.expiresAt, now)))
        .orderBy(asc(orders.expiresAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const { id } of due) await failOrder(tx, id, EXPIRED_REASON, null, now);
      return due.length;
    });
    expired += done;
    if (done < BATCH) return expired;
  }
}

type Log = { info(msg: string): void; error(msg: string): void };

/** Sweeps now and every `intervalMs` until stopped (and forgets idempotency keys past their day); a failed sweep is logged and tried again next time. */
export function startCheckoutSweeper(db: Db, intervalMs: number, log: Log): { stop: () => Promise<void> } {
  return startLoop(
    async () => {
      const before = mark();
      const expired = await expireCheckouts(db);
      await publishSince(before); // other processes' counts and dashboards see the failed orders
      if (expired > 0) log.info(`Expired ${expired} unpaid checkout(s).`);
      await purgeIdempotencyKeys(db);
    },
    intervalMs,
    (err) => log.error(`Checkout sweep failed: ${messageOf(err)}`),
    'checkout_sweeper',
  );
}
