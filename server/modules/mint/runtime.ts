/**
 * The chain as the server runs it: connect (embedded dev chain with its stored transactions replayed,
 * or RPC_URL after checking eth_chainId), then the in-process mint worker unless MINT_WORKER=false, and beside it the
 * holders indexer (holders/indexer.ts), which indexes while that worker holds the minter's lease: one process does.
 */
import { getAddress, parseTransaction, recoverTransactionAddress, type Hex, type TransactionSerialized } from 'viem';
import type { Db } from '../../db/client.js';
import { checkChainId, connectChain, type ChainConfig, type ChainContext } from '../../chain/client.js';
import { DEV_CHAIN_ID } from '../../chain/edr-provider.js';
import { recordForeignTransaction, replayLog } from './queue.js';
import { startHoldersIndexer } from '../holders/indexer.js';
import { MintWorker, type MintWorkerOptions, type WorkerLog } from './worker.js';

export type ChainRuntime = {
  chain: ChainContext | null;
  worker: MintWorker | null;
  /** The holders indexer, where the mint worker runs (null elsewhere). */
  holders: ReturnType<typeof startHoldersIndexer> | null;
  /** Why minting is off in this process (wrong chain id, unreachable node), shown on the Mint Queue screen. */
  error: string | null;
  close(): Promise<void>;
};

export type RuntimeOptions = {
  db: Db;
  config: ChainConfig;
  runWorker: boolean;
  log: WorkerLog;
  /** The worker's "order minted" step (the orders module fulfils the order), handed in so mint does not import orders. */
  onOrderMinted?: MintWorkerOptions['onOrderMinted'];
  worker?: Partial<Omit<MintWorkerOptions, 'db' | 'chain' | 'log' | 'onOrderMinted'>>;
  /** How often the holders indexer reads new logs (default HOLDERS_INDEX_MS). */
  holdersMs?: number;
};

/** The holders indexer's pace: a dev chain's blocks come at once, a remote node's every few seconds. */
export const HOLDERS_INDEX_MS = { dev: 1000, rpc: 5000 } as const;

/** Stores a wallet's transaction accepted by the dev endpoint, so a restart replays it too. */
async function recordRaw(db: Db, raw: Hex, hash: Hex) {
  const tx = parseTransaction(raw as TransactionSerialized);
  const sender = await recoverTransactionAddress({ serializedTransaction: raw as TransactionSerialized });
  await recordForeignTransaction(db, {
    chainId: DEV_CHAIN_ID,
    hash,
    sender: getAddress(sender),
    nonce: tx.nonce ?? 0,
    raw,
  });
}

export async function startChainRuntime(opts: RuntimeOptions): Promise<ChainRuntime> {
  const { db, config, log } = opts;
  let chain: ChainContext;
  if (config.mode === 'dev') {
    const rawTxs = await replayLog(db, DEV_CHAIN_ID);
    chain = await connectChain(config, { rawTxs, onRawTransaction: (raw, hash) => recordRaw(db, raw, hash) }).catch(
      (err: NodeJS.ErrnoException) => {
        if (err.code !== 'EADDRINUSE') throw err;
        throw new Error(
          `Port ${config.devPort} for the dev chain's JSON-RPC endpoint is in use: set DEV_CHAIN_PORT to a free port (0 picks one).`,
        );
      },
    );
    const replayed = chain.devChain!.replayed;
    if (rawTxs.length > 0)
      log.info(`dev chain: replayed ${replayed.sent} stored transactions in ${Math.round(replayed.ms)} ms`);
    for (const f of replayed.failed)
      log.warn(`dev chain: stored transaction #${f.index} (${f.hash}) was refused: ${f.message}`);
    if (chain.devChain!.rpcUrl)
      log.info(`dev chain (id ${DEV_CHAIN_ID}) answers JSON-RPC at ${chain.devChain!.rpcUrl}`);
  } else {
    chain = await connectChain(config);
    let error: string | null;
    try {
      error = await checkChainId(chain.publicClient, config.chainId);
    } catch (err) {
      error = `The RPC node at RPC_URL could not be reached: ${err instanceof Error ? err.message : String(err)}`;
    }
    if (error) {
      log.error(`mint worker not started: ${error}`);
      return { chain, worker: null, holders: null, error, close: () => chain.close() };
    }
  }
  const worker = opts.runWorker
    ? new MintWorker({
        db,
        chain,
        log,
        onOrderMinted: opts.onOrderMinted,
        receiptDelaySeconds: config.mode === 'dev' ? 0 : 2,
        ...opts.worker,
      }).start()
    : null;
  const holders = worker
    ? startHoldersIndexer(db, chain, opts.holdersMs ?? HOLDERS_INDEX_MS[config.mode], log, () => worker.leased)
    : null;
  return {
    chain,
    worker,
    holders,
    error: null,
    close: async () => {
      await holders?.stop();
      await worker?.stop();
      await chain.close();
    },
  };
}
