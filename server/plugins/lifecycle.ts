import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';

/** Where the process is in its life: `starting` until it listens, `serving`, then `draining` from SIGTERM on. */
export type Lifecycle = { state: 'starting' | 'serving' | 'draining' };

/** Answered while draining too: the orchestrator still asks whether the process lives and whether to send it work. */
const PROBES = new Set(['/api/health', '/api/ready']);

/**
 * The process's state for GET /api/ready (modules/health), and draining: while the app closes, a request that reaches
 * it on a connection kept alive is refused with 503 `server_stopping` and Retry-After (and `Connection: close`, which
 * Fastify adds), so the client sends it again to a process that stays, instead of starting work this one may not end.
 */
export function registerLifecycle(app: FastifyInstance) {
  app.addHook('onListen', (done) => {
    if (app.ctx.lifecycle.state === 'starting') app.ctx.lifecycle.state = 'serving';
    done();
  });
  app.addHook('onRequest', (req, _reply, done) => {
    if (app.ctx.lifecycle.state === 'draining' && !PROBES.has(req.routeOptions.url ?? ''))
      return done(new AppError(503, 'server_stopping'));
    done();
  });
  // An answer sent while draining ends its connection: a connection kept alive would hold the close up to the grace.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (app.ctx.lifecycle.state === 'draining') reply.header('connection', 'close');
    return payload;
  });
}

/**
 * SIGTERM: ready answers 503 at once; the server takes no new connections; requests under way finish, for up to
 * `graceMs` (then their connections are cut); then the onClose hooks run: each background loop finishes its pass and
 * stops, the invalidation bus and the chain close.
 */
export async function drain(app: FastifyInstance, graceMs: number) {
  app.ctx.lifecycle.state = 'draining';
  const closing = app.close();
  const timer = setTimeout(() => {
    app.log.warn(`requests still under way after ${graceMs / 1000} s: their connections are cut`);
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await closing;
  } finally {
    clearTimeout(timer);
  }
}
