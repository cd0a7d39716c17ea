/**
 * Checkout: anyone may buy (a logged-in caller is known, for the order's owner and a coupon's per-customer limit).
 * An order's buyer polls it with their login or with the secret the checkout answered; staff may look too.
 */
import { can } from '../../../src/common/capabilities.js';
import { RESOURCES } from '../../../src/common/resources.js';
import { PUBLIC_IDENTIFIED } from '../../lib/access.js';

export const checkoutAccess = { create: PUBLIC_IDENTIFIED, poll: PUBLIC_IDENTIFIED };

/** Where the buyer goes after paying and on cancel, unless the checkout names its own paths. */
export const DEFAULT_RETURN_URL = '/shop/checkout/complete';
export const DEFAULT_CANCEL_URL = '/shop/cart';

/** Who may read an order through the checkout poll. */
export function mayPoll(
  order: { userId: string | null },
  caller: { id: string; role: string } | null,
  holdsSecret: boolean,
): boolean {
  if (holdsSecret) return true;
  if (!caller) return false;
  return order.userId === caller.id || can(caller.role, RESOURCES.orders.read);
}

/** `returnUrl` with the order's id added to its query, so the page the buyer lands on knows what to show. */
export function withOrderId(returnUrl: string, orderId: string): string {
  const url = new URL(returnUrl, 'http://site.invalid');
  url.searchParams.set('orderId', orderId);
  return `${url.pathname}${url.search}${url.hash}`;
}
