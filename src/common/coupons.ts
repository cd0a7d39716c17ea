/** The coupon domain as both sides see it: vocabulary and the API's coupon shape (request schemas: coupons.schemas.ts). */
import { enumReader } from './list.js';

export const DISCOUNT_TYPES = ['percentage', 'fixed'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
/** Derived from the dates: a coupon whose end date has passed is expired. */
export const COUPON_STATUSES = ['active', 'expired'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
export const COUPON_SORTS = ['createdAt', 'code', 'endDate', 'usedCount'] as const;

export const couponStatusOf = enumReader(COUPON_STATUSES, 'active');

/** A coupon as the API answers it (server/modules/coupons/present.ts). Money and percentages as numbers with 2 decimals. */
export type Coupon = {
  id: string;
  code: string;
  description: string | null;
  discountType: DiscountType;
  /** A percentage (0–100] or an amount in the shop's currency. */
  discountValue: number;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  minimumSubtotal: number | null;
  startDate: string | null;
  endDate: string | null;
  usedCount: number;
  /** Uses held by pending orders: they count against the usage limit until the order is paid or fails. */
  reservedCount: number;
  status: CouponStatus;
  createdAt: string;
  updatedAt: string;
};
