import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { can } from '../../src/common/capabilities.js';
import { RESTRICTION_CODES } from '../../src/common/two-factor.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { authenticate, bearer } from '../modules/auth/service.js';

/**
 * Every /api route needs a valid bearer token unless its config says `public: true`,
 * and the role named by `capability` when it has one: guarded by default, opened by choice.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/') || !req.routeOptions.url) return; // not the API, or an unknown route (404)
    const token = bearer(req.headers.authorization);
    const config = req.routeOptions.config;
    if (config?.public) {
      // A restricted session (a reset password, a 2FA enrolment due) is anonymous to public routes.
      if (config.identify && token) {
        req.user = await authenticate(app.ctx.db, app.ctx.settings, token).then(
          (u) => (u.restriction ? null : { ...u, ip: req.ip }),
          () => null,
        );
      }
      return;
    }
    if (!token) throw unauthorized();
    const user = await authenticate(app.ctx.db, app.ctx.settings, token);
    if (user.restriction && !config?.allowDuring?.includes(user.restriction)) {
      throw forbidden(RESTRICTION_CODES[user.restriction]);
    }
    req.user = { ...user, ip: req.ip };
  });

  // Before validation: a role that may not call a route is told so, whatever its body holds.
  app.addHook('preValidation', async (req) => {
    const capability = req.routeOptions.config?.capability;
    if (!capability) return;
    if (!can(req.user?.role, capability)) throw forbidden('forbidden');
  });
});
