/** The order domain as both sides see it: vocabulary and the API's order shapes (request schemas: orders.schemas.ts). */
import { enumReader } from './list.js';
import type { MintJob } from './mint.js';

export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'fulfilled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_SORTS = ['createdAt', 'amountFiat', 'qty', 'status'] as const;
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;
/** Who marks an order fulfilled (its audit entry's `by`): the mint worker once its tokens are minted, or staff. */
export const ORDER_FULFILLERS = ['mint', 'staff'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Unknown statuses render as pending. */
export const orderStatusOf = enumReader(ORDER_STATUSES, 'pending');
export const paymentStatusOf = enumReader(PAYMENT_STATUSES, 'pending');

/** An order as lists answer it (server/modules/orders/present.ts; list-json.ts renders the same shape). */
export type OrderSummary = {
  id: string;
  status: string;
  qty: number;
  amountFiat: number;
  currency: string;
  customerEmail: string;
  userId: string | null;
  walletAddress: string | null;
  couponCode: string | null;
  test: boolean;
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
  fulfilledAt: string | null;
};

export type OrderItem = {
  id: string;
  productId: string;
  title: string;
  sku: string;
  qty: number;
  unitPriceFiat: number;
  lineTotalFiat: number;
  tokenised: boolean;
  chainId: number | null;
  contract: string | null;
  tokenId: string | null;
};

export type OrderPayment = {
  id: string;
  orderId: string | null;
  method: string;
  provider: string;
  amount: number;
  refunded: number;
  currency: string;
  status: string;
  reference: string | null;
  url: string | null;
  test: boolean;
  createdAt: string;
  completedAt: string | null;
};

/**
 * How an order's amount was made: subtotal − discount + tax + shipping = amountFiat. `discount` is every discount;
 * `memberDiscount` the part of it that is the member level's (the rest is the coupon's).
 */
export type OrderPricing = {
  subtotal: number;
  discount: number;
  memberDiscount: number;
  tax: number;
  shipping: number;
};

export type OrderDetail = OrderSummary &
  OrderPricing & {
    items: OrderItem[];
    customer: { id: string; email: string; name: string | null } | null;
    payment: OrderPayment | null;
    /** One per tokenised line once the order is paid. */
    mintJobs: MintJob[];
  };

/** A shopper's own order (GET /api/shop/orders): the detail without the customer block. */
export type ShopOrder = Omit<OrderDetail, 'customer'>;

export type OrderStats = Record<OrderStatus | 'total', number> & { totalIsEstimate: boolean };
