/**
 * Redeeming a holder's tokens (issue 42): when a holder redeems the asset, staff burn the tokens they gave back. The burn
 * is a job of the mint queue (kind `redeem`), so it is signed once, stored before it is sent and never sent twice, as a
 * mint is; above the manual mint threshold, or from the asker's own wallet, it waits for a second member of staff there.
 * Audited as `product.redeem` on the product.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { HolderRedeemInput } from '../../../src/common/holders.schemas.js';
import type { ChainToken } from '../../chain/client.js';
import type { Db } from '../../db/client.js';
import { mintJobs, products, tokenBalances, tokenFreezes } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { Actor } from '../../types.js';
import { audit } from '../audit/service.js';
import { insertStaffJob, staffJobQueued } from '../mint/service.js';
import { redeemRefusal } from './policy.js';

/** Jobs that will still burn: not yet succeeded, failed or rejected. */
const UNDER_WAY = ['awaiting_approval', 'queued', 'processing'];

export async function redeemTokens(
  db: Db,
  productId: string,
  input: HolderRedeemInput,
  token: ChainToken,
  actor: Actor,
  approvalLimit: number,
) {
  const wallet = input.wallet.toLowerCase();
  const job = await db.transaction(async (tx) => {
    // The product's row lock orders two redemptions of its tokens (and a freeze): neither reads the other's half.
    const [product] = await tx
      .select({ title: products.title, tokenId: products.tokenId })
      .from(products)
      .where(eq(products.id, productId))
      .limit(1)
      .for('update');
    if (!product) throw notFound('product_not_found');
    const tokenId = product.tokenId ?? '0';
    const [[held], [frozen], [pending]] = await Promise.all([
      tx
        .select({ balance: tokenBalances.balance })
        .from(tokenBalances)
        .where(
          and(
            eq(tokenBalances.chainId, token.chainId),
            eq(tokenBalances.contract, token.contract.toLowerCase()),
            eq(tokenBalances.tokenId, tokenId),
            eq(tokenBalances.holder, wallet),
          ),
        ),
      tx
        .select({ frozen: tokenFreezes.frozen })
        .from(tokenFreezes)
        .where(and(eq(tokenFreezes.productId, productId), eq(tokenFreezes.wallet, wallet))),
      tx
        .select({ amount: sql<string>`coalesce(sum(${mintJobs.amount}), 0)::text` })
        .from(mintJobs)
        .where(
          and(
            eq(mintJobs.kind, 'redeem'),
            eq(mintJobs.tokenId, tokenId),
            sql`lower(${mintJobs.walletAddress}) = ${wallet}`,
            inArray(mintJobs.status, UNDER_WAY),
          ),
        ),
    ]);
    const hold = {
      wallet,
      frozen: frozen?.frozen ?? false,
      balance: BigInt(held?.balance ?? '0'),
      pending: BigInt(pending?.amount ?? '0'),
    };
    const refusal = redeemRefusal(product, hold, BigInt(input.amount));
    if (refusal) throw conflict(refusal.said, undefined, refusal.code);
    const made = await insertStaffJob(
      tx,
      { walletAddress: input.wallet, tokenId, amount: input.amount, note: input.reason, kind: 'redeem', productId },
      actor,
      approvalLimit,
    );
    await audit(tx, actor, 'product.redeem', 'product', productId, {
      mintJobId: made.job.id,
      tokenId,
      wallet,
      amount: input.amount,
      reason: input.reason,
      awaitingApproval: made.awaitingApproval,
    });
    return made.job;
  });
  staffJobQueued(job);
  return job;
}
