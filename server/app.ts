import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { PRIVATE_UPLOADS, type Config } from './config.js';
import type { Database } from './db/client.js';
import { startCheckoutSweeper } from './modules/checkout/sweeper.js';
import { startDnsServer } from './modules/domain/dns-server.js';
import { MODULES } from './modules/index.js';
import { createMailer } from './modules/notifications/mailer.js';
import { startNotificationWorker, type WorkerOptions as NotifierOptions } from './modules/notifications/worker.js';
import { startWebhookWorker, type WebhookWorkerOptions } from './modules/webhooks/deliver.js';
import { forgetListenedTypes } from './modules/webhooks/outbox.js';
import { SecretBox } from './lib/secret-box.js';
import { startChainRuntime, type RuntimeOptions } from './modules/mint/runtime.js';
import { fulfilOrderIfMinted } from './modules/orders/service.js';
import { startCryptoWatcher } from './modules/payments/crypto/watcher.js';
import { startPayoutCompleter } from './modules/payouts/completer.js';
import { cryptoRuntimeOf } from './modules/payments/providers/crypto.js';
import { configuredProviders } from './modules/payments/providers/index.js';
import { SettingsService } from './modules/settings/service.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin, frameworkErrors } from './plugins/errors.js';
import metrics from './plugins/metrics.js';
import requestLog, { registerRequestIds } from './plugins/request-log.js';
import { requestIdGenerator } from './lib/request-id.js';
import { registerCacheControl } from './plugins/cache-control.js';
import { registerHelmet } from './plugins/helmet.js';
import { useJsonBodies } from './plugins/json-body.js';
import { registerInvalidation } from './plugins/invalidation.js';
import { registerLifecycle } from './plugins/lifecycle.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { registerMultipart } from './plugins/multipart.js';
import { hasBuild, registerStatic, registerUploads } from './plugins/static.js';
import { registerSwagger } from './plugins/swagger.js';
import { logDestination } from './lib/log.js';
import { answerSerializer } from './lib/serializer.js';
import { setPublicOrigin } from './lib/site.js';
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
  /** Run the notification worker (per config.notificationWorker); options tune it for tests and benchmarks. Default true. */
  notifier?: boolean | NotifierOptions;
  /** Run the webhook delivery worker (per config.webhooks.worker); options tune it for tests and benchmarks. Default true. */
  webhookWorker?: boolean | WebhookWorkerOptions;
  /** Run the embedded DNS server (when config.dns.server). Default true; API tests opt in. */
  dnsServer?: boolean;
  /** With the chain: run the crypto watcher in this process. Default true. */
  cryptoWatcher?: boolean;
  /** With the chain and a platform payout wallet: run the payout completer in this process. Default true; API tests opt in. */
  payoutCompleter?: boolean;
  /** Where the log goes instead of standard output (tests read its lines). */
  logStream?: { write(line: string): void };
};

/**
 * The app: the shared context, the chain, the external plugins, then every module of the registry
 * (server/modules/index.ts), then the built browser apps.
 */
export async function buildApp({
  config,
  database,
  uiDir,
  chain = true,
  worker,
  sweeper = true,
  notifier = true,
  webhookWorker = true,
  dnsServer = true,
  cryptoWatcher = true,
  payoutCompleter = true,
  logStream,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, stream: logStream ?? logDestination(config.logFormat) },
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: false,
    // A request's id: a trusted proxy's X-Request-Id, else a new UUID (lib/request-id.ts); answered in X-Request-Id.
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.requestIdProxies),
    bodyLimit: 1_048_576,
    frameworkErrors,
    // While closing, requests are refused in the API's error shape by plugins/lifecycle.ts, not Fastify's.
    return503OnClosing: false,
  });
  setPublicOrigin(config.publicUrl, config.host, config.port);
  registerRequestIds(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer({ exact: config.env === 'test' }));
  useJsonBodies(app);
  await registerInvalidation(app, database, config.databaseListenUrl);
  forgetListenedTypes();
  app.decorate('ctx', {
    config,
    database,
    db: database.db,
    settings: new SettingsService(database.db),
    chain: null,
    providers: configuredProviders(config),
    dnsServer: null,
    lifecycle: { state: 'starting' },
  });
  if (chain) {
    const log = {
      info: (m: string, fields?: object) => app.log.info(fields ?? {}, m),
      warn: (m: string, fields?: object) => app.log.warn(fields ?? {}, m),
      error: (m: string, fields?: object) => app.log.error(fields ?? {}, m),
    };
    app.ctx.chain = await startChainRuntime({
      db: database.db,
      config: config.chain,
      runWorker: config.mintWorker,
      log,
      worker,
      onOrderMinted: fulfilOrderIfMinted,
    });
    // Crypto payments take the chain as it is connected here (its id checked), with the configured or dev mnemonic.
    const crypto = cryptoRuntimeOf(app.ctx.chain, config.crypto, log);
    if (crypto) {
      app.ctx.providers = configuredProviders(config, crypto);
      if (cryptoWatcher) {
        const watching = startCryptoWatcher(database.db, crypto, config.crypto.watchMs, log);
        app.ctx.cryptoWatcher = watching;
        app.addHook('onClose', watching.stop);
      }
    }
    if (payoutCompleter && app.ctx.chain.chain?.payoutAccount) {
      const completing = startPayoutCompleter(database.db, app.ctx.chain, config.payoutCompleterMs, log);
      app.addHook('onClose', completing.stop);
    }
    app.addHook('onClose', async () => {
      await app.ctx.chain?.close();
    });
  }
  if (sweeper) {
    const sweeping = startCheckoutSweeper(database.db, config.checkoutSweepMs, app.log);
    app.addHook('onClose', sweeping.stop);
  }
  if (notifier && config.notificationWorker) {
    const notifying = startNotificationWorker(
      database.db,
      createMailer(config.mail),
      config.notificationPollMs,
      app.log,
      notifier === true ? {} : notifier,
    );
    app.addHook('onClose', notifying.stop);
  }
  if (config.webhooks.allowInsecure)
    app.log.warn(
      'WEBHOOK_ALLOW_INSECURE is on: webhooks may go over plain http and to private addresses (development only).',
    );
  if (webhookWorker && config.webhooks.worker) {
    const delivering = startWebhookWorker(
      {
        db: database.db,
        box: new SecretBox(config.totpEncryptionKey),
        timeoutMs: config.webhooks.timeoutMs,
        allowInsecure: config.webhooks.allowInsecure,
        log: app.log,
        retentionDays: config.webhooks.retentionDays,
      },
      config.webhooks.pollMs,
      app.log,
      webhookWorker === true ? {} : webhookWorker,
    );
    app.addHook('onClose', delivering.stop);
  }

  if (dnsServer && config.dns.server) {
    const server = await startDnsServer({ ...config.dns, db: database.db, log: app.log }).catch(
      async (err: unknown) => {
        await app.close(); // the chain and the sweeper started above stop again
        if ((err as { code?: string }).code !== 'EADDRINUSE') throw err;
        throw new Error(
          `Port ${config.dns.port} for the DNS server is in use: set DNS_PORT to a free port (0 picks one), or DNS_SERVER=false.`,
        );
      },
    );
    app.ctx.dnsServer = { port: server.port };
    app.addHook('onClose', server.close);
  }

  const ui = hasBuild(uiDir) ? uiDir : undefined;
  await registerHelmet(app);
  await registerCacheControl(app);
  await registerRateLimit(app, config);
  await app.register(metrics, { config, database });
  await app.register(requestLog, { format: config.logFormat });
  await app.register(errorsPlugin, { uiDir: ui });
  registerLifecycle(app);
  await registerSwagger(app);
  await registerMultipart(app);
  await app.register(authPlugin);
  for (const module of MODULES) await app.register(module);
  await registerUploads(app, config.uploadsDir, PRIVATE_UPLOADS);
  if (ui) await registerStatic(app, ui);
  return app;
}
