import fs from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody } from '../lib/errors.js';
import { MESSAGES } from '../../src/common/messages.js';

const fieldOf = (instancePath: string) => instancePath.replace(/^\//, '').replace(/\//g, '.');

/** What a validation sentence calls the thing that failed, by where it was. */
const WHERE: Record<string, string> = { querystring: 'query parameter', params: 'path parameter', headers: 'header' };

/**
 * Errors the router raises before any route runs (a path that is not valid UTF-8 once decoded, a path
 * parameter past its length): answered in the API's shape, like every other error.
 */
export const frameworkErrors = (err: FastifyError, _req: FastifyRequest, reply: FastifyReply) =>
  reply.status(400).send(errorBody(err.code === 'FST_ERR_BAD_URL' ? 'The address is not valid: it has an undecodable character.' : 'The address is not valid.', 'bad_url'));

/** One place turns every failure into `{ok:false, success:false, error, code, fields?}` with the right status. */
export const errorsPlugin = fp(async (app: FastifyInstance, opts: { uiDir?: string }) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send(errorBody(err.message, err.code, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const field = fieldOf(v.instancePath) || String(v.params?.['missingProperty'] ?? '') || '_';
        fields[field] ??= v.message ?? 'Invalid value.';
      }
      const [first] = Object.entries(fields);
      const where = WHERE[err.validationContext ?? ''] ?? 'field';
      const sentence = first && first[0] !== '_' ? `Invalid ${where} "${first[0]}": ${first[1]}` : (first?.[1] ?? 'Invalid request.');
      return reply.status(400).send(errorBody(sentence, 'validation', fields));
    }
    if (err.statusCode === 429) {
      return reply.status(429).send(errorBody(MESSAGES.tooMany, 'rate_limited'));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
      return reply.status(400).send(errorBody('The request body is not valid JSON.', 'invalid_json'));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(errorBody('Send the request body as JSON.', 'unsupported_media_type'));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(errorBody('The request body is too large.', 'body_too_large'));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send(errorBody(err.message, err.code ?? 'bad_request'));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('Something went wrong on the server. Please try again.', 'internal'));
  });

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api') {
      return reply.status(404).send(errorBody(`No API endpoint ${req.method} ${req.url.split('?')[0]}.`, 'not_found'));
    }
    // Any other GET is a screen of a single-page app: the browser router takes it from there.
    const pathname = req.url.split('?')[0]!;
    if (req.method === 'GET' && opts.uiDir && !path.extname(pathname)) {
      // The storefront is its own app (shop.html) under /shop, with the hosted payment pages under /pay;
      // every other screen belongs to the admin.
      const shop = /^\/(shop|pay)(\/|$)/.test(pathname) && fs.existsSync(path.join(opts.uiDir, 'shop.html'));
      return reply.type('text/html').sendFile(shop ? 'shop.html' : 'index.html', opts.uiDir);
    }
    return reply.status(404).send(errorBody('Not found.', 'not_found'));
  });
});
