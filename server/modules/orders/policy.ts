/**
 * Orders: staff read them, admins and operators create them for a customer; and the order lifecycle
 * (PRODUCT.md, Lifecycles), the one table of legal moves.
 */
import { say, type Said } from '../../lib/errors.js';
import { ORDER_STATUSES, type OrderStatus } from '../../../src/common/orders.js';
import { resourceAccess } from '../../lib/access.js';

export const orderAccess = resourceAccess('orders');

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'failed'],
  paid: ['fulfilled', 'refunded'],
  fulfilled: ['refunded'],
  failed: [],
  refunded: [],
};

export const canMove = (from: string, to: OrderStatus) =>
  (ORDER_STATUSES as readonly string[]).includes(from) && NEXT[from as OrderStatus].includes(to);

export function illegalMoveMessage(from: string, to: OrderStatus) {
  return say('illegal_transition', { from, to });
}

/**
 * Why staff may not mark this order fulfilled by hand, or null when they may: only a paid order, and only when no
 * line carries a token (those are fulfilled by their mints).
 */
export function manualFulfilRefusal(status: string, tokenisedLines: number): Said | null {
  if (!canMove(status, 'fulfilled')) return illegalMoveMessage(status, 'fulfilled');
  if (tokenisedLines > 0) return say('order_fulfilled_by_mints');
  return null;
}

/** Why this member of staff may not make this test-paid order, or null: nobody gives themself an order paid by nobody. */
export const ownMockOrderRefusal = (actorId: string | null, customerId: string): Said | null =>
  actorId !== null && actorId === customerId ? say('own_mock_order') : null;

/** A paid order is fulfilled once every one of its mint jobs has succeeded. */
export const isFulfilledBy = (status: string, openMintJobs: number) =>
  canMove(status, 'fulfilled') && openMintJobs === 0;
