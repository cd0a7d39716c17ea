/** Products: staff read the catalogue, admins and operators change it; a product that was ordered is kept. */
import type { ChainToken } from '../../chain/client.js';
import { invalidField, say, type Said } from '../../lib/errors.js';
import { resourceAccess } from '../../lib/access.js';

export const productAccess = resourceAccess('products');

/** Why a product may not be deleted, or null when it may: orders keep their products, which can be set inactive instead. */
export const deleteRefusal = (product: { title: string }, ordered: boolean): Said | null =>
  ordered ? say('product_in_use', { title: product.title }) : null;

/**
 * A product's token is where the platform really mints: the running chain and its contract. The chain is never typed;
 * one named anyway must be the running one, and so must a contract (which marks the product as tokenised).
 */
export function onRunningChain<T extends { chainId?: number | null; contract?: string | null }>(
  input: T,
  token: ChainToken,
): T & { chainId: number } {
  if (input.chainId !== undefined && input.chainId !== null && input.chainId !== token.chainId) {
    throw invalidField('chainId', say('product_other_chain', { chainId: token.chainId, given: input.chainId }));
  }
  if (input.contract && input.contract.toLowerCase() !== token.contract.toLowerCase()) {
    throw invalidField('contract', say('product_other_contract', { contract: token.contract }));
  }
  return { ...input, chainId: token.chainId, ...(input.contract ? { contract: token.contract } : {}) };
}
