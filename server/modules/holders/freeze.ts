/**
 * Wallets frozen for one product's token (issue 42): staff freeze or unfreeze a wallet with a reason; the row says what
 * the contract's `frozen[id][wallet]` should be and the mint worker sets it (mint/allowlist.ts). Each change is in the
 * audit log as a code with its fields (`product.freeze` / `product.unfreeze`), never as a sentence.
 */
import { and, eq } from 'drizzle-orm';
import type { HolderFreeze } from '../../../src/common/holders.js';
import type { HolderFreezeInput } from '../../../src/common/holders.schemas.js';
import type { Db } from '../../db/client.js';
import { products, tokenFreezes } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { Actor } from '../../types.js';
import { audit } from '../audit/service.js';
import { freezeRefusal } from './policy.js';
import { presentFreeze } from './present.js';

/** Freezes (`on`) or unfreezes the wallet for the product's token; refuses a product without one, or no change. */
export async function setFreeze(
  db: Db,
  productId: string,
  input: HolderFreezeInput,
  on: boolean,
  actor: Actor,
): Promise<HolderFreeze> {
  const wallet = input.wallet.toLowerCase();
  return db.transaction(async (tx) => {
    // The product's row lock orders two changes of its freezes.
    const [product] = await tx
      .select({ title: products.title, tokenId: products.tokenId })
      .from(products)
      .where(eq(products.id, productId))
      .limit(1)
      .for('update');
    if (!product) throw notFound('product_not_found');
    const [current] = await tx
      .select({ frozen: tokenFreezes.frozen })
      .from(tokenFreezes)
      .where(and(eq(tokenFreezes.productId, productId), eq(tokenFreezes.wallet, wallet)))
      .limit(1);
    const refusal = freezeRefusal(product, current?.frozen ?? false, on, wallet);
    if (refusal) throw conflict(refusal.said, undefined, refusal.code);
    const values = { frozen: on, reason: input.reason, updatedBy: actor?.id ?? null, updatedAt: new Date() };
    const [row] = await tx
      .insert(tokenFreezes)
      .values({ productId, wallet, ...values })
      .onConflictDoUpdate({ target: [tokenFreezes.productId, tokenFreezes.wallet], set: values })
      .returning();
    await audit(tx, actor, on ? 'product.freeze' : 'product.unfreeze', 'product', productId, {
      tokenId: product.tokenId,
      wallet,
      reason: input.reason,
    });
    return presentFreeze(row!);
  });
}
