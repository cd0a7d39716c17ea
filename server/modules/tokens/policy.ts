/**
 * Token metadata and product documents: anyone reads a tokenised product's metadata and its documents (wallets and
 * marketplaces do, without an account); staff who read products see a product's document history, and those who
 * change products attach and replace its documents.
 */
import { PUBLIC } from '../../lib/access.js';
import { resourceAccess } from '../../lib/access.js';
import { say, type Said } from '../../lib/errors.js';

const products = resourceAccess('products');
export const tokenAccess = { metadata: PUBLIC, read: products.read, write: products.write };

/** Only a tokenised product (one with a token id) has metadata, so only it takes documents. */
export const isTokenised = (product: { tokenId: string | null }) => product.tokenId !== null;

/**
 * Which products' metadata the world may read: tokenised ones that are on sale or were (a withdrawn product's tokens
 * are still held). A draft is not public yet.
 */
export const hasPublicMetadata = (product: { tokenId: string | null; status: string }) =>
  isTokenised(product) && product.status !== 'draft';

/** Why a document may not be attached (null: it may). */
export const attachRefusal = (product: { title: string; tokenId: string | null }): Said | null =>
  isTokenised(product) ? null : say('document_product_not_tokenised', { title: product.title });

/** Why `replaced` may not be replaced by a new document of `productId` (null: it may); 404 and 409 as they differ. */
export function replaceRefusal(
  replaced: { productId: string; replacedAt: Date | null } | undefined,
  productId: string,
): { status: 404 | 409; said: Said } | null {
  if (!replaced || replaced.productId !== productId) return { status: 404, said: say('document_not_found') };
  if (replaced.replacedAt) return { status: 409, said: say('document_already_replaced') };
  return null;
}
