/**
 * Checkout and the hosted payment page as both sides see them (request schemas: checkout.schemas.ts).
 * Money as numbers with 2 decimals.
 */
import type { OrderPricing, PaymentStatus, ShopOrder } from './orders.js';

/** Every provider the platform knows; only those configured take money (the others answer "not configured"). */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe', 'crypto', 'paypal', 'alipay', 'wechat'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Each provider's name in a sentence ("Stripe is not configured."). */
export const PROVIDER_NAMES: Record<PaymentProvider, string> = {
  sandbox: 'Sandbox',
  stripe: 'Stripe',
  crypto: 'Crypto',
  paypal: 'PayPal',
  alipay: 'Alipay',
  wechat: 'WeChat Pay',
};

/** The header a guest's poll of its own order carries: the secret the checkout answered. */
export const CHECKOUT_SECRET_HEADER = 'x-checkout-secret';
/** A browser without a login sends its own random id with an Idempotency-Key, so its answers are replayed to it alone. */
export const GUEST_ID_HEADER = 'x-guest-id';

/** POST /api/checkout/session's answer (201). */
export type CheckoutSession = {
  orderId: string;
  paymentId: string;
  provider: PaymentProvider;
  /** Where the buyer pays: the provider's hosted page (the sandbox's is `/pay/sandbox/{paymentId}`). */
  redirectUrl: string;
  /** Lets whoever holds it poll the order without logging in (GET /api/checkout/order/{id}, header x-checkout-secret). */
  checkoutSecret: string;
  /** When the unpaid order fails and its stock comes back. */
  expiresAt: string;
  amount: number;
  currency: string;
  /**
   * A crypto checkout's payment: where to send what. `amount` is the order's crypto price (from its products' crypto
   * prices) as an exact decimal string of the chain's native token (`symbol`), and `expiresAt` the checkout's expiry.
   */
  crypto?: CryptoInstructions;
};

export type CryptoInstructions = {
  depositAddress: string;
  amount: string;
  chainId: number;
  symbol: string;
  expiresAt: string | null;
};

/** GET /api/checkout/order/{id}: the buyer's order, and when an unpaid one expires. */
export type CheckoutOrder = ShopOrder & { expiresAt: string | null };

/**
 * GET /api/payments/sandbox/{paymentId}: what the hosted card page shows, with the parts that make the amount due
 * (subtotal, the coupon's and the member's discount, tax, shipping) and the coupon's code.
 */
export type HostedPayment = OrderPricing & {
  id: string;
  orderId: string;
  amount: number;
  currency: string;
  status: PaymentStatus;
  siteName: string;
  items: { title: string; qty: number; lineTotal: number }[];
  couponCode: string | null;
  /** Where the page sends the buyer after paying (with `orderId` added to its query) and on cancel. */
  returnUrl: string;
  cancelUrl: string;
  expiresAt: string | null;
};

/** POST /api/payments/sandbox/{paymentId}/confirm's answer when the card is accepted. */
export type SandboxConfirmation = { payment: HostedPayment; redirectUrl: string };

/** The sandbox's test cards (spaces are allowed when typed). Any other number that passes the Luhn check succeeds. */
export const SANDBOX_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;
