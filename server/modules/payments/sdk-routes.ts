import {
  sdkCreateBody,
  sdkPaymentAnswer,
  sdkProvidersAnswer,
  sdkRefundAnswer,
  sdkRefundBody,
} from '../../../src/common/payment-sdk.schemas.js';
import { sendIdempotent } from '../../lib/idempotency.js';
import { paymentRateLimit } from '../../lib/rate-limits.js';
import { defineRoutes } from '../../lib/routes.js';
import { siteOrigin } from '../../lib/site.js';
import { sdkAccess as access } from './policy.js';
import { createSdkPayment, listSdkProviders } from './sdk.js';
import { refundPayment } from './service.js';

// The public API documents `success` in these answers; `ok` is every other route's, so both are given.
export default defineRoutes('payment-sdk', (r, { db, settings, providers, config }) => {
  const limited = { ...access.write, rateLimit: paymentRateLimit(config.paymentRateLimitMax) };
  r.get(
    '/api/payment-sdk/providers',
    {
      config: access.providers,
      schema: {
        response: { 200: sdkProvidersAnswer },
        summary: 'Every payment provider, whether it is configured and its currencies',
      },
    },
    async () => ({ ok: true, success: true, providers: listSdkProviders(providers, await settings.get()) }),
  );

  // Both honour an Idempotency-Key header: a retried request answers the first one instead of opening or refunding twice.
  r.post(
    '/api/payment-sdk/create',
    {
      config: { ...limited, refuses: [404, 409, 422] },
      schema: {
        body: sdkCreateBody,
        response: { 201: sdkPaymentAnswer },
        summary: 'A pending payment for a pending order through a chosen provider',
      },
    },
    async (req, reply) =>
      sendIdempotent(db, req, reply, async () => ({
        status: 201,
        body: {
          ok: true,
          success: true,
          ...(await createSdkPayment(
            db,
            providers,
            req.body,
            req.user,
            siteOrigin(req, (await settings.get()).siteUrl),
          )),
        },
      })),
  );

  r.post(
    '/api/payment-sdk/refund',
    {
      config: { ...limited, refuses: [404, 409] },
      schema: {
        body: sdkRefundBody,
        response: { 200: sdkRefundAnswer },
        summary: 'Give back part or all of a completed payment (as POST /api/payments/{id}/refund)',
      },
    },
    async (req, reply) =>
      sendIdempotent(db, req, reply, async () => {
        const { paymentId, ...refund } = req.body;
        return {
          status: 200,
          body: { ok: true, success: true, ...(await refundPayment(db, providers, paymentId, refund, req.user)) },
        };
      }),
  );
});
