import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { mark, publishSince, startInvalidationBus } from '../lib/invalidation.js';

/**
 * On PostgreSQL, several processes may serve one database: listen for their cache invalidations, and publish this
 * process's before each changing request's answer is sent, so the caller's next call on any process sees the change
 * (lib/invalidation.ts). On PGlite there is one process: only the live stream's events are handed over, locally.
 */
export async function registerInvalidation(app: FastifyInstance, database: Database, listenUrl?: string) {
  if (database.kind !== 'postgres' || !database.url) {
    // One process: what the live stream listens for is handed to its handlers before the answer (lib/invalidation.ts).
    app.addHook('onSend', async (req, _reply, payload) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') await publishSince(mark());
      return payload;
    });
    return;
  }
  const bus = await startInvalidationBus(listenUrl ?? database.url, app.log);
  app.addHook('onClose', bus.stop);
  const marks = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', (req, _reply, done) => {
    marks.set(req, mark());
    done();
  });
  app.addHook('onSend', async (req, _reply, payload) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') await publishSince(marks.get(req) ?? 0);
    return payload;
  });
}
