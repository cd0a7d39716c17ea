/**
 * Membership: everyone reads the levels; admins and operators edit them, adjust points and decide redemptions
 * (PRODUCT.md, Roles: membership levels are catalogue writes); every user has their own membership and staff read anyone's.
 * The points arithmetic is here, pure: whole points, rounded down, never float.
 */
import type { PointsEntryType } from '../../../src/common/membership.js';
import { can } from '../../../src/common/capabilities.js';
import { allow, PUBLIC, resourceAccess } from '../../lib/access.js';
import { say, type Said } from '../../lib/errors.js';

const redemptions = resourceAccess('redemptions');

export const membershipAccess = {
  levels: PUBLIC,
  /** The caller's own membership (staff may name anyone: `mayActFor`). */
  own: allow('self'),
  /** Editing levels and adding or removing points. */
  manage: redemptions.write,
};
export const redemptionAccess = redemptions;

/** Whether `role` may read another user's membership (staff read any member; a shopper only their own). */
export const mayReadOthers = (role: string | null | undefined) => can(role, 'backoffice.read');

/** Orders that count as paid for a level (a refunded one no longer does). */
export const PAID_ORDER_STATUSES = ['paid', 'fulfilled'] as const;

/** Entries that move the points a level is computed from (earning and its reversal, staff adjustments); spending does not. */
export const countsForLevel = (type: PointsEntryType) =>
  type === 'EARNED' || type === 'REVERSED' || type === 'ADJUSTED';

/** Points for `baseCents` of paid subtotal at `perUnit` points per 1.00, rounded down. */
export const pointsForOrder = (baseCents: number, perUnit: number) =>
  baseCents <= 0 || perUnit <= 0 ? 0 : Number((BigInt(baseCents) * BigInt(perUnit)) / 100n);

/** What an order's `earned` points shrink to once `refundedCents` of its `amountCents` are refunded, rounded down. */
export function pointsLeftAfterRefund(earned: number, amountCents: number, refundedCents: number): number {
  if (amountCents <= 0 || refundedCents >= amountCents) return 0;
  return Number((BigInt(earned) * BigInt(amountCents - Math.max(0, refundedCents))) / BigInt(amountCents));
}

/** Points a redemption of `quantity` units at `priceCents` costs at `perUnit` points per 1.00, rounded up (at least 1). */
export const redemptionCost = (priceCents: number, quantity: number, perUnit: number) =>
  Math.max(1, Number((BigInt(priceCents) * BigInt(quantity) * BigInt(perUnit) + 99n) / 100n));

/** Tokens `points` buy at `pointsPerToken`, or why not: a conversion spends whole tokens' worth only. */
export function conversionRefusal(points: number, pointsPerToken: number): Said | null {
  if (points % pointsPerToken !== 0) {
    return say('conversion_not_multiple', { perToken: pointsPerToken });
  }
  return null;
}

/** Why `actorId` may not add or remove this member's points, or null: nobody adjusts their own balance. */
export const ownPointsRefusal = (actorId: string | null, memberId: string): Said | null =>
  actorId !== null && actorId === memberId ? say('own_points') : null;

/** Why `actorId` may not approve or reject this redemption, or null: nobody decides their own. */
export const ownRedemptionRefusal = (actorId: string | null, redemption: { userId: string }): Said | null =>
  actorId !== null && actorId === redemption.userId ? say('own_redemption') : null;
