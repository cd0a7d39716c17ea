import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The reads that answer the same to every anonymous caller; every other /api answer may carry a user's data or a token. */
const PUBLIC_READS = [
  '/api/shop/products',
  '/api/shop/products/:id',
  '/api/settings/public',
  '/api/membership/levels',
  '/api/payment-sdk/providers',
  '/api/tokens/:id',
];

export const PUBLIC_CACHE = 'public, max-age=60';

/** Whether a shared cache may keep this answer: a public read, asked without a token (a member sees more), that went well. */
function cacheable(req: FastifyRequest, status: number) {
  return (
    req.method === 'GET' &&
    status < 300 &&
    !req.headers.authorization &&
    PUBLIC_READS.includes(req.routeOptions.url ?? '')
  );
}

/**
 * No /api answer is stored by a browser or proxy, but the short list of public reads, kept a minute. A route that
 * says no-store itself in stricter words (a KYC document's `private, no-store`) keeps them.
 */
export async function registerCacheControl(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    const own = reply.getHeader('cache-control');
    if (!(typeof own === 'string' && own.includes('no-store')))
      reply.header('cache-control', cacheable(req, reply.statusCode) ? PUBLIC_CACHE : 'no-store');
    reply.header('vary', 'Authorization');
  });
}
