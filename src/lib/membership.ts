/** Pure membership arithmetic the browser apps show (the server decides; this only explains). */
import { fromCents, toCents } from '../common/money';
import type { OrderPricing } from '../common/orders';

/** A stored order's `discount` is every discount: the coupon's part is what the member's leaves (in cents, no float). */
export const couponDiscount = (order: Pick<OrderPricing, 'discount' | 'memberDiscount'>) =>
  fromCents(toCents(order.discount) - toCents(order.memberDiscount));

/** Whole tokens `points` can buy when each costs `pointsPerToken` points (0 when the rate is not a positive integer). */
export function affordableTokens(points: number, pointsPerToken: number): number {
  if (!Number.isSafeInteger(pointsPerToken) || pointsPerToken <= 0 || !Number.isFinite(points) || points <= 0) return 0;
  return Math.floor(points / pointsPerToken);
}
