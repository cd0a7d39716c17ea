/**
 * Stripe through its official SDK: a Checkout Session per payment (the buyer pays on Stripe's page), refunds through
 * Stripe's refund API, and the outcome from its signed webhook (payments/stripe-webhook.ts), never from the browser.
 */
import Stripe from 'stripe';
import type { StripeConfig } from '../../../config.js';
import { AppError, unprocessable } from '../../../lib/errors.js';
import type { PaymentDriver, ProviderPayment } from './types.js';

/** Currencies Stripe counts in whole units (amounts here are always in hundredths). */
const ZERO_DECIMAL = new Set(['JPY']);

/** Hundredths of `currency` → the integer Stripe expects (cents, or whole yen). */
export function stripeAmount(cents: number, currency: string): number {
  if (!ZERO_DECIMAL.has(currency.toUpperCase())) return cents;
  if (cents % 100 !== 0) throw unprocessable('stripe_amount', { currency });
  return cents / 100;
}

/** Stripe's integer → hundredths of `currency`. */
export const fromStripeAmount = (amount: number, currency: string) =>
  ZERO_DECIMAL.has(currency.toUpperCase()) ? amount * 100 : amount;

export function stripeClient(config: StripeConfig): Stripe {
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/** Stripe's own refusal (a card error, an invalid request) as a 422 with its sentence; Stripe unreachable as a 502. */
async function atStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError) {
      throw new AppError(502, 'provider_unavailable', { what });
    }
    if (err instanceof Stripe.errors.StripeError)
      throw unprocessable('provider_refused', { what, message: err.message });
    throw err;
  }
}

const absolute = (url: string | undefined, what: string) => {
  if (!url || !/^https?:\/\//.test(url)) throw unprocessable('stripe_url', { what });
  return url;
};

export function stripeDriver(stripe: Stripe, testMode: boolean): PaymentDriver {
  return {
    name: 'stripe',
    method: 'card',
    testMode,
    async create(payment: ProviderPayment) {
      const metadata = { paymentId: payment.id, orderId: payment.orderId };
      const session = await atStripe('start the payment', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: payment.id,
            metadata,
            payment_intent_data: { metadata },
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: payment.currency.toLowerCase(),
                  unit_amount: stripeAmount(payment.amountCents, payment.currency),
                  product_data: { name: payment.description ?? `Order ${payment.orderId}` },
                },
              },
            ],
            success_url: absolute(payment.returnUrl, 'return URL'),
            cancel_url: absolute(payment.cancelUrl, 'cancel URL'),
            // Stripe's session lives at least 30 minutes; a checkout that expires sooner is failed by the sweeper first,
            // and a payment Stripe still takes after that is given back by the webhook.
            ...(payment.expiresAt
              ? { expires_at: Math.floor(Math.max(payment.expiresAt.getTime(), Date.now() + 31 * 60_000) / 1000) }
              : {}),
          },
          { idempotencyKey: `checkout-${payment.id}` },
        ),
      );
      if (!session.url) throw unprocessable('stripe_no_url');
      return { redirectUrl: session.url, reference: session.id };
    },
    async confirm() {
      throw unprocessable('confirmed_by_webhook');
    },
    async refund(payment, amountCents) {
      if (!payment.reference?.startsWith('pi_')) throw unprocessable('stripe_no_intent');
      const intent = payment.reference;
      const refund = await atStripe('give the money back', () =>
        stripe.refunds.create(
          {
            payment_intent: intent,
            amount: stripeAmount(amountCents, payment.currency),
            metadata: { paymentId: payment.id },
          },
          { idempotencyKey: `refund-${payment.id}-${payment.refundedCents ?? 0}-${amountCents}` },
        ),
      );
      return { reference: refund.id };
    },
    async status(payment) {
      return payment.status as 'pending' | 'completed' | 'failed' | 'refunded';
    },
  };
}
