import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, login, logout } from './service.js';
import { unauthorized } from '../../lib/errors.js';

const loginBody = z.object({
  email: z.string({ error: 'Email is required.' }).trim().min(1, 'Email is required.').email('Email must be a valid email address.'),
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(1024),
});

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, settings, config } = app.ctx;

  r.post('/api/admin/auth/login', {
    schema: { body: loginBody, tags: ['auth'], summary: 'Log in with email and password' },
    config: { public: true, rateLimit: { max: config.loginRateLimitMax, timeWindow: '1 minute' } },
  }, async (req) => {
    const result = await login(db, settings, { ...req.body, ip: req.ip, userAgent: req.headers['user-agent'] });
    return { ok: true, token: result.token, accessToken: result.token, user: result.user };
  });

  r.post('/api/admin/auth/logout', {
    schema: { tags: ['auth'], summary: 'Revoke the current session' },
    config: { public: true },
  }, async (req) => {
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

  r.get('/api/auth/me', { schema: { tags: ['auth'], summary: 'The logged-in user' }, config: { capability: 'self' } }, async (req) => {
    if (!req.user) throw unauthorized();
    const { sessionId: _, ...user } = req.user;
    return { ok: true, user };
  });
}

export function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1]! : null;
}
