import { idParams } from '../../../src/common/list.schemas.js';
import { shopOrderListQuery, shopProductListQuery, signupBody } from '../../../src/common/shop.schemas.js';
import { unauthorized } from '../../lib/errors.js';
import { defineRoutes } from '../../lib/routes.js';
import { shopAccess as access } from './policy.js';
import { getShopProduct, listOwnOrders, listShopProducts, signup } from './service.js';

export default defineRoutes('shop', (r, { db, config }) => {
  r.get('/api/shop/products', { config: access.catalogue, schema: { querystring: shopProductListQuery, summary: 'Products on sale' } }, async (req) =>
    ({ ok: true, ...(await listShopProducts(db, req.query, req.user?.id)) }));

  r.get('/api/shop/products/:id', { config: access.catalogue, schema: { params: idParams, summary: 'A product on sale' } }, async (req) =>
    ({ ok: true, product: await getShopProduct(db, req.params.id, req.user?.id) }));

  r.post('/api/shop/auth/signup', {
    config: { ...access.browse, rateLimit: { max: config.loginRateLimitMax, timeWindow: '1 minute' } },
    schema: { body: signupBody, summary: 'Create a shopper account (then log in)' },
  }, async (req, reply) => reply.status(201).send({ ok: true, user: await signup(db, req.body) }));

  r.get('/api/shop/orders', { config: access.own, schema: { querystring: shopOrderListQuery, summary: 'The caller’s own orders' } }, async (req) => {
    if (!req.user) throw unauthorized();
    return { ok: true, ...(await listOwnOrders(db, req.user.id, req.query)) };
  });
});
