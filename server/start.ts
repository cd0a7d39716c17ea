import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { getAddress } from 'viem';
import { devChainViaRpc } from './chain/client.js';
import { loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { seedIfEmpty } from './seed/seed.js';
import { startInvalidationBus } from './lib/invalidation.js';
import { startCheckoutSweeper } from './modules/checkout/sweeper.js';
import { serveClusterMetrics } from './modules/metrics/cluster.js';
import { startDnsServer } from './modules/domain/dns-server.js';
import { startChainRuntime, type ChainRuntime } from './modules/mint/runtime.js';
import { fulfilOrderIfMinted } from './modules/orders/service.js';
import { runMain } from './lib/process.js';
import { drain } from './plugins/lifecycle.js';
import { uiDir } from './lib/paths.js';
import { listenUrl, setPublicOrigin } from './lib/site.js';

/** Set by a cluster's primary for its API processes: the primary's dev chain endpoint, which they use instead of their own. */
const PRIMARY_CHAIN_ENV = 'RWA_PRIMARY_DEV_CHAIN_URL';

function chainLine(runtime: ChainRuntime | null, workers = 'in process') {
  const chain = runtime?.chain;
  if (!chain) return 'not connected';
  const where = chain.devChain
    ? `embedded dev chain ${chain.chainId}${chain.devChain.rpcUrl ? `, JSON-RPC at ${chain.devChain.rpcUrl}` : ''}`
    : `chain ${chain.chainId} via RPC_URL`;
  const worker = runtime.error
    ? `mint worker NOT running: ${runtime.error}`
    : runtime.worker
      ? `mint worker ${workers}`
      : 'mint worker off (MINT_WORKER=false)';
  return `${where}; token ${getAddress(chain.tokenAddress)}; ${worker}`;
}

function dnsLine(config: Config, port: number | null) {
  const { host, zones } = config.dns;
  return port !== null
    ? `authoritative for ${zones.join(', ')} on ${host.includes(':') ? `[${host}]` : host}:${port} (UDP and TCP)`
    : 'server off (DNS_SERVER=false)';
}

function banner(config: Config, port: number, lines: string[]) {
  const url = listenUrl(config.host, port);
  const out = [
    '',
    `RWA Commerce is running at ${url}`,
    `  shop: ${url}/shop${config.paymentSandbox ? ' (card sandbox on: 4242 4242 4242 4242 pays)' : ''}`,
    ...lines,
    `  API docs: ${url}/api/docs (the OpenAPI document at ${url}/api/docs/json; staff only: send a staff member's bearer token)`,
  ];
  // The demo data's accounts have passwords only outside production (seedIfEmpty drops them there).
  if (config.env !== 'production') {
    out.push(
      '  dev logins (password rwa-dev-password): admin@rwa.dev, finance@rwa.dev, operator@rwa.dev, shopper@rwa.dev',
    );
  }
  console.log(out.join('\n') + '\n');
}

const consoleLog = {
  info: (m: string) => console.log(m),
  warn: (m: string) => console.warn(m),
  error: (m: string) => console.error(m),
};

/** A PostgreSQL connection cut under this process (a restart, a failover): said once a burst, and the process goes on. */
const onLost = (err: Error) =>
  console.warn(`database: connections were cut (${err.message}); requests on them answer 503 and new ones are opened`);

/** The embedded database's thread stopping: started again (requests meanwhile answer 503), or the process exits. */
const pgliteThread = {
  onRestart: (err: Error) => console.warn(`database: ${err.message} It was started again.`),
  onGiveUp: (err: Error) => {
    console.error(`database: ${err.message} It was not started again (too many stops); the server exits.`);
    process.exit(1);
  },
};

/** One process: migrate, seed, the chain and mint worker, the sweeper and the API (WEB_CONCURRENCY unset or 1). */
async function single(config: Config) {
  const database = await openDatabase(config, { thread: config.pgliteThread, onLost, threadOptions: pgliteThread });
  await database.migrate();
  await seedIfEmpty(database, config);
  const app = await buildApp({ config, database, uiDir });
  await app.listen({ host: config.host, port: config.port });
  // The bound port, not config.port: PORT=0 asks the system for a free one.
  const bound = app.server.address();
  const port = bound && typeof bound === 'object' ? bound.port : config.port;
  setPublicOrigin(config.publicUrl, config.host, port);
  banner(config, port, [
    `  database: ${database.kind}${database.kind === 'pglite' ? ` (${path.resolve(config.dataDir, 'pglite')})` : ''}`,
    `  chain: ${chainLine(app.ctx.chain)}`,
    `  DNS: ${dnsLine(config, app.ctx.dnsServer?.port ?? null)}`,
  ]);
  return {
    stop: async (signal: string) => {
      app.log.info(`${signal}: draining (up to ${config.shutdownGraceMs / 1000} s), then stopping`);
      await drain(app, config.shutdownGraceMs);
      await database.close();
    },
  };
}

/**
 * WEB_CONCURRENCY=N on PostgreSQL: this primary migrates and seeds once, runs what must run in one place (the embedded
 * dev chain, which lives in this process's memory, with the mint worker beside it; the checkout sweeper; the DNS
 * server, which binds one port), and forks N
 * API processes that share the port (node:cluster). Those reach the dev chain through its JSON-RPC endpoint, as
 * `npm run worker` does. A process that dies is replaced.
 */
async function primary(config: Config) {
  const database = await openDatabase(config, { onLost });
  await database.migrate();
  await seedIfEmpty(database, config);
  const bus = await startInvalidationBus(config.databaseListenUrl ?? database.url!, consoleLog);
  const runtime = await startChainRuntime({
    db: database.db,
    config: config.chain,
    runWorker: config.mintWorker,
    log: consoleLog,
    onOrderMinted: fulfilOrderIfMinted,
  });
  const sweeper = startCheckoutSweeper(database.db, config.checkoutSweepMs, consoleLog);
  // The DNS server binds one port: it runs here, and reads the records every process writes (zone-data.ts).
  const dns = config.dns.server
    ? await startDnsServer({ ...config.dns, db: database.db, log: consoleLog }).catch((err: unknown) => {
        if ((err as { code?: string }).code !== 'EADDRINUSE') throw err;
        throw new Error(
          `Port ${config.dns.port} for the DNS server is in use: set DNS_PORT to a free port (0 picks one), or DNS_SERVER=false.`,
        );
      })
    : null;
  const metrics = await serveClusterMetrics(config.metrics);
  const chainUrl = runtime.chain?.devChain?.rpcUrl ?? null;
  if (config.chain.mode === 'dev' && !chainUrl)
    throw new Error("WEB_CONCURRENCY needs the dev chain's JSON-RPC endpoint (DEV_CHAIN_PORT) for its API processes.");

  let stopping = false;
  const bornAt = new Map<number, number>();
  const fork = (): Worker => {
    const worker = cluster.fork(chainUrl ? { [PRIMARY_CHAIN_ENV]: chainUrl } : {});
    bornAt.set(worker.id, Date.now());
    return worker;
  };
  // A process that dies after serving a while is replaced at once; one that dies young again and again (a bad
  // configuration, the database refusing it) is replaced more slowly each time, up to every 5 s.
  let youngDeaths = 0;
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (bornAt.get(worker.id) ?? 0);
    bornAt.delete(worker.id);
    // Exit code 0 is a process stopping on a signal of its own (Ctrl-C reaches the whole process group).
    if (stopping || (code === 0 && !signal)) return;
    youngDeaths = lived < 10_000 ? youngDeaths + 1 : 0;
    const delay = youngDeaths === 0 ? 0 : Math.min(5000, 250 * 2 ** (youngDeaths - 1));
    console.error(`API process ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(() => {
      if (!stopping) fork();
    }, delay).unref();
  });
  const listening = new Promise<number>((resolve, reject) => {
    let count = 0;
    cluster.on('listening', (_worker, address) => {
      if (++count === config.webConcurrency) resolve(address.port);
    });
    cluster.once('exit', (worker, code) => {
      if (count < config.webConcurrency)
        reject(
          new Error(
            `An API process (${worker.process.pid}) exited with ${code} before it was listening; see its output above.`,
          ),
        );
    });
  });
  for (let i = 0; i < config.webConcurrency; i++) fork();
  const port = await listening;
  setPublicOrigin(config.publicUrl, config.host, port);
  banner(config, port, [
    `  database: postgres; ${config.webConcurrency} API processes (WEB_CONCURRENCY), rate limits ${config.redisUrl ? 'shared through Redis' : 'per process (REDIS_URL unset)'}`,
    `  chain: ${chainLine(runtime, 'in the primary process')}`,
    `  DNS: ${dnsLine(config, dns?.port ?? null)}`,
    ...(metrics
      ? [`  metrics: every process's, summed, at http://${config.metrics.host}:${metrics.port}/metrics`]
      : []),
  ]);

  return {
    stop: async (signal: string) => {
      stopping = true;
      console.log(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} API processes`);
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
      await Promise.all(
        workers.map(
          (w) =>
            new Promise<void>((resolve) => {
              if (w.isDead()) return resolve();
              // Each drains for up to the grace period, then stops its loops: killed only if it hangs past that.
              const kill = setTimeout(() => w.process.kill('SIGKILL'), config.shutdownGraceMs + 10_000);
              w.once('exit', () => {
                clearTimeout(kill);
                resolve();
              });
              w.process.kill('SIGTERM');
            }),
        ),
      );
      await sweeper.stop();
      await metrics?.close();
      await dns?.close();
      await runtime.close();
      await bus.stop();
      await database.close();
    },
  };
}

/** An API process of a cluster: the API only, on the shared port; the primary runs the loops that must run once. */
async function apiProcess(config: Config) {
  const primaryChain = process.env[PRIMARY_CHAIN_ENV];
  const own: Config = {
    ...config,
    mintWorker: false,
    chain: primaryChain ? devChainViaRpc(primaryChain) : config.chain,
  };
  const database = await openDatabase(own, { onLost });
  const app = await buildApp({
    config: own,
    database,
    uiDir,
    sweeper: false,
    dnsServer: false,
  });
  await app.listen({ host: own.host, port: own.port });
  const bound = app.server.address();
  setPublicOrigin(own.publicUrl, own.host, bound && typeof bound === 'object' ? bound.port : own.port);
  return {
    stop: async (signal: string) => {
      app.log.info(`${signal}: draining (up to ${config.shutdownGraceMs / 1000} s), then stopping`);
      await drain(app, config.shutdownGraceMs);
      await database.close();
    },
  };
}

async function main() {
  const config = loadConfig();
  if (config.webConcurrency === 1) return single(config);
  if (!config.databaseUrl) {
    throw new Error(
      `WEB_CONCURRENCY=${config.webConcurrency} needs PostgreSQL (DATABASE_URL): the embedded PGlite database can be opened by one process only. Set DATABASE_URL, or set WEB_CONCURRENCY=1 (or unset it) to run one process on PGlite.`,
    );
  }
  return cluster.isPrimary ? primary(config) : apiProcess(config);
}

runMain(main);
