/**
 * `npm run worker`: a mint worker on its own, for scale-out (start the server with MINT_WORKER=false,
 * or leave it on: the lease lets only one worker per minter key work at a time).
 * Needs PostgreSQL (DATABASE_URL): the embedded PGlite database is opened by the server process only.
 * Without RPC_URL it mints on the server's embedded dev chain through its loopback endpoint (DEV_CHAIN_PORT).
 */
import { loadConfig } from '../../config.js';
import { fromPostgres } from '../../db/client.js';
import { checkChainId, connectChain, devChainViaRpc, type ChainConfig } from '../../chain/client.js';
import { startInvalidationBus } from '../../lib/invalidation.js';
import { runMain } from '../../lib/process.js';
import { fulfilOrderIfMinted } from '../orders/service.js';
import { startHoldersIndexer } from '../holders/indexer.js';
import { HOLDERS_INDEX_MS } from './runtime.js';
import { MintWorker } from './worker.js';

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new Error(
      'npm run worker needs DATABASE_URL (PostgreSQL): the embedded PGlite database can only be opened by the server, which runs the mint worker itself.',
    );
  }
  const chainConfig: ChainConfig =
    config.chain.mode === 'rpc' ? config.chain : devChainViaRpc(`http://127.0.0.1:${config.chain.devPort ?? 8545}`);
  const chain = await connectChain(chainConfig);
  const mismatch = await checkChainId(chain.publicClient, chainConfig.chainId).catch(
    (err: Error) =>
      `The chain at ${chainConfig.mode === 'rpc' ? chainConfig.rpcUrl : ''} could not be reached (${err.message}); is the server running?`,
  );
  if (mismatch) throw new Error(mismatch);

  type Fields = { reqId?: unknown };
  /** A line about a job names the request that queued it. */
  const withRequest = (m: string, f?: Fields) => (f?.reqId ? `${m} (request ${String(f.reqId)})` : m);
  const log = {
    info: (m: string, f?: Fields) => console.log(withRequest(m, f)),
    warn: (m: string, f?: Fields) => console.warn(withRequest(m, f)),
    error: (m: string, f?: Fields) => console.error(withRequest(m, f)),
  };
  // A connection cut (a restart, a failover) fails the pass that used it; the worker tries again (backoffMs).
  const database = fromPostgres(config.databaseUrl, 4, (err) =>
    log.warn(`database: connections were cut (${err.message}); the mint worker tries again`),
  );
  await database.migrate();
  // Orders this worker fulfils change the servers' list counts: tell them (lib/invalidation.ts).
  const bus = await startInvalidationBus(config.databaseListenUrl ?? config.databaseUrl, log);
  const worker = new MintWorker({
    db: database.db,
    chain,
    log,
    onOrderMinted: fulfilOrderIfMinted,
    receiptDelaySeconds: config.chain.mode === 'dev' ? 0 : 2,
  }).start();
  // The holders indexer beside it: it reads the token's logs while this worker holds the minter's lease.
  const holders = startHoldersIndexer(database.db, chain, HOLDERS_INDEX_MS[chainConfig.mode], log, () => worker.leased);
  log.info(
    `mint worker ${worker.owner} started for minter ${worker.who.minter} on chain ${worker.who.chainId}; waiting for its lease`,
  );

  return {
    stop: async (signal: string) => {
      log.info(`${signal}: stopping the mint worker`);
      await holders.stop();
      await worker.stop();
      await bus.stop();
      await chain.close();
      await database.close();
    },
  };
}

runMain(main);
