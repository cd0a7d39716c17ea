/** What the coupon routes take: each field alone (the rules between fields are the coupons policy's). */
import { z } from 'zod';
import { optionalDateTime } from './dates.schemas.js';
import { COUPON_SORTS, COUPON_STATUSES, DISCOUNT_TYPES } from './coupons.js';
import { listQueryOf } from './list.schemas.js';
import { fiatAmount as amount } from './money.schemas.js';
import { optionalText, text } from './text.js';

const count = (label: string) => z.number({ error: `${label} must be a whole number of at least 1.` })
  .int(`${label} must be a whole number of at least 1.`).min(1, `${label} must be a whole number of at least 1.`)
  .max(1_000_000_000, `${label} can be at most 1,000,000,000.`).nullish().transform((v) => v ?? null);


const fields = {
  code: text('Code', { max: 40 }).regex(/^[A-Za-z0-9_-]+$/, 'Code may use letters, digits, dash and underscore only.'),
  description: optionalText('Description', 500),
  discountType: z.enum(DISCOUNT_TYPES, { error: 'Discount type must be percentage or fixed.' }),
  /** In cents for a fixed amount, in hundredths of a percent for a percentage. */
  discountValue: amount('Discount value'),
  usageLimit: count('Usage limit'),
  perCustomerLimit: count('Per-customer limit'),
  minimumSubtotal: amount('Minimum subtotal').nullish().transform((v) => v ?? null),
  startDate: optionalDateTime('Start date'),
  endDate: optionalDateTime('End date'),
};

export const couponBody = z.object(fields);
export const couponPatch = z.object(fields).partial();
export type CouponInput = z.infer<typeof couponBody>;
export type CouponPatch = z.infer<typeof couponPatch>;

export const couponListQuery = listQueryOf(COUPON_STATUSES, COUPON_SORTS, 'createdAt');
export type CouponListQuery = z.infer<typeof couponListQuery>;
