/**
 * The storefront: anyone may browse what is on sale and sign up as a shopper; a logged-in user of any role
 * sees only their own orders. Drafts and withdrawn products are not for the public.
 */
import { allow, PUBLIC, PUBLIC_IDENTIFIED } from '../../lib/access.js';

/** The catalogue is public, and a logged-in member also sees the exclusive products of their level. */
export const shopAccess = { browse: PUBLIC, catalogue: PUBLIC_IDENTIFIED, own: allow('self') };

/** Only an active product is on sale; any other reads as not found, so drafts stay private. */
export const isOnSale = (product: { status: string }) => product.status === 'active';

/** Every account made by signing up is a shopper, whatever the request says. */
export const SIGNUP_ROLE = 'user';
