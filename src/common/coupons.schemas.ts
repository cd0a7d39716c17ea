/** What the coupon routes take, each field alone (the rules between fields are the coupons policy's), and what they answer. */
import { z } from 'zod';
import { answerText, instant, listTotal, nullableInstant, okWith } from './answers.schemas.js';
import { optionalDateTime } from './dates.schemas.js';
import { COUPON_SORTS, COUPON_STATUSES, DISCOUNT_TYPES, type Coupon } from './coupons.js';
import { listQueryOf } from './list.schemas.js';
import { fiatAmount as amount } from './money.schemas.js';
import { optionalText, text } from './text.js';

const count = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of at least 1.` })
    .int(`${label} must be a whole number of at least 1.`)
    .min(1, `${label} must be a whole number of at least 1.`)
    .max(1_000_000_000, `${label} can be at most 1,000,000,000.`)
    .nullish()
    .transform((v) => v ?? null);

const fields = {
  code: text('Code', { max: 40 }).regex(/^[A-Za-z0-9_-]+$/, 'Code may use letters, digits, dash and underscore only.'),
  description: optionalText('Description', 500),
  discountType: z.enum(DISCOUNT_TYPES, { error: 'Discount type must be percentage or fixed.' }),
  /** In cents for a fixed amount, in hundredths of a percent for a percentage. */
  discountValue: amount('Discount value'),
  usageLimit: count('Usage limit'),
  perCustomerLimit: count('Per-customer limit'),
  minimumSubtotal: amount('Minimum subtotal')
    .nullish()
    .transform((v) => v ?? null),
  startDate: optionalDateTime('Start date'),
  endDate: optionalDateTime('End date'),
};

export const couponBody = z.object(fields);
export const couponPatch = z.object(fields).partial();
export type CouponInput = z.infer<typeof couponBody>;
export type CouponPatch = z.infer<typeof couponPatch>;

export const couponListQuery = listQueryOf(COUPON_STATUSES, COUPON_SORTS, 'createdAt');
export type CouponListQuery = z.infer<typeof couponListQuery>;

/** A coupon as the API answers it (`Coupon`, server/modules/coupons/present.ts). */
export const couponAnswer = z.object({
  id: answerText,
  code: answerText,
  description: answerText.nullable(),
  discountType: z.enum(DISCOUNT_TYPES),
  discountValue: z.number().describe('A percentage (0–100] or an amount in the shop’s currency'),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  minimumSubtotal: z.number().nullable(),
  startDate: nullableInstant,
  endDate: nullableInstant,
  usedCount: z.number().int(),
  reservedCount: z
    .number()
    .int()
    .describe('Uses held by pending orders: they count against the usage limit until the order is paid or fails'),
  status: z.enum(COUPON_STATUSES).describe('From the dates: expired once the end date has passed'),
  createdAt: instant,
  updatedAt: instant,
}) satisfies z.ZodType<Coupon>;

export const couponOne = okWith({ coupon: couponAnswer });
export const couponPage = okWith({ coupons: z.array(couponAnswer), ...listTotal });
