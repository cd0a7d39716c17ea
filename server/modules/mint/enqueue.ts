import { and, eq, inArray, isNull } from 'drizzle-orm';
import { mintJobs, orderItems } from '../../db/schema.js';
import type { Tx } from '../../db/client.js';
import { invalidated, onInvalidation } from '../../lib/invalidation.js';
import { CANCELLED_BY_REFUND } from './policy.js';
import { currentRequestId } from '../../lib/request-id.js';

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

type Line = Pick<typeof orderItems.$inferSelect, 'id' | 'productId' | 'qty' | 'tokenised' | 'tokenId'>;

/**
 * One job per tokenised line of a paid order (tokenId from the product, amount = qty, the order's wallet), inside the
 * transaction that marks it paid; `lines` are the order's lines, already read by the caller. The unique order-line key
 * makes a second call a no-op.
 */
export async function enqueueOrderMints(
  tx: Tx,
  order: { id: string; walletAddress: string | null },
  lines: readonly Line[],
): Promise<number> {
  const tokenised = lines.filter((l) => l.tokenised && l.tokenId !== null);
  if (tokenised.length === 0) return 0;
  if (!order.walletAddress) throw new Error(`Order ${order.id} has tokenised lines but no wallet address.`);
  const inserted = await tx
    .insert(mintJobs)
    .values(
      tokenised.map((item) => ({
        orderId: order.id,
        orderItemId: item.id,
        productId: item.productId,
        walletAddress: order.walletAddress!,
        tokenId: item.tokenId!,
        amount: String(item.qty),
        status: 'queued',
        requestId: currentRequestId(),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: mintJobs.id });
  return inserted.length;
}

/**
 * The order was refunded: its jobs that hold no signed transaction (queued, or failed before one was kept) can never
 * mint, so they fail with CANCELLED_BY_REFUND. A job with a signed transaction may already be mined and is left alone.
 * A worker claiming a job locks it first, so a job it took is no longer queued here. Answers the cancelled jobs' lines.
 */
export async function cancelOrderMints(tx: Tx, orderId: string, now = new Date()): Promise<string[]> {
  const cancelled = await tx
    .update(mintJobs)
    .set({ status: 'failed', lastError: CANCELLED_BY_REFUND, completedAt: now, updatedAt: now })
    .where(
      and(eq(mintJobs.orderId, orderId), inArray(mintJobs.status, ['queued', 'failed']), isNull(mintJobs.signedTx)),
    )
    .returning({ line: mintJobs.orderItemId });
  return cancelled.flatMap((c) => (c.line ? [c.line] : []));
}

/**
 * One job minting `amount` of `tokenId` to `walletAddress` for something other than an order (a member converting
 * points into the loyalty token), queued in the caller's transaction; call mintQueued() once it has committed.
 */
export async function enqueueMint(
  tx: Tx,
  job: { walletAddress: string; tokenId: string; amount: string; createdBy: string | null },
) {
  const [row] = await tx
    .insert(mintJobs)
    .values({ ...job, status: 'queued', requestId: currentRequestId() })
    .returning();
  return row!;
}
