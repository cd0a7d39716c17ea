/** What the Payment SDK routes take (zod schemas built from the text type, for the server and the screen's forms) and answer. */
import { z } from 'zod';
import { PAYMENT_PROVIDERS } from './checkout.js';
import { sitePath } from './checkout.schemas.js';
import { answerText, okSuccessWith, okWith } from './answers.schemas.js';
import { fiatAmount } from './money.schemas.js';
import type { SdkProvider } from './payment-sdk.js';
import { paymentAnswer, refundBody, refundResultFields } from './payments.schemas.js';
import { optionalText, text } from './text.js';

const uuid = (label: string) =>
  text(label, { max: 36, tooLong: `${label} must be a UUID.` }).uuid(`${label} must be a UUID.`);

export const sdkCreateBody = z.object({
  provider: z.enum(PAYMENT_PROVIDERS, { error: `Provider must be one of ${PAYMENT_PROVIDERS.join(', ')}.` }),
  amount: fiatAmount('Amount').refine((cents) => cents > 0, 'Amount must be more than 0.'),
  currency: text('Currency', { max: 10 }).transform((v) => v.trim().toUpperCase()),
  orderId: uuid('Order ID'),
  customerId: optionalText('Customer ID', 36),
  returnUrl: sitePath('Return URL'),
  cancelUrl: sitePath('Cancel URL'),
});
export type SdkCreateInput = z.infer<typeof sdkCreateBody>;

/** POST /api/payments/stripe/checkout: the amount and currency are the order's. */
export const stripeCheckoutBody = z.object({
  orderId: uuid('Order ID'),
  returnUrl: sitePath('Return URL'),
  cancelUrl: sitePath('Cancel URL'),
});

export const sdkRefundBody = refundBody.extend({ paymentId: uuid('Payment ID') });
export type SdkRefundInput = z.infer<typeof sdkRefundBody>;

const sdkProviderAnswer = z.object({
  name: z.enum(PAYMENT_PROVIDERS),
  configured: z.boolean().describe('Only a configured provider takes money'),
  currencies: z.array(answerText),
}) satisfies z.ZodType<SdkProvider>;

export const sdkProvidersAnswer = okSuccessWith({ providers: z.array(sdkProviderAnswer) });

const redirectUrl = answerText.describe('The provider’s page where the customer pays');
/** POST /api/payment-sdk/create (`SdkPayment`): the pending payment and where the customer pays. */
export const sdkPaymentAnswer = okSuccessWith({ payment: paymentAnswer, redirectUrl });
export const sdkRefundAnswer = okSuccessWith(refundResultFields);
/** POST /api/payments/stripe/checkout: the Checkout Session's page and the pending payment. */
export const stripeCheckoutAnswer = okWith({ url: redirectUrl, payment: paymentAnswer });
