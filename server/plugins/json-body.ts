import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies, where an empty body is no body: clients send `Content-Type: application/json` on every
 * call, DELETE included. Unparseable JSON is a SyntaxError the errors plugin answers with 400.
 */
export function useJsonBodies(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new SyntaxError('invalid JSON'), undefined);
    }
  });
}
