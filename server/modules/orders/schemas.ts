import { z } from 'zod';
import { listQuery } from '../../lib/list.js';
import { ORDER_STATUSES } from './lifecycle.js';

export const ORDER_SORTS = ['createdAt', 'amountFiat', 'qty', 'status'] as const;

export const orderListQuery = listQuery.extend({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}.` }).optional(),
  sort: z.enum(ORDER_SORTS).default('createdAt'),
});

export const createOrderBody = z.object({
  userEmail: z.string({ error: 'Customer email is required.' }).trim().min(1, 'Customer email is required.')
    .email('Customer email must be a valid email address.'),
  productId: z.string({ error: 'Product is required.' }).uuid('Product must be a product id (a UUID).'),
  qty: z.coerce.number({ error: 'Quantity must be a whole number of at least 1.' })
    .int('Quantity must be a whole number of at least 1.').min(1, 'Quantity must be a whole number of at least 1.')
    .max(10_000, 'Quantity can be at most 10,000.'),
  couponCode: z.string({ error: 'Coupon code must be text.' }).trim().max(64, 'Coupon code can be at most 64 characters.').nullish().transform((v) => v || null),
  walletAddress: z.string({ error: 'Wallet address must be text.' }).trim().max(100, 'Not a valid EVM address.').nullish().transform((v) => v || null),
});

export type CreateOrderInput = z.infer<typeof createOrderBody>;
