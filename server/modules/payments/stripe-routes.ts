import { eq } from 'drizzle-orm';
import { stripeCheckoutAnswer, stripeCheckoutBody } from '../../../src/common/payment-sdk.schemas.js';
import { jsonDepthOver, MAX_JSON_DEPTH } from '../../../src/common/text.js';
import { orders } from '../../db/schema.js';
import { AppError, notFound, unprocessable } from '../../lib/errors.js';
import { sendIdempotent } from '../../lib/idempotency.js';
import { paymentRateLimit } from '../../lib/rate-limits.js';
import { defineRoutes } from '../../lib/routes.js';
import { siteOrigin } from '../../lib/site.js';
import { paymentAccess, sdkAccess } from './policy.js';
import { stripeClient } from './providers/stripe.js';
import { createSdkPayment } from './sdk.js';
import { handleStripeWebhook } from './stripe-webhook.js';

/** The Stripe calls: a Checkout Session for a pending order, and Stripe's signed webhook (on the raw body). */
export default defineRoutes('payments', async (r, { db, settings, providers, config }) => {
  r.post(
    '/api/payments/stripe/checkout',
    {
      config: { ...sdkAccess.write, rateLimit: paymentRateLimit(config.paymentRateLimitMax), refuses: [404, 422] },
      schema: {
        body: stripeCheckoutBody,
        response: { 201: stripeCheckoutAnswer },
        summary: 'A Stripe Checkout Session for a pending order: its page’s URL (Idempotency-Key honoured)',
      },
    },
    async (req, reply) =>
      sendIdempotent(db, req, reply, async () => {
        const [order] = await db
          .select({ amountCents: orders.amountCents, currency: orders.currency })
          .from(orders)
          .where(eq(orders.id, req.body.orderId))
          .limit(1);
        if (!order) throw notFound('order_not_found');
        const input = {
          ...req.body,
          provider: 'stripe' as const,
          amount: order.amountCents,
          currency: order.currency,
          customerId: null,
        };
        const made = await createSdkPayment(
          db,
          providers,
          input,
          req.user,
          siteOrigin(req, (await settings.get()).siteUrl),
        );
        return { status: 201, body: { ok: true, url: made.redirectUrl, payment: made.payment } };
      }),
  );

  // Stripe signs the exact bytes it sent, so this route alone keeps the body raw.
  await r.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      jsonDepthOver(String(body), MAX_JSON_DEPTH)
        ? done(new AppError(400, 'json_too_deep', { max: MAX_JSON_DEPTH }), undefined)
        : done(null, body),
    );
    const stripe = config.stripe ? stripeClient(config.stripe) : null;
    raw.post(
      '/api/payments/stripe/webhook',
      {
        config: { ...paymentAccess.hosted, refuses: [422] },
        schema: { summary: 'Stripe’s signed events (checkout completed or expired, payment failed, charge refunded)' },
      },
      async (req) => {
        if (!stripe || !config.stripe)
          throw unprocessable('stripe_not_configured', undefined, undefined, 'provider_not_configured');
        const signature = req.headers['stripe-signature'];
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return {
          ok: true,
          ...(await handleStripeWebhook(
            db,
            stripe,
            config.stripe.webhookSecret,
            providers.get('stripe'),
            body,
            typeof signature === 'string' ? signature : undefined,
          )),
        };
      },
    );
  });
});
