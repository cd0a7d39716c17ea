import { cartPriceBody, cartPriceOk } from '../../../src/common/cart.schemas.js';
import { defineRoutes } from '../../lib/routes.js';
import { cartAccess as access } from './policy.js';
import { presentCart } from './present.js';
import { priceCartFor } from './service.js';

export default defineRoutes('cart', (r, { db, settings }) => {
  r.post(
    '/api/cart/price',
    {
      config: access.price,
      schema: {
        body: cartPriceBody,
        response: { 200: cartPriceOk },
        summary: 'Price a cart: lines, coupon, tax, shipping, total',
      },
    },
    async (req) => ({
      ok: true,
      ...presentCart(await priceCartFor(db, await settings.get(), req.body, req.user ? { userId: req.user.id } : null)),
    }),
  );
});
