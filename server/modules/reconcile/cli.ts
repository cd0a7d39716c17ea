/**
 * npm run reconcile: checks that the referral network's money adds up on the configured database (DATABASE_URL, or
 * the PGlite under DATA_DIR), reading crypto payouts' transfers from RPC_URL or from the dev chain replayed from the
 * stored transactions. Prints each check with its figure; exits 1 when one does not hold.
 */
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { connectChain } from '../../chain/client.js';
import { DEV_CHAIN_ID } from '../../chain/edr-provider.js';
import { replayLog } from '../mint/queue.js';
import { reconcile } from './service.js';
import { messageOf } from '../../lib/errors.js';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    // The chain the payouts were sent on: RPC_URL, or the dev chain rebuilt here from its stored transactions.
    const chainConfig = config.chain.mode === 'dev' ? { ...config.chain, devPort: null } : config.chain;
    const rawTxs = config.chain.mode === 'dev' ? await replayLog(database.db, DEV_CHAIN_ID) : [];
    const chain = await connectChain(chainConfig, { rawTxs });
    let result;
    try {
      result = await reconcile(database.db, chain);
    } finally {
      await chain.close();
    }
    for (const c of result.checks) {
      console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.figure}`);
      for (const line of c.detail) console.log(`       ${line}`);
    }
    console.log(result.ok ? 'reconcile: everything adds up.' : 'reconcile: mismatches found.');
    if (!result.ok) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(`reconcile: ${messageOf(err)}`);
  process.exitCode = 1;
});
