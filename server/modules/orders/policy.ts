/**
 * Orders: staff read them, admins and operators create them for a customer; and the order lifecycle
 * (DESIGN.md, Lifecycles), the one table of legal moves.
 */
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

export function illegalMoveSentence(from: string, to: OrderStatus) {
  return `An order that is ${from} cannot become ${to}.`;
}

/** A paid order is fulfilled once every one of its mint jobs has succeeded. */
export const isFulfilledBy = (status: string, openMintJobs: number) => canMove(status, 'fulfilled') && openMintJobs === 0;
