/** What the order routes take (zod schemas built from the text type, for the server and forms) and what they answer. */
import { z } from 'zod';
import { idsQuery } from './bulk.schemas.js';
import { checkDayRange, dayRange, listQueryOf } from './list.schemas.js';
import { answerText, instant, listTotal, nullableInstant, okWith } from './answers.schemas.js';
import { mintJobAnswer } from './mint.schemas.js';
import {
  ORDER_SORTS,
  ORDER_STATUSES,
  type OrderDetail,
  type OrderItem,
  type OrderPayment,
  type OrderStats,
  type OrderSummary,
  type ShopOrder,
} from './orders.js';
import { optionalText, text } from './text.js';

/** `ids` narrows the list to the selected orders (an export of a selection). */
/** The list's filters; `from`/`to`: days in the site's timezone, by when the order was placed. */
export const orderListQuery = listQueryOf(ORDER_STATUSES, ORDER_SORTS, 'createdAt')
  .extend({ ids: idsQuery })
  .extend(dayRange.shape)
  .superRefine(checkDayRange);
export type OrderListQuery = z.infer<typeof orderListQuery>;

const quantity = 'Quantity must be a whole number of at least 1.';

export const createOrderBody = z.object({
  userEmail: text('Customer email', { max: 254 }).email('Customer email must be a valid email address.'),
  productId: text('Product', { max: 36, tooLong: 'Product must be a product id (a UUID).' }).uuid(
    'Product must be a product id (a UUID).',
  ),
  qty: z.coerce
    .number({ error: quantity })
    .int(quantity)
    .min(1, quantity)
    .max(10_000, 'Quantity can be at most 10,000.'),
  couponCode: optionalText('Coupon code', 64),
  walletAddress: optionalText('Wallet address', 100, 'Not a valid EVM address.'),
});
export type CreateOrderInput = z.infer<typeof createOrderBody>;

/** An order as lists answer it (`OrderSummary`, server/modules/orders/present.ts and list-json.ts). */
export const orderSummaryAnswer = z.object({
  id: answerText,
  status: answerText,
  qty: z.number().int(),
  amountFiat: z.number(),
  currency: answerText,
  customerEmail: answerText,
  userId: answerText.nullable(),
  walletAddress: answerText.nullable(),
  couponCode: answerText.nullable(),
  test: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
  paidAt: nullableInstant,
  fulfilledAt: nullableInstant,
}) satisfies z.ZodType<OrderSummary>;

const orderItemAnswer = z.object({
  id: answerText,
  productId: answerText,
  title: answerText,
  sku: answerText,
  qty: z.number().int(),
  unitPriceFiat: z.number(),
  lineTotalFiat: z.number(),
  tokenised: z.boolean(),
  chainId: z.number().int().nullable(),
  contract: answerText.nullable(),
  tokenId: answerText.nullable(),
}) satisfies z.ZodType<OrderItem>;

export const orderPaymentAnswer = z.object({
  id: answerText,
  orderId: answerText.nullable(),
  method: answerText,
  provider: answerText,
  amount: z.number(),
  refunded: z.number(),
  currency: answerText,
  status: answerText,
  reference: answerText.nullable(),
  url: answerText.nullable(),
  test: z.boolean(),
  createdAt: instant,
  completedAt: nullableInstant,
}) satisfies z.ZodType<OrderPayment>;

/** A shopper's own order: the detail without the customer block (`ShopOrder`). */
export const shopOrderAnswer = orderSummaryAnswer.extend({
  subtotal: z.number(),
  discount: z.number(),
  memberDiscount: z.number().describe('The part of `discount` that is the member level’s'),
  tax: z.number(),
  shipping: z.number(),
  items: z.array(orderItemAnswer),
  payment: orderPaymentAnswer.nullable(),
  mintJobs: z.array(mintJobAnswer).describe('One per tokenised line once the order is paid'),
}) satisfies z.ZodType<ShopOrder>;

export const orderDetailAnswer = shopOrderAnswer.extend({
  customer: z.object({ id: answerText, email: answerText, name: answerText.nullable() }).nullable(),
}) satisfies z.ZodType<OrderDetail>;

export const orderOne = okWith({ order: orderDetailAnswer });
export const orderPage = okWith({ orders: z.array(orderSummaryAnswer), ...listTotal });
const count = z.number().int();
export const orderStatsAnswer = okWith({
  stats: z.object({
    total: count,
    pending: count,
    paid: count,
    failed: count,
    refunded: count,
    fulfilled: count,
    totalIsEstimate: z.boolean(),
  }) satisfies z.ZodType<OrderStats>,
});
export const shopOrderPage = okWith({ orders: z.array(shopOrderAnswer), ...listTotal });
