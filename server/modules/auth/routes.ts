import { loginBody } from '../../../src/common/users.schemas.js';
import { PUBLIC } from '../../lib/access.js';
import { unauthorized } from '../../lib/errors.js';
import { defineRoutes } from '../../lib/routes.js';
import { authAccess } from './policy.js';
import { presentSessionUser } from './present.js';
import { authenticate, bearer, login, logout } from './service.js';

export default defineRoutes('auth', (r, { db, settings, config }) => {
  r.post('/api/admin/auth/login', {
    schema: { body: loginBody, summary: 'Log in with email and password' },
    config: { ...PUBLIC, rateLimit: { max: config.loginRateLimitMax, timeWindow: '1 minute' } },
  }, async (req) => {
    const result = await login(db, settings, { ...req.body, ip: req.ip, userAgent: req.headers['user-agent'] });
    return { ok: true, token: result.token, accessToken: result.token, user: result.user };
  });

  r.post('/api/admin/auth/logout', { schema: { summary: 'Revoke the current session' }, config: PUBLIC }, async (req) => {
    // Logging out with an expired or unknown token still succeeds: the caller ends up logged out either way.
    const token = bearer(req.headers.authorization);
    if (token) {
      try {
        const user = await authenticate(db, settings, token);
        await logout(db, user.sessionId);
      } catch { /* already invalid */ }
    }
    return { ok: true };
  });

  r.get('/api/auth/me', { schema: { summary: 'The logged-in user' }, config: authAccess.self }, async (req) => {
    if (!req.user) throw unauthorized();
    return { ok: true, user: presentSessionUser(req.user) };
  });
});
