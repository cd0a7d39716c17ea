/** What the order routes take: zod schemas built from the text type, for the server and forms. */
import { z } from 'zod';
import { idsQuery } from './bulk.schemas.js';
import { listQueryOf } from './list.schemas.js';
import { ORDER_SORTS, ORDER_STATUSES } from './orders.js';
import { optionalText, text } from './text.js';

/** `ids` narrows the list to the selected orders (an export of a selection). */
export const orderListQuery = listQueryOf(ORDER_STATUSES, ORDER_SORTS, 'createdAt').extend({ ids: idsQuery });
export type OrderListQuery = z.infer<typeof orderListQuery>;

const quantity = 'Quantity must be a whole number of at least 1.';

export const createOrderBody = z.object({
  userEmail: text('Customer email', { max: 254 }).email('Customer email must be a valid email address.'),
  productId: text('Product', { max: 36, tooLong: 'Product must be a product id (a UUID).' }).uuid('Product must be a product id (a UUID).'),
  qty: z.coerce.number({ error: quantity }).int(quantity).min(1, quantity).max(10_000, 'Quantity can be at most 10,000.'),
  couponCode: optionalText('Coupon code', 64),
  walletAddress: optionalText('Wallet address', 100, 'Not a valid EVM address.'),
});
export type CreateOrderInput = z.infer<typeof createOrderBody>;
