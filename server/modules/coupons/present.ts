import type { Coupon, DiscountType } from '../../../src/common/coupons.js';
import { fromCents } from '../../../src/common/money.js';
import type { coupons } from '../../db/schema.js';
import { csvColumns, csvExport } from '../../lib/csv.js';
import { couponStatus } from './policy.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The coupons list's CSV (GET /api/coupons/export.csv). */
export const couponCsv = csvExport(
  'coupons',
  csvColumns<Coupon>({
    id: 'text',
    code: 'text',
    description: 'text',
    discountType: 'text',
    discountValue: 'number',
    status: 'text',
    usageLimit: 'number',
    perCustomerLimit: 'number',
    usedCount: 'number',
    reservedCount: 'number',
    minimumSubtotal: 'money',
    startDate: 'date',
    endDate: 'date',
    createdAt: 'date',
    updatedAt: 'date',
  }),
);

/** A coupon row as the API answers it; its status from the dates at `now`. */
export function presentCoupon(c: typeof coupons.$inferSelect, now = new Date()): Coupon {
  return {
    id: c.id,
    code: c.code,
    description: c.description,
    discountType: c.discountType as DiscountType,
    discountValue: Number(c.discountValue),
    usageLimit: c.usageLimit,
    perCustomerLimit: c.perCustomerLimit,
    minimumSubtotal: c.minimumSubtotalCents === null ? null : fromCents(c.minimumSubtotalCents),
    startDate: iso(c.startDate),
    endDate: iso(c.endDate),
    usedCount: c.usedCount,
    reservedCount: c.reservedCount,
    status: couponStatus(c, now),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}
