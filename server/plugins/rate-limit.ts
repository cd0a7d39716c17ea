import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/** Requests a minute per address across the API (RATE_LIMIT_MAX); routes may set a tighter limit of their own. */
export async function registerRateLimit(app: FastifyInstance, max: number) {
  await app.register(rateLimit, { max, timeWindow: '1 minute' });
}
