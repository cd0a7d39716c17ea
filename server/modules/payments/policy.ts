/**
 * Payments: staff read them, finance and admins refund them; a hosted payment page is public (its payment's id is
 * the buyer's capability, as a provider's checkout link is). What a provider's verdict or a refund does to a payment
 * follows the payment lifecycle (PRODUCT.md, Lifecycles): completed → refunded once the refunds reach the amount.
 */
import { say, type Said } from '../../lib/errors.js';
import { PROVIDER_NAMES, type PaymentProvider } from '../../../src/common/checkout.js';
import { API_PROVIDERS, TEST_PROVIDER, type RefundWay } from '../../../src/common/payments.js';
import { centsText } from '../../../src/common/money.js';
import { PUBLIC, resourceAccess } from '../../lib/access.js';

export const paymentAccess = { ...resourceAccess('payments'), hosted: PUBLIC };

/** The Payment SDK screen: anyone may list the providers (a storefront picks one), staff read, finance and admins write. */
export const sdkAccess = { ...resourceAccess('payment-sdk'), providers: PUBLIC };

/** Why a payment cannot be confirmed again: only a pending one can. */
export function notPendingMessage(status: string): Said {
  switch (status) {
    case 'completed':
      return say('payment_completed');
    case 'refunded':
      return say('payment_completed_refunded');
    case 'failed':
      return say('payment_failed');
    default:
      return say('payment_not_confirmable', { status });
  }
}

export const CHECKOUT_EXPIRED = say('checkout_expired');

/**
 * Refused card attempts one hosted payment takes: the last one fails it (and its order, releasing the holds), so a
 * checkout cannot be used to try card number after card number until it expires.
 */
export const MAX_CARD_REFUSALS = 5;
export const CARD_ATTEMPTS_EXHAUSTED = say('card_attempts_exhausted', { count: MAX_CARD_REFUSALS });

type PaymentState = { status: string; amountCents: number; refundedCents: number };

/**
 * Why this member of staff may not refund this order's payment, or null: nobody gives money back to themself, whether
 * they bought with their account or as a guest with its email.
 */
export function ownRefundRefusal(
  actor: { id: string; email: string } | null,
  order: { userId: string | null; customerEmail: string | null },
): Said | null {
  if (!actor) return null;
  const own = order.userId === actor.id || order.customerEmail?.toLowerCase() === actor.email.toLowerCase();
  return own ? say('own_refund') : null;
}

/** What may still be given back: the amount less the refunds so far, of a completed payment only. */
export const refundableCents = (p: PaymentState) =>
  p.status === 'completed' ? Math.max(0, p.amountCents - p.refundedCents) : 0;

/** How this payment's refund is made, and why it cannot be now (a provider with an API this server has not configured). */
export function refundWayOf(
  provider: string,
  configured: (name: PaymentProvider) => boolean,
): { way: RefundWay; unavailable: Said | null } {
  if (provider === 'points') return { way: 'points', unavailable: null };
  if (provider === TEST_PROVIDER || !API_PROVIDERS.includes(provider)) return { way: 'recorded', unavailable: null };
  const name = provider as PaymentProvider;
  return {
    way: 'provider',
    unavailable: configured(name) ? null : say('provider_not_configured', { provider: PROVIDER_NAMES[name] }),
  };
}

/** A recorded refund (money sent back outside the platform) needs its bank or provider reference; a test payment none. */
export function recordedRefundRefusal(provider: string, reference: string | null | undefined): Refusal | null {
  if (provider === TEST_PROVIDER || reference) return null;
  return { status: 400, code: 'validation', field: 'reference', message: say('refund_reference_required') };
}

/** A refused request: its status, code and message; `field` when one field is what is wrong. */
export type Refusal = { status: 400 | 409 | 422; code: string; message: Said; field?: string };

/**
 * Why `cents` cannot be refunded from this payment, or null: only a completed payment, more than nothing and at most
 * what is left; a payment made with points (nothing to give back but its points) only whole, as 0.
 */
export function refundRefusal(
  p: PaymentState & { currency: string; provider?: string },
  cents: number,
): Refusal | null {
  if (p.status === 'refunded') return { status: 409, code: 'payment_refunded', message: say('payment_refunded') };
  if (p.status !== 'completed') {
    return {
      status: 409,
      code: 'payment_not_refundable',
      message: say('payment_not_refundable', { status: p.status }),
    };
  }
  if (cents <= 0 && p.provider !== 'points')
    return { status: 400, code: 'validation', field: 'amount', message: say('refund_amount_positive') };
  if (p.provider === 'points' && cents !== refundableCents(p)) {
    const whole = { amount: centsText(refundableCents(p)), currency: p.currency };
    return { status: 400, code: 'validation', field: 'amount', message: say('points_refund_whole', whole) };
  }
  if (cents > p.amountCents) {
    return {
      status: 400,
      code: 'validation',
      field: 'amount',
      message: say('refund_over_amount', { amount: centsText(p.amountCents), currency: p.currency }),
    };
  }
  const left = refundableCents(p);
  if (cents > left) {
    return {
      status: 409,
      code: 'refund_exceeds_remaining',
      field: 'amount',
      message: say('refund_exceeds_remaining_field', { amount: centsText(left), currency: p.currency }),
    };
  }
  return null;
}

/** The provider's own page for a payment ("View in Dashboard"): the sandbox's hosted page, Stripe's dashboard, the paying transaction; null otherwise. */
export function dashboardUrl(p: {
  id: string;
  provider: string;
  reference: string | null;
  test: boolean;
}): string | null {
  if (p.provider === 'sandbox') return `/pay/sandbox/${p.id}`;
  // A Stripe payment has a page once paid (its payment intent); before that its reference is the checkout session's.
  if (p.provider === 'stripe' && p.reference?.startsWith('pi_'))
    return `https://dashboard.stripe.com/${p.test ? 'test/' : ''}payments/${encodeURIComponent(p.reference)}`;
  // A crypto payment's reference is its deposit address until paid, then the paying transaction: the admin's transaction page.
  if (p.provider === 'crypto' && p.reference && /^0x[0-9a-fA-F]{64}$/.test(p.reference)) return `/tx/${p.reference}`;
  return null;
}

type PayableOrder = {
  status: string;
  amountCents: number;
  currency: string;
  userId: string | null;
  expiresAt: Date | null;
};
type SdkRequest = { provider: PaymentProvider; amount: number; currency: string; customerId: string | null };

/**
 * Why staff cannot open a payment of `req` for this order, or null: only a pending, unexpired order, for exactly what
 * it still owes (a pending order has paid nothing: its amount), in its currency, for its own customer. Another
 * provider's pending payment refuses it: the customer could pay both, and an open payment at a provider cannot be
 * withdrawn from here. The same provider may open another (a customer who lost the link is the usual case): only one
 * can complete, since completing needs the order still pending under its lock.
 */
export function sdkPaymentRefusal(
  order: PayableOrder,
  req: SdkRequest,
  pendingProviders: string[],
  now: Date,
): Refusal | null {
  if (order.status !== 'pending') {
    return { status: 409, code: 'order_not_pending', message: say('order_not_pending', { status: order.status }) };
  }
  if (order.expiresAt && order.expiresAt <= now)
    return { status: 409, code: 'checkout_expired', message: CHECKOUT_EXPIRED };
  if (req.currency !== order.currency) {
    return {
      status: 422,
      code: 'currency_mismatch',
      field: 'currency',
      message: say('currency_mismatch', { currency: order.currency }),
    };
  }
  if (req.amount !== order.amountCents) {
    return {
      status: 422,
      code: 'amount_mismatch',
      field: 'amount',
      message: say('amount_mismatch', { amount: centsText(order.amountCents), currency: order.currency }),
    };
  }
  if (req.customerId && req.customerId !== order.userId) {
    return { status: 422, code: 'customer_mismatch', field: 'customerId', message: say('customer_mismatch') };
  }
  const other = pendingProviders.find((p) => p !== req.provider);
  if (other) {
    const name = PROVIDER_NAMES[other as PaymentProvider] ?? other;
    return { status: 409, code: 'payment_pending_elsewhere', message: say('payment_pending_elsewhere', { name }) };
  }
  return null;
}
