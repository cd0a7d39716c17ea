import { CHECKOUT_SECRET_HEADER } from '../../../src/common/checkout.js';
import { checkoutSessionBody } from '../../../src/common/checkout.schemas.js';
import { idParams } from '../../../src/common/list.schemas.js';
import { sendIdempotent } from '../../lib/idempotency.js';
import { defineRoutes } from '../../lib/routes.js';
import { siteOrigin } from '../../lib/site.js';
import { checkoutAccess as access } from './policy.js';
import { createCheckout, getCheckoutOrder } from './service.js';

export default defineRoutes('checkout', (r, { db, settings, providers }) => {
  r.post('/api/checkout/session', {
    config: access.create,
    schema: { body: checkoutSessionBody, summary: 'Check out a cart: a pending order, its payment and where to pay (Idempotency-Key required)' },
  }, async (req, reply) => sendIdempotent(db, req, reply, async () => {
    const current = await settings.get();
    const deps = { db, settings: current, providers, origin: siteOrigin(req, current.siteUrl) };
    return { status: 201, body: { ok: true, ...(await createCheckout(deps, req.body, req.user)) } };
  }, { required: true }));

  r.get('/api/checkout/order/:id', { config: access.poll, schema: { params: idParams, summary: 'The buyer’s order (login or x-checkout-secret)' } }, async (req) => {
    const secret = req.headers[CHECKOUT_SECRET_HEADER];
    return { ok: true, order: await getCheckoutOrder(db, req.params.id, req.user, typeof secret === 'string' && secret ? secret : null) };
  });
});
