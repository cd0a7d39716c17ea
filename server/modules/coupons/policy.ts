/**
 * Coupons: staff read them, admins and operators write them. The rules between fields live here, as do the
 * status (derived from the dates) and when a coupon may be changed or deleted.
 */
import { say, type Said } from '../../lib/errors.js';
import type { CouponStatus, DiscountType } from '../../../src/common/coupons.js';
import { resourceAccess } from '../../lib/access.js';

export const couponAccess = resourceAccess('coupons');

/** A coupon's terms as the rules see them (values in cents, or hundredths of a percent). */
export type CouponTerms = {
  discountType: DiscountType | string;
  discountValue: number;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  startDate: Date | null;
  endDate: Date | null;
  usedCount: number;
};

/** Expired once its end date has passed; active otherwise (PRODUCT.md, Lifecycles). */
export const couponStatus = (c: { endDate: Date | null }, now: Date): CouponStatus =>
  c.endDate && c.endDate.getTime() < now.getTime() ? 'expired' : 'active';

/** The fields whose values do not fit together, with a sentence each; empty when the terms are sound. */
export function termProblems(c: CouponTerms): Record<string, Said> {
  const problems: Record<string, Said> = {};
  if (c.discountValue <= 0) problems.discountValue = say('coupon_discount_positive');
  else if (c.discountType === 'percentage' && c.discountValue > 100_00)
    problems.discountValue = say('coupon_percentage_max');
  if (c.startDate && c.endDate && c.endDate.getTime() <= c.startDate.getTime())
    problems.endDate = say('coupon_end_before_start');
  if (c.usageLimit !== null && c.perCustomerLimit !== null && c.perCustomerLimit > c.usageLimit) {
    problems.perCustomerLimit = say('coupon_per_customer_over_limit');
  }
  if (c.usageLimit !== null && c.usageLimit < c.usedCount) {
    problems.usageLimit = say('coupon_limit_below_used', { usedCount: c.usedCount });
  }
  return problems;
}

/** Why a coupon may not be deleted, or null: paid orders keep the code they used, so a used coupon is retired by its end date. */
export function deleteRefusal(c: { code: string; usedCount: number; reservedCount?: number }): Said | null {
  if (c.usedCount > 0) {
    return say('coupon_used', { code: c.code, usedCount: c.usedCount, plural: c.usedCount === 1 ? '' : 's' });
  }
  if (c.reservedCount)
    return say('coupon_held', {
      code: c.code,
      reservedCount: c.reservedCount,
      plural: c.reservedCount === 1 ? '' : 's',
    });
  return null;
}

/** Why a coupon may not be expired now, or null: one already past its end date stays as it is. */
export function expireRefusal(c: { code: string; endDate: Date | null }, now: Date): Said | null {
  return couponStatus(c, now) === 'expired' ? say('coupon_already_expired', { code: c.code }) : null;
}
