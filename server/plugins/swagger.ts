import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { answerJsonSchema, describeRoute, ERROR_SCHEMA, OPENAPI_VERSION, operationIdOf } from '../lib/openapi.js';
import { WEBHOOK_EVENT_DATA, webhookEventBody } from '../../src/common/webhooks.schemas.js';

/**
 * The events webhook endpoints receive, as OpenAPI 3.1's `webhooks` would list them; this is a 3.0 document, so under
 * `x-webhooks` (the extension Redoc reads): one POST per event, its body `{type, timestamp, data}`, signed per
 * Standard Webhooks 1.0 (webhook-id, webhook-timestamp, webhook-signature).
 */
function webhookEventsDoc() {
  const header = (description: string) => ({ required: true, schema: { type: 'string' }, description });
  return Object.fromEntries(
    Object.entries(WEBHOOK_EVENT_DATA).map(([type, data]) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace('.', '_')}`,
          summary: `The ${type} event`,
          parameters: [
            { in: 'header', name: 'webhook-id', ...header('The message id: the same on every attempt and replay') },
            {
              in: 'header',
              name: 'webhook-timestamp',
              ...header('Seconds since the epoch when this attempt was sent'),
            },
            {
              in: 'header',
              name: 'webhook-signature',
              ...header('`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` (two, space-separated, during a rotation)'),
            },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: answerJsonSchema(webhookEventBody(type, data)) } },
          },
          responses: { '2XX': { description: 'Received; any other answer (or none within the timeout) is retried' } },
        },
      },
    ]),
  );
}

/**
 * The OpenAPI document at /api/docs, generated from the route schemas and configs (server/lib/openapi.ts): for staff
 * only (it maps every back-office route). Registered before the modules, so every route they add gets its operationId.
 */
export async function registerSwagger(app: FastifyInstance) {
  const operationIds = new Map<string, string>();
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, capability: 'backoffice.read' };
    if (!route.url.startsWith('/api/') || typeof route.method !== 'string' || route.method === 'HEAD') return;
    const where = `${route.method} ${route.url}`;
    const id = route.schema?.operationId ?? operationIdOf(route.method, route.url);
    const taken = operationIds.get(id);
    if (taken && taken !== where)
      throw new Error(
        `${where} and ${taken} would share the operationId "${id}": give one an explicit schema.operationId.`,
      );
    operationIds.set(id, where);
    route.schema = { ...route.schema, operationId: id };
  });
  app.addSchema(ERROR_SCHEMA);
  await app.register(swagger, {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: {
        title: 'RWA Commerce API',
        version: '1.0.0',
        description:
          'The shop’s and the back office’s API. Every error answers `{ok:false, error, code, messageCode, params?, fields?, fieldMessages?}`.',
        license: { name: 'UNLICENSED: private, all rights reserved' },
      },
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    // Shared schemas (the error) keep their names in components.schemas.
    refResolver: {
      buildLocalReference: (json, _base, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
    transform: describeRoute,
    transformObject: (doc) =>
      'openapiObject' in doc ? { ...doc.openapiObject, 'x-webhooks': webhookEventsDoc() } : doc.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
}
