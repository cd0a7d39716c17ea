import type { MintJob } from '../../pages/mint-queue/constants';
/** The order vocabulary of the API (server/modules/orders). */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'fulfilled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDERS_PER_PAGE = 20;
/** Ids are shown truncated in tables (SPEC §9). */
export const ID_LENGTH = 12;

/** Unknown statuses render as pending (SPEC §4). */
export const orderStatusOf = (value: unknown): OrderStatus =>
  (ORDER_STATUSES as readonly unknown[]).includes(value) ? (value as OrderStatus) : 'pending';

export const shortId = (id: unknown) => String(id ?? '').slice(0, ID_LENGTH);

export type OrderSummary = {
  id: string;
  status: string;
  qty: number;
  amountFiat: number;
  currency: string;
  customerEmail: string;
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
  method: string;
  provider: string;
  amount: number;
  currency: string;
  status: string;
  reference: string | null;
  test: boolean;
  createdAt: string;
};

export type OrderDetail = OrderSummary & {
  items: OrderItem[];
  customer: { id: string; email: string; name: string | null } | null;
  payment: OrderPayment | null;
  /** One per tokenised line once the order is paid. */
  mintJobs?: MintJob[];
};

export type OrderStats = Record<OrderStatus | 'total', number> & { totalIsEstimate: boolean };
