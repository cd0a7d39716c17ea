import { connectChain, type ChainContext } from '../../server/chain/client.js';
import { DEV_CHAIN_ID } from '../../server/chain/edr-provider.js';
import type { Db } from '../../server/db/client.js';
import { replayLog } from '../../server/modules/mint/queue.js';
import { reconcile } from '../../server/modules/reconcile/service.js';

/** The dev chain as a restarted server builds it from this database: a fresh chain, the stored transactions replayed. */
export async function replayedChain(db: Db): Promise<ChainContext> {
  return connectChain(
    { mode: 'dev', chainId: DEV_CHAIN_ID, devPort: null },
    { rawTxs: await replayLog(db, DEV_CHAIN_ID) },
  );
}

/** `npm run reconcile` on this database: its checks, reading the chain its stored transactions rebuild. */
export async function reconcileReplayed(db: Db) {
  const chain = await replayedChain(db);
  try {
    return await reconcile(db, chain);
  } finally {
    await chain.close();
  }
}
