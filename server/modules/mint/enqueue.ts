import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { mintJobs, orderItems, orders } from '../../db/schema.js';
import type { Tx } from '../../db/client.js';
import { invalidated, onInvalidation } from '../../lib/invalidation.js';
import { CANCELLED_BY_REFUND } from './policy.js';

type Listener = () => void;
const listeners = new Set<Listener>();

/** In-process workers listen here to start at once instead of at their next poll. */
export function onMintQueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function wakeListeners() {
  for (const listener of listeners) listener();
}

/** Call after the transaction that queued jobs has committed: wakes the workers here and, once published, elsewhere. */
export function mintQueued() {
  wakeListeners();
  invalidated('mint');
}

onInvalidation((event) => {
  if (event === 'mint') wakeListeners();
});

/**
 * One job per tokenised line of a paid order (tokenId from the product, amount = qty, the order's wallet),
 * inside the transaction that marks it paid. The unique order-line key makes a second call a no-op.
 */
export async function enqueueOrderMints(tx: Tx, orderId: string): Promise<number> {
  const lines = await tx.select({ item: orderItems, wallet: orders.walletAddress }).from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.tokenised, true), sql`${orderItems.tokenId} is not null`));
  if (lines.length === 0) return 0;
  const missing = lines.find((l) => !l.wallet);
  if (missing) throw new Error(`Order ${orderId} has tokenised lines but no wallet address.`);
  const inserted = await tx.insert(mintJobs).values(lines.map(({ item, wallet }) => ({
    orderId, orderItemId: item.id, productId: item.productId, walletAddress: wallet!,
    tokenId: item.tokenId!, amount: String(item.qty), status: 'queued',
  }))).onConflictDoNothing().returning({ id: mintJobs.id });
  return inserted.length;
}

/**
 * The order was refunded: its jobs that hold no signed transaction (queued, or failed before one was kept) can never
 * mint, so they fail with CANCELLED_BY_REFUND. A job with a signed transaction may already be mined and is left alone.
 * A worker claiming a job locks it first, so a job it took is no longer queued here. Answers the cancelled jobs' lines.
 */
export async function cancelOrderMints(tx: Tx, orderId: string, now = new Date()): Promise<string[]> {
  const cancelled = await tx.update(mintJobs)
    .set({ status: 'failed', lastError: CANCELLED_BY_REFUND, completedAt: now, updatedAt: now })
    .where(and(eq(mintJobs.orderId, orderId), inArray(mintJobs.status, ['queued', 'failed']), isNull(mintJobs.signedTx)))
    .returning({ line: mintJobs.orderItemId });
  return cancelled.flatMap((c) => (c.line ? [c.line] : []));
}
