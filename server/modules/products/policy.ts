/** Products: staff read the catalogue, admins and operators change it; a product that was ordered is kept. */
import { say, type Said } from '../../lib/errors.js';
import { resourceAccess } from '../../lib/access.js';

export const productAccess = resourceAccess('products');

/** Why a product may not be deleted, or null when it may: orders keep their products, which can be set inactive instead. */
export const deleteRefusal = (product: { title: string }, ordered: boolean): Said | null =>
  ordered ? say('product_in_use', { title: product.title }) : null;
