/**
 * Coupons: staff read them, admins and operators write them. The rules between fields live here, as do the
 * status (derived from the dates) and when a coupon may be changed or deleted.
 */
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

/** Expired once its end date has passed; active otherwise (SPEC §4). */
export const couponStatus = (c: { endDate: Date | null }, now: Date): CouponStatus =>
  c.endDate && c.endDate.getTime() < now.getTime() ? 'expired' : 'active';

/** The fields whose values do not fit together, with a sentence each; empty when the terms are sound. */
export function termProblems(c: CouponTerms): Record<string, string> {
  const problems: Record<string, string> = {};
  if (c.discountValue <= 0) problems.discountValue = 'Discount value must be more than 0.';
  else if (c.discountType === 'percentage' && c.discountValue > 100_00) problems.discountValue = 'A percentage discount can be at most 100.';
  if (c.startDate && c.endDate && c.endDate.getTime() <= c.startDate.getTime()) problems.endDate = 'End date must be after the start date.';
  if (c.usageLimit !== null && c.perCustomerLimit !== null && c.perCustomerLimit > c.usageLimit) {
    problems.perCustomerLimit = 'Per-customer limit cannot be more than the usage limit.';
  }
  if (c.usageLimit !== null && c.usageLimit < c.usedCount) {
    problems.usageLimit = `Usage limit cannot be below the ${c.usedCount} times this coupon was already used.`;
  }
  return problems;
}

/** Why a coupon may not be deleted, or null: paid orders keep the code they used, so a used coupon is retired by its end date. */
export function deleteRefusal(c: { code: string; usedCount: number; reservedCount?: number }): string | null {
  if (c.usedCount > 0) {
    return `Coupon "${c.code}" has been used ${c.usedCount} time${c.usedCount === 1 ? '' : 's'} and cannot be deleted. Set its end date to retire it instead.`;
  }
  if (c.reservedCount) return `Coupon "${c.code}" is held by ${c.reservedCount} unpaid order${c.reservedCount === 1 ? '' : 's'} and cannot be deleted yet.`;
  return null;
}
