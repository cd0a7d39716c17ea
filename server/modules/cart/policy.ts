/** Pricing a cart: anyone may ask; a logged-in shopper is known, so a coupon's per-customer limit can be applied. */
import { PUBLIC_IDENTIFIED } from '../../lib/access.js';

export const cartAccess = { price: PUBLIC_IDENTIFIED };

/** The order statuses that count as a use of a coupon: paid orders only (a pending checkout holds none). */
export const COUPON_USE_STATUSES = ['paid', 'fulfilled'] as const;
