import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { SettingsService } from './modules/settings/service.js';
import { authRoutes } from './modules/auth/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { productRoutes } from './modules/products/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { mintRoutes } from './modules/mint/routes.js';
import { startChainRuntime, type RuntimeOptions } from './chain/runtime.js';
import './types.js';

export type BuildOptions = {
  config: Config;
  database: Database;
  uiDir?: string;
  /** Connect the chain and (per config.mintWorker) run the mint worker. Default true; API tests opt in. */
  chain?: boolean;
  /** Worker tuning for tests and benchmarks. */
  worker?: RuntimeOptions['worker'];
};

export async function buildApp({ config, database, uiDir, chain = true, worker }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: false,
    bodyLimit: 1_048_576,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Clients send `Content-Type: application/json` on every call (SPEC §7), DELETE included: an empty body is no body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new SyntaxError('invalid JSON'), undefined);
    }
  });
  app.decorate('ctx', { config, database, db: database.db, settings: new SettingsService(database.db), chain: null });
  if (chain) {
    const log = { info: (m: string) => app.log.info(m), warn: (m: string) => app.log.warn(m), error: (m: string) => app.log.error(m) };
    app.ctx.chain = await startChainRuntime({ db: database.db, config: config.chain, runWorker: config.mintWorker, log, worker });
    app.addHook('onClose', async () => { await app.ctx.chain?.close(); });
  }

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"], // MUI/emotion inject style tags
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(rateLimit, {
    max: config.rateLimitMax,
    timeWindow: '1 minute',
  });
  const ui = uiDir && fs.existsSync(path.join(uiDir, 'index.html')) ? uiDir : undefined;
  await app.register(errorsPlugin, { uiDir: ui });
  await app.register(swagger, {
    openapi: {
      info: { title: 'RWA Commerce API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  await app.register(authPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(settingsRoutes);
  await app.register(productRoutes);
  await app.register(orderRoutes);
  await app.register(dashboardRoutes);
  await app.register(mintRoutes);

  if (ui) await app.register(fastifyStatic, { root: ui, index: false, wildcard: false, prefix: '/' });
  return app;
}
