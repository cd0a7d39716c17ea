/** What checkout and the sandbox's hosted card page take, and what checkout answers. */
import { z } from 'zod';
import { cartPriceBody } from './cart.schemas.js';
import { answerText, instant, nullableInstant, okWith } from './answers.schemas.js';
import { PAYMENT_PROVIDERS, type CheckoutOrder, type CryptoInstructions } from './checkout.js';
import { shopOrderAnswer } from './orders.schemas.js';
import { optionalText, text } from './text.js';

/** A path on this site (so the payment page can never send a buyer elsewhere). */
export const sitePath = (label: string) =>
  optionalText(label, 2000).refine(
    (v) => v === null || (/^\/(?![/\\])/.test(v) && !/[\s]/.test(v)),
    `${label} must be a path on this site, starting with a single /.`,
  );

export const checkoutSessionBody = cartPriceBody.extend({
  email: text('Email', { max: 254 }).email('Email must be a valid email address.'),
  walletAddress: optionalText('Wallet address', 100, 'Not a valid EVM address.'),
  provider: z.enum(PAYMENT_PROVIDERS, { error: `Provider must be one of ${PAYMENT_PROVIDERS.join(', ')}.` }),
  returnUrl: sitePath('Return URL'),
  cancelUrl: sitePath('Cancel URL'),
  /** The referral code a guest arrived with (`?ref=`): their order earns for its owner. An unknown code is ignored. */
  referralCode: optionalText('Referral code', 40),
});
export type CheckoutSessionInput = z.infer<typeof checkoutSessionBody>;

const cardNumber = 'Card number must be 12 to 19 digits.';
const expiry = 'Expiry must be a month and year as MM/YY.';

export const sandboxConfirmBody = z.object({
  cardNumber: text('Card number', { max: 40 })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{12,19}$/.test(v), cardNumber),
  expiry: text('Expiry', { max: 7 }).refine((v) => /^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/.test(v), expiry),
  cvc: text('CVC', { max: 4 }).refine((v) => /^\d{3,4}$/.test(v), 'CVC must be 3 or 4 digits.'),
  name: text('Name on card', { max: 120 }),
});
export type SandboxConfirmInput = z.infer<typeof sandboxConfirmBody>;

/** A hosted payment page's address: /pay/{provider}/{paymentId}. */
export const hostedPaymentParams = z.object({
  paymentId: text('The payment id', { max: 36, tooLong: 'The payment id must be a UUID.' }).uuid(
    'The payment id must be a UUID.',
  ),
});

const cryptoInstructions = z.object({
  depositAddress: answerText,
  amount: answerText.describe('In the chain’s native token (`symbol`), as an exact decimal'),
  chainId: z.number().int(),
  symbol: answerText,
  expiresAt: nullableInstant,
}) satisfies z.ZodType<CryptoInstructions>;

/** POST /api/checkout/session's answer (`CheckoutSession`, server/modules/checkout/present.ts). */
export const checkoutSessionAnswer = okWith({
  orderId: answerText,
  paymentId: answerText,
  provider: z.enum(PAYMENT_PROVIDERS),
  redirectUrl: answerText.describe('Where the buyer pays'),
  checkoutSecret: answerText.describe(
    'Lets whoever holds it poll the order without logging in (header x-checkout-secret)',
  ),
  expiresAt: instant.describe('When the unpaid order fails and its stock comes back'),
  amount: z.number(),
  currency: answerText,
  crypto: cryptoInstructions.optional(),
});

/** GET /api/checkout/order/{id}: the buyer's order, and when an unpaid one expires (`CheckoutOrder`). */
export const checkoutOrderAnswer = okWith({
  order: shopOrderAnswer.extend({ expiresAt: nullableInstant }) satisfies z.ZodType<CheckoutOrder>,
});
