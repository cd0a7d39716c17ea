/** What the payments routes take (zod schemas built from the text type, for the server and forms) and what they answer. */
import { z } from 'zod';
import { answerText, countsOf, instant, listTotal, nullableInstant, okWith } from './answers.schemas.js';
import type { HostedPayment, SandboxConfirmation } from './checkout.js';
import { checkDayRange, dayRange, listQueryOf } from './list.schemas.js';
import { fiatAmount } from './money.schemas.js';
import { PAYMENT_STATUSES } from './orders.js';
import { orderPaymentAnswer, orderSummaryAnswer } from './orders.schemas.js';
import {
  PAYMENT_EVENT_TYPES,
  PAYMENT_SORTS,
  REFUND_WAYS,
  type CryptoDeposit,
  type CryptoRefund,
  type HostedCryptoPayment,
  type Payment,
  type PaymentDetail,
  type PaymentEvent,
  type PaymentStats,
  type Refund,
} from './payments.js';
import { optionalText, text } from './text.js';

/** A method or provider name to filter by; blank reads as no filter. */
const name = (label: string) =>
  text(label, { max: 40, min: 0 })
    .optional()
    .transform((v) => v || undefined);

/** The list's filters; `from`/`to`: days in the site's timezone, by when the payment's money moved (its completion). */
export const paymentListQuery = listQueryOf(PAYMENT_STATUSES, PAYMENT_SORTS, 'createdAt')
  .extend({ method: name('method'), provider: name('provider') })
  .extend(dayRange.shape)
  .superRefine(checkDayRange);
export type PaymentListQuery = z.infer<typeof paymentListQuery>;

export const refundBody = z.object({
  /** More than 0, but for a payment made with points (0: its points go back whole). */
  amount: fiatAmount('Amount'),
  reason: text('Reason', { max: 500 }),
  /** A recorded refund's proof: the bank transfer's or the provider's reference (required for those). */
  reference: optionalText('Reference', 200),
});
export type RefundInput = z.infer<typeof refundBody>;

/** A payment as the payments list answers it (`Payment`, server/modules/payments/present.ts). */
const refundUnavailableAnswer = z
  .object({ messageCode: answerText, params: z.record(answerText, answerText), message: answerText })
  .nullable()
  .describe('Why the payment cannot be refunded here now (its provider is not configured); null when it can');

export const paymentAnswer = orderPaymentAnswer.extend({
  customerId: answerText.nullable().describe('The order’s customer account; null for a guest'),
  customerEmail: answerText.nullable(),
  refundWay: z
    .enum(REFUND_WAYS)
    .describe('provider: through its API; recorded: sent back outside the platform, with a reference; points'),
  refundUnavailable: refundUnavailableAnswer,
  refundable: z.number().describe('What may still be refunded: the amount less the refunds so far'),
  dashboardUrl: answerText
    .nullable()
    .describe('The provider’s own page for this payment; null when the provider has none'),
}) satisfies z.ZodType<Payment>;

const paymentStatsAnswer = z.object({
  counts: countsOf(PAYMENT_STATUSES).describe('Each status’s count under the list’s other filters'),
  countsAreEstimates: z.boolean(),
  totalAmount: z.number().describe('Net revenue of the filter: gross less refunds (the same figure as `net`)'),
  gross: z.number().describe('Payments of the filter received in the period (by their completion)'),
  refunds: z.number().describe('Refunds made in the period on payments of the filter'),
  net: z.number().describe('Gross less refunds: revenue, as the dashboard and the reports count it'),
  providers: z.array(answerText).describe('Every provider that has payments, for the method filter'),
}) satisfies z.ZodType<PaymentStats>;

export const paymentPage = okWith({ payments: z.array(paymentAnswer), ...listTotal, stats: paymentStatsAnswer });

const txUrl = answerText.nullable().describe('The transaction’s page on a block explorer');

/** A crypto payment's deposit address and what it holds; amounts are exact decimals of the native token (`symbol`). */
export const cryptoDepositAnswer = z.object({
  depositAddress: answerText,
  chainId: z.number().int(),
  symbol: answerText.describe('The chain’s native token (ETH)'),
  amount: answerText,
  received: answerText.describe('What the address held at the last confirmed height the watcher read'),
  missing: answerText.describe('What is still owed (0 once paid)'),
  overpaid: answerText.describe('Received beyond the amount'),
  payer: answerText.nullable().describe('The sender of the largest transfer seen: refunds go back there'),
  txHash: answerText.nullable(),
  txUrl,
  confirmations: z.number().int().describe('Confirmations the watcher waits for'),
  paymentUri: answerText.describe(
    'An EIP-681 payment request (ethereum:{address}@{chainId}?value={wei}) for a wallet, and the QR code’s content',
  ),
  transfers: z.array(
    z.object({ txHash: answerText, from: answerText, value: answerText, blockNumber: z.number().int() }),
  ),
}) satisfies z.ZodType<CryptoDeposit>;

const cryptoRefundAnswer = z.object({
  txHash: answerText,
  txUrl,
  to: answerText,
  value: answerText,
  fee: answerText.describe('The network fee, paid out of the refund'),
  status: z.enum(['sent', 'confirmed', 'reverted']),
}) satisfies z.ZodType<CryptoRefund>;

const refundAnswer = z.object({
  id: answerText,
  amount: z.number(),
  reason: answerText,
  reference: answerText.nullable().describe('The provider’s id for the refund'),
  crypto: cryptoRefundAnswer.nullable(),
  by: answerText.nullable().describe('The email of who gave the money back; null when the user is gone'),
  createdAt: instant,
}) satisfies z.ZodType<Refund>;

const paymentEventAnswer = z.object({
  type: z.enum(PAYMENT_EVENT_TYPES),
  createdAt: instant,
  amount: z.number().nullable().describe('A refund’s amount'),
  reason: answerText.nullable(),
  reference: answerText.nullable().describe('The provider’s id of the charge or refund, or of its event'),
  code: answerText.nullable().describe('The provider’s code of a refusal or failure, or its event’s type'),
}) satisfies z.ZodType<PaymentEvent>;

const paymentDetailAnswer = paymentAnswer.extend({
  order: orderSummaryAnswer.nullable(),
  crypto: cryptoDepositAnswer.nullable(),
  refunds: z.array(refundAnswer),
  events: z.array(paymentEventAnswer).describe('The timeline, oldest first'),
}) satisfies z.ZodType<PaymentDetail>;

export const paymentDetailOne = okWith({ payment: paymentDetailAnswer });

/** POST /api/payments/{id}/refund's answer (`RefundResult`): the payment after the refund, and the refund. */
export const refundResultFields = { payment: paymentDetailAnswer, refund: refundAnswer };
export const refundResultAnswer = okWith(refundResultFields);

/** What a hosted payment page shows the buyer (`HostedPayment`): the amount and the parts that make it. */
const hostedPaymentAnswer = z.object({
  id: answerText,
  orderId: answerText,
  amount: z.number(),
  currency: answerText,
  status: z.enum(PAYMENT_STATUSES),
  siteName: answerText,
  items: z.array(z.object({ title: answerText, qty: z.number().int(), lineTotal: z.number() })),
  subtotal: z.number(),
  discount: z.number(),
  memberDiscount: z.number().describe('The part of `discount` that is the member level’s'),
  tax: z.number(),
  shipping: z.number(),
  couponCode: answerText.nullable(),
  returnUrl: answerText.describe('Where the page sends the buyer after paying (with `orderId` added to its query)'),
  cancelUrl: answerText,
  expiresAt: nullableInstant,
}) satisfies z.ZodType<HostedPayment>;

export const hostedPaymentOne = okWith({ payment: hostedPaymentAnswer });
export const hostedCryptoPaymentOne = okWith({
  payment: hostedPaymentAnswer.extend({ crypto: cryptoDepositAnswer }) satisfies z.ZodType<HostedCryptoPayment>,
});
const sandboxConfirmation = z.object({
  payment: hostedPaymentAnswer,
  redirectUrl: answerText.describe('Where the page sends the buyer now'),
}) satisfies z.ZodType<SandboxConfirmation>;
export const sandboxConfirmationAnswer = okWith(sandboxConfirmation.shape);
