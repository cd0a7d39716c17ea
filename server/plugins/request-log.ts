import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LogFormat } from '../lib/log.js';

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
    request.log[level](
      { method: request.method, url, statusCode, ms },
      `${request.method} ${url} ${statusCode} ${ms} ms`,
    );
  });
});
