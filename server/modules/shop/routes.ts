import type { Hex } from 'viem';
import { idParams } from '../../../src/common/list.schemas.js';
import {
  shopOrderListQuery,
  shopProductListQuery,
  signupBody,
  signupConfirmAnswer,
  shopTransactionAnswer,
  shopTransactionQuery,
  signupConfirmBody,
} from '../../../src/common/shop.schemas.js';
import { txParams } from '../../../src/common/mint.schemas.js';
import { CHECKOUT_SECRET_HEADER } from '../../../src/common/checkout.js';
import { okAnswer } from '../../../src/common/answers.schemas.js';
import { shopOrderPage } from '../../../src/common/orders.schemas.js';
import { productOne, productPage } from '../../../src/common/products.schemas.js';
import { unauthorized } from '../../lib/errors.js';
import { defineRoutes } from '../../lib/routes.js';
import { siteOrigin } from '../../lib/site.js';
import { shopAccess as access } from './policy.js';
import { getShopProduct, listOwnOrders, listShopProducts } from './service.js';
import { presentSession } from '../auth/present.js';
import { confirmSignup, requestSignup } from './signup.js';
import { ownTransaction, txReader } from './transaction.js';

export default defineRoutes('shop', (r, ctx) => {
  const { db, config, settings } = ctx;
  const signupLimit = { rateLimit: { max: config.loginRateLimitMax, timeWindow: '1 minute' } };

  r.get(
    '/api/shop/products',
    {
      config: access.catalogue,
      schema: { querystring: shopProductListQuery, response: { 200: productPage }, summary: 'Products on sale' },
    },
    async (req) => ({ ok: true, ...(await listShopProducts(db, req.query, req.user?.id)) }),
  );

  r.get(
    '/api/shop/products/:id',
    {
      config: access.catalogue,
      schema: { params: idParams, response: { 200: productOne }, summary: 'A product on sale' },
    },
    async (req) => ({ ok: true, product: await getShopProduct(db, req.params.id, req.user?.id) }),
  );

  // The same answer whether the email is new or has an account: what happens next is said by email only.
  r.post(
    '/api/shop/auth/signup',
    {
      config: { ...access.browse, ...signupLimit },
      schema: {
        body: signupBody,
        response: { 202: okAnswer.describe('Accepted: the email goes out after the answer') },
        summary:
          'Sign up as a shopper: an email confirms the address (a taken one gets a warning instead); the answer is the same either way',
      },
    },
    async (req, reply) => {
      await requestSignup(db, req.body, siteOrigin(req, (await settings.get()).siteUrl), req.ip);
      return reply.status(202).send({ ok: true });
    },
  );

  r.post(
    '/api/shop/auth/confirm',
    {
      config: { ...access.browse, ...signupLimit, refuses: [410] },
      schema: {
        body: signupConfirmBody,
        response: { 200: signupConfirmAnswer },
        summary:
          "Confirm a sign-up with the emailed link's token: the account is made and logged in (the login's answer)",
      },
    },
    async (req) => {
      const origin = siteOrigin(req, (await settings.get()).siteUrl);
      return presentSession(
        await confirmSignup(db, settings, {
          token: req.body.token,
          origin,
          ip: req.ip,
          userAgent: req.headers['user-agent'],
        }),
      );
    },
  );

  r.get(
    '/api/shop/orders',
    {
      config: access.own,
      schema: { querystring: shopOrderListQuery, response: { 200: shopOrderPage }, summary: 'The caller’s own orders' },
    },
    async (req) => {
      if (!req.user) throw unauthorized();
      return { ok: true, ...(await listOwnOrders(db, req.user.id, req.query)) };
    },
  );

  r.get(
    '/api/shop/tx/:hash',
    {
      config: { ...access.catalogue, refuses: [401, 404] },
      schema: {
        params: txParams,
        querystring: shopTransactionQuery,
        response: { 200: shopTransactionAnswer },
        summary:
          'One of the buyer’s own transactions (login, or a guest’s orderId with x-checkout-secret): a mint of their tokens, their crypto payment or its refund',
      },
    },
    async (req) => {
      const secret = req.headers[CHECKOUT_SECRET_HEADER];
      const reader = await txReader(db, req.user, {
        id: req.query.orderId,
        secret: typeof secret === 'string' && secret ? secret : null,
      });
      return { ok: true, transaction: await ownTransaction(db, ctx.chain, reader, req.params.hash as Hex) };
    },
  );
});
