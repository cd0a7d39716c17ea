/** What pricing a cart takes. */
import { z } from 'zod';
import { optionalText, text } from './text.js';

const quantity = 'Quantity must be a whole number from 1 to 10,000.';

export const cartItem = z.object({
  productId: text('Product', { max: 36, tooLong: 'Product must be a product id (a UUID).' }).uuid('Product must be a product id (a UUID).'),
  qty: z.number({ error: quantity }).int(quantity).min(1, quantity).max(10_000, quantity),
});

export const cartPriceBody = z.object({
  items: z.array(cartItem, { error: 'Items must be a list of {productId, qty}.' })
    .min(1, 'The cart is empty: add at least one item.').max(100, 'A cart can hold at most 100 lines.'),
  couponCode: optionalText('Coupon code', 40),
});
export type CartPriceInput = z.infer<typeof cartPriceBody>;
