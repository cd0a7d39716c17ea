/**
 * Dev-chain numbers: start + deploy time, per-mint time (sign locally with fee + gas
 * estimation, eth_sendRawTransaction, automine), and the restart replay time of N stored mints.
 *   npx tsx bench/mint-replay.ts [N=10000]
 */
import { connectChain, type ChainContext } from '../server/chain/client.js';
import { readBalance } from '../server/chain/contract.js';
import { broadcast, pendingNonce, signMint } from '../server/chain/mint.js';
import type { Address, Hex } from 'viem';

const N = Number(process.argv[2] ?? 10_000);
const HOLDERS: Address[] = ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'];
const ms = (t: number) => (performance.now() - t).toFixed(1);

async function snapshot(ctx: ChainContext) {
  const block = await ctx.publicClient.getBlockNumber();
  const balances = await Promise.all(HOLDERS.map((h) => readBalance(ctx.publicClient, ctx.tokenAddress, h, 1n)));
  return { block, balances: balances.join(',') };
}

let t = performance.now();
const first = await connectChain({ mode: 'dev', chainId: 31337, devPort: 0 });
console.log(`start + deploy: ${ms(t)} ms`);

const stored: Hex[] = [];
let nonce = await pendingNonce(first);
t = performance.now();
for (let i = 0; i < N; i++) {
  const signed = await signMint(first, { to: HOLDERS[i % 2], tokenId: 1n, amount: 1n, nonce: nonce++ });
  stored.push(signed.signedTx);
  await broadcast(first, signed.signedTx);
}
const mintMs = performance.now() - t;
console.log(`${N} mints: ${mintMs.toFixed(0)} ms (${(mintMs / N).toFixed(2)} ms per mint, sign + send + mine)`);
const before = await snapshot(first);
await first.close();

t = performance.now();
const second = await connectChain({ mode: 'dev', chainId: 31337, devPort: 0 }, { rawTxs: stored });
console.log(
  `restart + deploy + replay of ${N}: ${ms(t)} ms (replay alone ${second.devChain?.replayed.ms.toFixed(0)} ms)`,
);
const after = await snapshot(second);
await second.close();
const same = before.block === after.block && before.balances === after.balances;
console.log(`state after replay ${same ? 'matches' : 'DIFFERS'}: block ${after.block}, balances ${after.balances}`);
if (!same) process.exit(1);
