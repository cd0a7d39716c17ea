/**
 * The payments domain as the back office sees it: vocabulary and the API's payment, refund and timeline shapes
 * (request schemas: payments.schemas.ts). Money as numbers with 2 decimals. Statuses: orders.ts PAYMENT_STATUSES.
 */
import { PAYMENT_PROVIDERS, type HostedPayment } from './checkout.js';
import type { ListTotal } from './list.js';
import { PAYMENT_RATE_LIMITED } from './messages.js';
import type { OrderPayment, OrderSummary, PaymentStatus } from './orders.js';

export const PAYMENT_SORTS = ['createdAt', 'amount', 'status'] as const;

/** The provider (and method) of the test payments that pay mock orders. */
export const TEST_PROVIDER = 'test';
/** The providers this server knows, and the test one: the payments list's method filter. */
export const PAYMENT_FILTER_PROVIDERS = [...PAYMENT_PROVIDERS, TEST_PROVIDER] as const;
/** The provider (and method) of the orders that redeemed points pay for. */
export const POINTS_PROVIDER = 'points';
/** Every provider an order is paid through: the payment providers, the test one and points. */
export const ORDER_PROVIDERS = [...PAYMENT_FILTER_PROVIDERS, POINTS_PROVIDER] as const;
/** How a payment was made: a card, a crypto transfer, or (no payment) the test provider or points. */
export const PAYMENT_METHODS = ['card', 'crypto', TEST_PROVIDER, POINTS_PROVIDER] as const;

/** What a payment's timeline records, oldest first. */
/** `webhook`: a provider's event arrived (its type in `code`, its id in `reference`), whatever it changed. */
/** `received`: the crypto watcher saw the deposit address's balance change (under, exact or over in `code`). */
export const PAYMENT_EVENT_TYPES = [
  'created',
  'confirmed',
  'refused',
  'failed',
  'refunded',
  'webhook',
  'received',
] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

/**
 * How a payment's money goes back: through its provider's API (`provider`: the sandbox, Stripe, crypto on chain),
 * recorded by staff who sent it back outside the platform (`recorded`: a bank transfer, a provider without an API,
 * with the bank's or provider's reference), or as the points that paid it (`points`).
 */
export const REFUND_WAYS = ['provider', 'recorded', 'points'] as const;
export type RefundWay = (typeof REFUND_WAYS)[number];

/** Providers whose payments are refunded through their API, once configured on this server. */
export const API_PROVIDERS: readonly string[] = ['sandbox', 'stripe', 'crypto', 'paypal', 'alipay', 'wechat'];

/** Why a refund cannot be made here now: a message code of the errors catalogue, its params and its English. */
export type RefundUnavailable = { messageCode: string; params: Record<string, string>; message: string };

/** A payment as the payments list answers it. */
export type Payment = OrderPayment & {
  /** The order's customer: their account (null for a guest) and email. */
  customerId: string | null;
  customerEmail: string | null;
  refundWay: RefundWay;
  /** Set when the refund is impossible here (a provider with an API that is not configured): the button says why. */
  refundUnavailable: RefundUnavailable | null;
  /** What may still be refunded: the amount less the refunds so far. */
  refundable: number;
  /** The provider's own page for this payment ("View in Dashboard"); null when the provider has none. */
  dashboardUrl: string | null;
};

/** A crypto payment's deposit address and what it holds (amounts are exact decimal strings of the native token). */
export type CryptoDeposit = {
  depositAddress: string;
  chainId: number;
  /** The native token's symbol (ETH). */
  symbol: string;
  amount: string;
  /** What the address held at the last confirmed height the watcher read (frozen once the payment completed). */
  received: string;
  /** What is still owed (0 once paid). */
  missing: string;
  /** Received beyond the amount. */
  overpaid: string;
  /** Who paid (the sender of the largest transfer seen) and that transfer's hash: refunds go back there. */
  payer: string | null;
  txHash: string | null;
  /** The transaction's page (the admin's `/tx/{hash}` on the dev chain, a block explorer elsewhere). */
  txUrl: string | null;
  /** Confirmations the watcher waits for. */
  confirmations: number;
  /** An EIP-681 payment request (`ethereum:{address}@{chainId}?value={wei}`) that a wallet opens with all of it filled in. */
  paymentUri: string;
  /** Every transfer to the address the watcher found. */
  transfers: { txHash: string; from: string; value: string; blockNumber: number }[];
};

/** GET /api/payments/crypto/{paymentId}: the buyer's crypto page (address, amount, what arrived, what is missing). */
export type HostedCryptoPayment = HostedPayment & { crypto: CryptoDeposit };

/** A crypto refund's transaction: what went back, the network fee it paid (out of the refund), and whether it is mined. */
export type CryptoRefund = {
  txHash: string;
  txUrl: string | null;
  to: string;
  value: string;
  fee: string;
  status: 'sent' | 'confirmed' | 'reverted';
};

export type Refund = {
  id: string;
  amount: number;
  reason: string;
  /** The provider's id for the refund. */
  reference: string | null;
  /** A crypto refund's transaction; null for other providers. */
  crypto: CryptoRefund | null;
  /** Who gave the money back (their email), null when the user is gone. */
  by: string | null;
  createdAt: string;
};

export type PaymentEvent = {
  type: PaymentEventType;
  createdAt: string;
  /** A refund's amount. */
  amount: number | null;
  /** Why it failed, was refused or refunded. */
  reason: string | null;
  /** The provider's id of the charge or refund. */
  reference: string | null;
  /** The provider's code of a refusal or failure. */
  code: string | null;
};

/** GET /api/payments/{id}: the payment, the order it pays, its refunds and its timeline. */
export type PaymentDetail = Payment & {
  order: OrderSummary | null;
  /** A crypto payment's deposit; null for other providers. */
  crypto: CryptoDeposit | null;
  refunds: Refund[];
  events: PaymentEvent[];
};

/**
 * What GET /api/payments answers beside the page: the count of each status under the list's other filters, and the
 * revenue of the whole filter (server/lib/revenue.ts): `totalAmount` is `net`.
 */
export type PaymentStats = {
  counts: Record<PaymentStatus, number>;
  countsAreEstimates: boolean;
  totalAmount: number;
  gross: number;
  refunds: number;
  net: number;
  /** Every provider that has payments, whatever the filter: the method filter's choices. */
  providers: string[];
};

export type PaymentList = ListTotal & { payments: Payment[]; stats: PaymentStats };

/** POST /api/payments/{id}/refund's answer. */
export type RefundResult = { payment: PaymentDetail; refund: Refund };

/** An error containing this is a payments rate limit: the screen shows its rate-limit notice instead of the message. */
export const PAYMENT_RATE_LIMIT_PHRASE = 'Too many payment requests';

/** The server's 429 on payment-moving calls (code `payment_rate_limited`); the transport keeps it instead of the generic 429 sentence. */
export const PAYMENT_RATE_LIMIT_SENTENCE = `${PAYMENT_RATE_LIMIT_PHRASE}: wait a minute, then try again.`;

/** `code` is the error's code when known: a translated message no longer holds the English phrase. */
export const isPaymentRateLimit = (message: string | null | undefined, code?: unknown) =>
  code === PAYMENT_RATE_LIMITED || !!message?.includes(PAYMENT_RATE_LIMIT_PHRASE);
