import { hostedPaymentParams, sandboxConfirmBody } from '../../../src/common/checkout.schemas.js';
import { idParams } from '../../../src/common/list.schemas.js';
import {
  hostedCryptoPaymentOne,
  hostedPaymentOne,
  paymentDetailOne,
  paymentListQuery,
  paymentPage,
  refundBody,
  refundResultAnswer,
  sandboxConfirmationAnswer,
} from '../../../src/common/payments.schemas.js';
import { sendIdempotent } from '../../lib/idempotency.js';
import { paymentRateLimit } from '../../lib/rate-limits.js';
import { streamCsv } from '../../lib/csv.js';
import { keysetPages } from '../../lib/pages.js';
import { defineRoutes } from '../../lib/routes.js';
import { paymentAccess as access } from './policy.js';
import { paymentCsv } from './present.js';
import {
  confirmHostedPayment,
  getHostedCryptoPayment,
  getHostedPayment,
  getPaymentDetail,
  listPayments,
  paymentRows,
  refundPayment,
} from './service.js';

export default defineRoutes('payments', (r, { db, settings, providers, config }) => {
  const listContext = async () => ({ timezone: (await settings.get()).timezone, configured: providers.configured });

  r.get(
    '/api/payments',
    {
      config: access.read,
      schema: {
        querystring: paymentListQuery,
        response: { 200: paymentPage },
        summary: 'Payments, with the count of each status and the total amount',
      },
    },
    async (req) => ({ ok: true, ...(await listPayments(db, req.query, await listContext())) }),
  );

  r.get(
    '/api/payments/export.csv',
    {
      config: access.read,
      schema: { querystring: paymentListQuery, summary: 'The filtered, sorted list as CSV (every row, streamed)' },
    },
    async (req, reply) => {
      const ctx = await listContext();
      return streamCsv(reply, {
        name: 'payments',
        columns: paymentCsv,
        pages: keysetPages((page) => paymentRows(db, req.query, page, ctx)),
      });
    },
  );

  r.get(
    '/api/payments/:id',
    {
      config: access.read,
      schema: {
        params: idParams,
        response: { 200: paymentDetailOne },
        summary: 'A payment with its order, refunds and timeline',
      },
    },
    async (req) => ({ ok: true, payment: await getPaymentDetail(db, req.params.id, providers) }),
  );

  // Honours an Idempotency-Key header: a retried refund answers the first one instead of giving the money twice.
  r.post(
    '/api/payments/:id/refund',
    {
      config: { ...access.write, rateLimit: paymentRateLimit(config.paymentRateLimitMax), refuses: [409, 422] },
      schema: {
        params: idParams,
        body: refundBody,
        response: { 200: refundResultAnswer },
        summary: 'Give back part or all of a completed payment',
      },
    },
    async (req, reply) =>
      sendIdempotent(db, req, reply, async () => ({
        status: 200,
        body: { ok: true, ...(await refundPayment(db, providers, req.params.id, req.body, req.user)) },
      })),
  );

  r.get(
    '/api/payments/sandbox/:paymentId',
    {
      config: access.hosted,
      schema: {
        params: hostedPaymentParams,
        response: { 200: hostedPaymentOne },
        summary: 'What the sandbox’s hosted card page shows',
      },
    },
    async (req) => ({
      ok: true,
      payment: await getHostedPayment(db, 'sandbox', req.params.paymentId, (await settings.get()).siteName),
    }),
  );

  r.get(
    '/api/payments/crypto/:paymentId',
    {
      config: access.hosted,
      schema: {
        params: hostedPaymentParams,
        response: { 200: hostedCryptoPaymentOne },
        summary:
          'What the buyer’s crypto page shows: the deposit address, the amount, what arrived and what is missing',
      },
    },
    async (req) => ({
      ok: true,
      payment: await getHostedCryptoPayment(
        db,
        req.params.paymentId,
        (await settings.get()).siteName,
        providers.confirmations,
      ),
    }),
  );

  r.post(
    '/api/payments/sandbox/:paymentId/confirm',
    {
      config: { ...access.hosted, refuses: [402, 409] },
      schema: {
        params: hostedPaymentParams,
        body: sandboxConfirmBody,
        response: { 200: sandboxConfirmationAnswer },
        summary: 'Pay a sandbox payment with a test card',
      },
    },
    async (req) => {
      const sandbox = providers.get('sandbox');
      const current = await settings.get();
      return {
        ok: true,
        ...(await confirmHostedPayment(db, sandbox, req.params.paymentId, req.body, current.siteName, {
          notifying: current,
        })),
      };
    },
  );
});
