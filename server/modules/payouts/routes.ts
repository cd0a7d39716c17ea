import { idParams } from '../../../src/common/list.schemas.js';
import { toCents } from '../../../src/common/money.js';
import {
  onchainQuoteAnswer,
  payoutBody,
  payoutDetailOne,
  payoutListQuery,
  payoutOnchainBody,
  payoutOne,
  payoutPage,
  payoutRequestBody,
  payoutStatusBody,
} from '../../../src/common/payouts.schemas.js';
import { sendIdempotent } from '../../lib/idempotency.js';
import { streamCsv } from '../../lib/csv.js';
import { keysetPages } from '../../lib/pages.js';
import { defineRoutes } from '../../lib/routes.js';
import { paymentRateLimit } from '../../lib/rate-limits.js';
import type { Actor } from '../../types.js';
import { onchainQuote, payOnChain, type PayTerms } from './onchain.js';
import { payoutAccess as access } from './policy.js';
import { payoutCsv } from './present.js';
import {
  approvePayout,
  createPayout,
  getPayout,
  listPayouts,
  payoutRows,
  requestPayout,
  setPayoutStatus,
} from './service.js';

export default defineRoutes('payouts', (r, ctx) => {
  const { db, settings, config } = ctx;
  const payTerms = async (actor: Actor): Promise<PayTerms> => {
    const s = await settings.get();
    return { rate: s.payoutTokenRate, dualControlCents: toCents(s.payoutDualControlAbove), actor };
  };
  r.get(
    '/api/payouts',
    {
      config: access.read,
      schema: {
        querystring: payoutListQuery,
        response: { 200: payoutPage },
        summary: 'Payouts with the count of each status and the total amount',
      },
    },
    async (req) => ({ ok: true, ...(await listPayouts(db, req.query)) }),
  );

  r.get(
    '/api/payouts/export.csv',
    {
      config: access.read,
      schema: { querystring: payoutListQuery, summary: 'The filtered, sorted list as CSV (every row, streamed)' },
    },
    (req, reply) =>
      streamCsv(reply, {
        name: 'payouts',
        columns: payoutCsv,
        pages: keysetPages((page) => payoutRows(db, req.query, page)),
      }),
  );

  r.get(
    '/api/payouts/:id',
    {
      config: access.read,
      schema: {
        params: idParams,
        response: { 200: payoutDetailOne },
        summary: 'A payout with its commissions and clawbacks',
      },
    },
    async (req) => {
      const s = await settings.get();
      return {
        ok: true,
        payout: await getPayout(db, req.params.id, s.commissionHoldDays, toCents(s.payoutDualControlAbove)),
      };
    },
  );

  r.post(
    '/api/payouts',
    {
      config: { ...access.write, refuses: [404, 409, 422] },
      schema: {
        body: payoutBody,
        response: { 201: payoutOne },
        summary: 'Pay a recipient’s approved commissions less open clawbacks (Idempotency-Key honoured)',
      },
    },
    async (req, reply) =>
      sendIdempotent(db, req, reply, async () => ({
        status: 201,
        body: {
          ok: true,
          payout: await createPayout(db, req.body, req.user, {
            dualControlCents: (await payTerms(req.user)).dualControlCents,
          }),
        },
      })),
  );

  r.post(
    '/api/payouts/:id/approve',
    {
      config: { ...access.write, refuses: [409] },
      schema: {
        params: idParams,
        response: { 200: payoutOne },
        summary: 'A second member of staff approves a pending payout (neither its creator nor its recipient)',
      },
    },
    async (req) => ({ ok: true, payout: await approvePayout(db, req.params.id, req.user) }),
  );

  r.put(
    '/api/payouts/:id/status',
    {
      config: { ...access.write, refuses: [409, 422] },
      schema: {
        params: idParams,
        body: payoutStatusBody,
        response: { 200: payoutOne },
        summary: 'Complete (approved above the dual control threshold), fail or cancel a pending payout',
      },
    },
    async (req) => ({
      ok: true,
      payout: await setPayoutStatus(db, req.params.id, req.body, req.user, (await payTerms(req.user)).dualControlCents),
    }),
  );

  r.get(
    '/api/payouts/:id/onchain-quote',
    {
      config: { ...access.write, refuses: [409] },
      schema: {
        params: idParams,
        response: { 200: onchainQuoteAnswer },
        summary: 'What Pay on chain would send: wallet, rate and token amount (shown before confirming)',
      },
    },
    async (req) => ({ ok: true, quote: await onchainQuote(db, ctx.chain, req.params.id, await payTerms(req.user)) }),
  );

  r.post(
    '/api/payouts/:id/pay-onchain',
    {
      config: { ...access.write, rateLimit: paymentRateLimit(config.paymentRateLimitMax), refuses: [409, 422] },
      schema: {
        params: idParams,
        body: payoutOnchainBody,
        response: {
          200: payoutOne.describe('Mined: the payout is completed'),
          202: payoutOne.describe('Sent, not mined yet: the payout stays pending until it is'),
        },
        summary:
          'Send a pending payout as the native token to the recipient’s wallet; 200 once mined (completed), 202 while not',
      },
    },
    async (req, reply) => {
      const done = await payOnChain(db, ctx.chain, req.params.id, req.body, await payTerms(req.user));
      return reply.status(done.status).send({ ok: true, payout: done.payout });
    },
  );

  r.post(
    '/api/referrals/payout',
    {
      config: { ...access.own, refuses: [422] },
      schema: {
        body: payoutRequestBody,
        response: { 201: payoutOne },
        summary: 'Ask for a payout of your available earnings (from the minimum payout on)',
      },
    },
    async (req, reply) => {
      const s = await settings.get();
      const payout = await requestPayout(
        db,
        req.user!.id,
        req.body.method,
        { minimumPayout: s.minimumPayout, dualControlCents: toCents(s.payoutDualControlAbove) },
        req.user,
      );
      return reply.status(201).send({ ok: true, payout });
    },
  );

  r.get(
    '/api/referrals/payouts',
    {
      config: access.own,
      schema: { querystring: payoutListQuery, response: { 200: payoutPage }, summary: 'The caller’s own payouts' },
    },
    async (req) => ({ ok: true, ...(await listPayouts(db, { ...req.query, recipientId: req.user!.id })) }),
  );
});
