import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import { bodyOf } from './errors.js';
import { askPrimary, joinCluster } from '../modules/metrics/cluster.js';
import { listenMetrics } from '../modules/metrics/port.js';
import { createMetrics } from '../modules/metrics/registry.js';

/** The label of requests that matched no route: their raw addresses would make a series each. */
export const UNMATCHED = 'unmatched';

const digest = (s: string) => createHash('sha256').update(s).digest();
/** `Bearer <token>` compared in constant time (both sides hashed first, so their lengths say nothing either). */
const bearerMatches = (header: string | undefined, token: string) =>
  typeof header === 'string' && timingSafeEqual(digest(header), digest(`Bearer ${token}`));

/** The answer of an unknown API route (plugins/errors.ts), also with the built admin app, whose screens take other paths. */
const unknownRoute = (req: FastifyRequest) =>
  new AppError(404, 'no_endpoint', { method: req.method, path: req.url.split('?')[0]! }, undefined, 'not_found');

/**
 * Prometheus metrics (docs/OPERATIONS.md, Metrics): off unless METRICS_TOKEN or METRICS_PORT is set. GET /metrics
 * on the API's port answers with METRICS_TOKEN as a bearer token only; otherwise as an unknown API route (404), so
 * that a wrong token learns nothing, not even that metrics are on.
 */
export default fp(async function metrics(app: FastifyInstance, opts: { config: Config; database: Database }) {
  const { token, port, host } = opts.config.metrics;
  // Sent here: this route is registered before the app's error handler (plugins/errors.ts), which it would not reach.
  const refuse = async (req: FastifyRequest, reply: FastifyReply) => reply.status(404).send(bodyOf(unknownRoute(req)));
  if (!token && port === undefined) {
    app.get('/metrics', { schema: { hide: true } }, refuse);
    return;
  }
  const { registry, http } = createMetrics(opts.database);
  const counted = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (req) => {
    counted.add(req);
    http.inFlight.inc();
  });
  app.addHook('onResponse', async (req, reply) => {
    if (counted.delete(req)) http.inFlight.dec();
    const route = req.routeOptions.url ?? UNMATCHED;
    const status = reply.statusCode;
    http.duration.observe(
      { method: req.method, route, status_class: `${Math.floor(status / 100)}xx` },
      reply.elapsedTime / 1000,
    );
    if (status === 429) http.rateLimited.inc({ route });
  });

  const inCluster = cluster.isWorker;
  if (inCluster) joinCluster(registry);
  const scrape = inCluster ? askPrimary : () => registry.metrics();
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!token || !bearerMatches(req.headers.authorization, token)) return refuse(req, reply);
    const text = await scrape().catch((err: Error) => {
      req.log.warn(`metrics: the scrape failed (${err.message})`);
      return null;
    });
    if (text === null) return reply.status(503).send(bodyOf(new AppError(503, 'service_unavailable')));
    return reply.type(registry.contentType).send(text);
  });
  // In a cluster the primary serves METRICS_PORT (modules/metrics/cluster.ts).
  if (port !== undefined && !inCluster) {
    const server = await listenMetrics(host, port, scrape);
    app.addHook('onClose', server.close);
    app.log.info(`metrics: http://${host.includes(':') ? `[${host}]` : host}:${server.port}/metrics`);
  }
});
