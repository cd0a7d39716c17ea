import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LogFormat } from '../lib/log.js';
import { REQUEST_ID_HEADER, withRequestId } from '../lib/request-id.js';

/** Query parameters whose values never reach the log (a link's token, a code, a key). */
const SECRET_PARAM = /token|secret|code|key|password|signature/i;

/** The request's path and query, with the values of secret-looking parameters replaced by `***`. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const name of [...params.keys()]) if (SECRET_PARAM.test(name)) params.set(name, '***');
  return `${url.slice(0, at)}?${params.toString()}`;
}

/**
 * Every answer carries its request's id (X-Request-Id), every error body too (`requestId`), and the rest of the
 * request's handling runs with it as the current id, so that work it queues (a mint job, an email) carries it to the
 * worker's log lines. Registered first, so that a refusal by an early hook (a rate limit) has it too.
 */
export function registerRequestIds(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    withRequestId(request.id, done);
  });
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (reply.statusCode < 400 || !payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
    const body = payload as Record<string, unknown>;
    return body.ok === false && typeof body.code === 'string' ? { ...body, requestId: request.id } : payload;
  });
}

/**
 * One line per request, when its answer has gone (Fastify's own two lines per request are off): the request id, method,
 * address, status and milliseconds. At a terminal a successful quick answer is a debug line, so that the start banner
 * and what went wrong stay in view; a collector (JSON) gets every request at info.
 */
export default fp(async function requestLog(app: FastifyInstance, { format }: { format: LogFormat }) {
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime);
    const { statusCode } = reply;
    const level = statusCode >= 500 ? 'error' : format === 'pretty' && statusCode < 400 && ms < 1000 ? 'debug' : 'info';
    const url = loggableUrl(request.url);
    const route = request.routeOptions.url ?? 'unmatched';
    const userId = request.user?.id;
    request.log[level](
      { method: request.method, route, url, statusCode, ms, ...(userId ? { userId } : {}) },
      `${request.method} ${url} ${statusCode} ${ms} ms`,
    );
  });
});
