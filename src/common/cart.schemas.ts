/** What pricing a cart takes, and its answer. */
import { z } from 'zod';
import { answerText, messageAnswer, okWith } from './answers.schemas.js';
import type { CartPrice } from './cart.js';
import { MEMBER_LEVELS } from './membership.js';
import { optionalText, text } from './text.js';

const quantity = 'Quantity must be a whole number from 1 to 10,000.';

export const cartItem = z.object({
  productId: text('Product', { max: 36, tooLong: 'Product must be a product id (a UUID).' }).uuid(
    'Product must be a product id (a UUID).',
  ),
  qty: z.number({ error: quantity }).int(quantity).min(1, quantity).max(10_000, quantity),
});

export const cartPriceBody = z.object({
  items: z
    .array(cartItem, { error: 'Items must be a list of {productId, qty}.' })
    .min(1, 'The cart is empty: add at least one item.')
    .max(100, 'A cart can hold at most 100 lines.'),
  couponCode: optionalText('Coupon code', 40),
});
export type CartPriceInput = z.infer<typeof cartPriceBody>;

/** A priced cart as the API answers it (`CartPrice`, server/modules/cart/present.ts). */
export const cartPriceAnswer = z.object({
  lines: z.array(
    z.object({
      productId: answerText,
      qty: z.number().int(),
      title: answerText.nullable(),
      unitPrice: z.number().nullable(),
      lineTotal: z.number(),
      tokenised: z.boolean(),
      error: answerText.nullable().describe('Why this line cannot be bought as asked; it then counts for nothing'),
      errorMessage: messageAnswer.nullable(),
    }),
  ),
  subtotal: z.number(),
  discount: z.number().describe('The coupon’s discount'),
  memberDiscount: z.number(),
  tax: z.number(),
  shipping: z.number(),
  total: z.number(),
  currency: answerText,
  coupon: z
    .object({
      code: answerText,
      valid: z.boolean(),
      message: answerText,
      said: messageAnswer.nullable(),
      discount: z.number(),
    })
    .nullable(),
  member: z.object({ level: z.enum(MEMBER_LEVELS), discount: z.number(), freeShipping: z.boolean() }).nullable(),
}) satisfies z.ZodType<CartPrice>;

export const cartPriceOk = okWith(cartPriceAnswer.shape);
