import type { FastifyInstance } from 'fastify';
import { jsonDepthOver, MAX_JSON_DEPTH } from '../../src/common/text.js';
import { AppError } from '../lib/errors.js';

/**
 * JSON bodies, where an empty body is no body: clients send `Content-Type: application/json` on every
 * call, DELETE included. Unparseable JSON is a SyntaxError the errors plugin answers with 400; JSON nested deeper than
 * MAX_JSON_DEPTH is a 400 of its own before it is parsed, so no schema or rule walks a structure that deep.
 */
export function useJsonBodies(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    if (body === '') return done(null, undefined);
    if (jsonDepthOver(body as string, MAX_JSON_DEPTH))
      return done(new AppError(400, 'json_too_deep', { max: MAX_JSON_DEPTH }), undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new SyntaxError('invalid JSON'), undefined);
    }
  });
}
