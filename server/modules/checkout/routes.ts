import { CHECKOUT_SECRET_HEADER, type CheckoutSession } from '../../../src/common/checkout.js';
import {
  checkoutOrderAnswer,
  checkoutSessionAnswer,
  checkoutSessionBody,
} from '../../../src/common/checkout.schemas.js';
import { idParams } from '../../../src/common/list.schemas.js';
import { sendIdempotentIn } from '../../lib/idempotency.js';
import { defineRoutes } from '../../lib/routes.js';
import { siteOrigin } from '../../lib/site.js';
import { checkoutAccess as access } from './policy.js';
import { checkoutDone, checkoutIn, getCheckoutOrder } from './service.js';

export default defineRoutes('checkout', (r, { db, settings, providers }) => {
  r.post(
    '/api/checkout/session',
    {
      config: { ...access.create, refuses: [403, 409, 422] },
      schema: {
        body: checkoutSessionBody,
        response: { 201: checkoutSessionAnswer },
        summary: 'Check out a cart: a pending order, its payment and where to pay (Idempotency-Key required)',
      },
    },
    async (req, reply) => {
      const current = await settings.get();
      const deps = { db, settings: current, providers, origin: siteOrigin(req, current.siteUrl) };
      // The key is claimed and its answer kept in the checkout's own transaction (with the payment's insert).
      const answer = (session: CheckoutSession) => ({ status: 201, body: { ok: true, ...session } });
      return sendIdempotentIn(
        db,
        req,
        reply,
        async (tx, keep) =>
          answer(await checkoutIn(tx, deps, req.body, req.user, new Date(), (session) => keep(answer(session)))),
        { required: true, committed: checkoutDone },
      );
    },
  );

  r.get(
    '/api/checkout/order/:id',
    {
      config: { ...access.poll, refuses: [401] },
      schema: {
        params: idParams,
        response: { 200: checkoutOrderAnswer },
        summary: 'The buyer’s order (login or x-checkout-secret)',
      },
    },
    async (req) => {
      const secret = req.headers[CHECKOUT_SECRET_HEADER];
      return {
        ok: true,
        order: await getCheckoutOrder(
          db,
          req.params.id,
          req.user,
          typeof secret === 'string' && secret ? secret : null,
        ),
      };
    },
  );
});
