import fs from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody, isUnavailable } from '../lib/errors.js';
import { validationError, valueAt, type Issue } from '../lib/validation.js';
import { dbErrorKind, dbErrors } from '../modules/metrics/business.js';

/** What a 503 asks the client to wait before sending the request again. */
export const RETRY_AFTER_SECONDS = 2;

const fieldOf = (instancePath: string) => instancePath.replace(/^\//, '').replace(/\//g, '.');

/** What a validation sentence calls the thing that failed, by where it was. */
const WHERE: Record<string, string> = { querystring: 'query parameter', params: 'path parameter', headers: 'header' };

/** The API's shape of an error: its sentence, codes and params, and each field's. */
export const bodyOf = (err: AppError) =>
  errorBody(err.message, err.code, err.fields, {
    messageCode: err.messageCode,
    params: err.params,
    fieldMessages: err.fieldMessages,
  });

/**
 * Errors the router raises before any route runs (a path that is not valid UTF-8 once decoded, a path
 * parameter past its length): answered in the API's shape, like every other error.
 */
export const frameworkErrors = (err: FastifyError, _req: FastifyRequest, reply: FastifyReply) =>
  reply
    .status(400)
    .send(
      bodyOf(
        new AppError(
          400,
          err.code === 'FST_ERR_BAD_URL' ? 'bad_url_undecodable' : 'bad_url',
          undefined,
          undefined,
          'bad_url',
        ),
      ),
    );

/** One place turns every failure into `{ok:false, success:false, error, code, messageCode, params?, fields?, fieldMessages?}` with the right status. */
export const errorsPlugin = fp(async (app: FastifyInstance, opts: { uiDir?: string }) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(err.status).send(bodyOf(err));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const context = err.validationContext ?? '';
      // Fastify names the query's context "querystring" but keeps it as req.query.
      const input = (req as unknown as Record<string, unknown>)[context === 'querystring' ? 'query' : context];
      const issues: Issue[] = err.validation.map((v) => {
        const field = fieldOf(v.instancePath) || String(v.params?.['missingProperty'] ?? '') || '_';
        return {
          field,
          kind: v.keyword,
          message: v.message ?? 'Invalid value.',
          details: v.params ?? {},
          value: valueAt(input, field),
        };
      });
      return reply.status(400).send(bodyOf(validationError(issues, WHERE[context] ?? 'field')));
    }
    if (err.statusCode === 429) {
      return reply.status(429).send(bodyOf(new AppError(429, 'rate_limited')));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
      return reply.status(400).send(bodyOf(new AppError(400, 'invalid_json')));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(bodyOf(new AppError(415, 'unsupported_media_type')));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(bodyOf(new AppError(413, 'body_too_large')));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send(errorBody(err.message, err.code ?? 'bad_request'));
    }
    const unavailable = isUnavailable(err);
    const dbKind = dbErrorKind(err, unavailable);
    if (dbKind) dbErrors.inc({ kind: dbKind });
    if (unavailable) {
      // The database went away under this request (a restart, a failover, a killed backend): sent again, it may pass.
      req.log.warn({ err }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(bodyOf(new AppError(503, 'service_unavailable')));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(bodyOf(new AppError(500, 'internal')));
  });

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api') {
      return reply
        .status(404)
        .send(
          bodyOf(
            new AppError(
              404,
              'no_endpoint',
              { method: req.method, path: req.url.split('?')[0]! },
              undefined,
              'not_found',
            ),
          ),
        );
    }
    // Any other GET is a screen of a single-page app: the browser router takes it from there.
    const pathname = req.url.split('?')[0]!;
    if (req.method === 'GET' && opts.uiDir && !path.extname(pathname)) {
      // The storefront is its own app (shop.html) under /shop, with the hosted payment pages under /pay;
      // every other screen belongs to the admin.
      const shop = /^\/(shop|pay)(\/|$)/.test(pathname) && fs.existsSync(path.join(opts.uiDir, 'shop.html'));
      return reply.type('text/html').sendFile(shop ? 'shop.html' : 'index.html', opts.uiDir);
    }
    return reply.status(404).send(bodyOf(new AppError(404, 'not_found')));
  });
});
