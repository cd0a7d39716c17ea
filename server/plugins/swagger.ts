import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { describeRoute, ERROR_SCHEMA, OPENAPI_VERSION, operationIdOf } from '../lib/openapi.js';

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
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
}
