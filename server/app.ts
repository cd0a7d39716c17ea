import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { startCheckoutSweeper } from './modules/checkout/sweeper.js';
import { startDnsServer } from './modules/domain/dns-server.js';
import { MODULES } from './modules/index.js';
import { startChainRuntime, type RuntimeOptions } from './modules/mint/runtime.js';
import { fulfilOrderIfMinted } from './modules/orders/service.js';
import { configuredProviders } from './modules/payments/providers/index.js';
import { SettingsService } from './modules/settings/service.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin, frameworkErrors } from './plugins/errors.js';
import { registerHelmet } from './plugins/helmet.js';
import { useJsonBodies } from './plugins/json-body.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { registerMultipart } from './plugins/multipart.js';
import { hasBuild, registerStatic, registerUploads } from './plugins/static.js';
import { registerSwagger } from './plugins/swagger.js';
import './types.js';

export type BuildOptions = {
  config: Config;
  database: Database;
  uiDir?: string;
  /** Connect the chain and (per config.mintWorker) run the mint worker. Default true; API tests opt in. */
  chain?: boolean;
  /** Worker tuning for tests and benchmarks. */
  worker?: RuntimeOptions['worker'];
  /** Run the sweeper that fails expired checkouts. Default true; API tests opt in. */
  sweeper?: boolean;
  /** Run the embedded DNS server (when config.dns.server). Default true; API tests opt in. */
  dnsServer?: boolean;
};

/**
 * The app: the shared context, the chain, the external plugins, then every module of the registry
 * (server/modules/index.ts), then the built browser apps.
 */
export async function buildApp({ config, database, uiDir, chain = true, worker, sweeper = true, dnsServer = true }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: false,
    bodyLimit: 1_048_576,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  useJsonBodies(app);
  app.decorate('ctx', {
    config, database, db: database.db, settings: new SettingsService(database.db), chain: null, providers: configuredProviders(config), dnsServer: null,
  });
  if (chain) {
    const log = { info: (m: string) => app.log.info(m), warn: (m: string) => app.log.warn(m), error: (m: string) => app.log.error(m) };
    app.ctx.chain = await startChainRuntime({
      db: database.db, config: config.chain, runWorker: config.mintWorker, log, worker, onOrderMinted: fulfilOrderIfMinted,
    });
    app.addHook('onClose', async () => { await app.ctx.chain?.close(); });
  }
  if (sweeper) {
    const sweeping = startCheckoutSweeper(database.db, config.checkoutSweepMs, app.log);
    app.addHook('onClose', sweeping.stop);
  }

  if (dnsServer && config.dns.server) {
    const server = await startDnsServer({ db: database.db, port: config.dns.port, zones: config.dns.zones, log: app.log }).catch(async (err: unknown) => {
      await app.close(); // the chain and the sweeper started above stop again
      if ((err as { code?: string }).code !== 'EADDRINUSE') throw err;
      throw new Error(`Port ${config.dns.port} for the DNS server is in use: set DNS_PORT to a free port (0 picks one), or DNS_SERVER=false.`);
    });
    app.ctx.dnsServer = { port: server.port };
    app.addHook('onClose', server.close);
  }

  const ui = hasBuild(uiDir) ? uiDir : undefined;
  await registerHelmet(app);
  await registerRateLimit(app, config.rateLimitMax);
  await app.register(errorsPlugin, { uiDir: ui });
  await registerSwagger(app);
  await registerMultipart(app);
  await app.register(authPlugin);
  for (const module of MODULES) await app.register(module);
  await registerUploads(app, config.uploadsDir);
  if (ui) await registerStatic(app, ui);
  return app;
}
