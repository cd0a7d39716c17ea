import { keccak256, type Address, type Hex, type TransactionReceipt } from 'viem';
import { describe, expect, it } from 'vitest';
import { connectChain, type ChainContext } from '../../server/chain/client.js';
import { encodeMint, encodeSetUri, readBalance, readUri } from '../../server/chain/contract.js';
import { devDeployTransaction, startDevChain } from '../../server/chain/dev-chain.js';
import { broadcast, pendingNonce, signMint } from '../../server/chain/mint.js';
import { replay, ReplayError } from '../../server/chain/replay.js';

const HOLDERS: Address[] = ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x90F79bf6EB2c4f870365E785982E1f101E93b906'];
const dev = { mode: 'dev', chainId: 31337, devPort: null } as const;
const start = (rawTxs: Hex[] = []) => connectChain({ ...dev }, { rawTxs });

/** Signs and sends a raw transaction from the minter with explicit gas (no estimation). */
async function sendRaw(
  ctx: ChainContext,
  tx: { to: Address; data?: Hex; value?: bigint },
  stored: Hex[],
): Promise<Hex> {
  const nonce = await pendingNonce(ctx);
  const raw = await ctx.account.signTransaction({
    type: 'eip1559',
    chainId: ctx.chainId,
    nonce,
    gas: 300_000n,
    maxFeePerGas: 10n ** 10n,
    maxPriorityFeePerGas: 10n ** 9n,
    ...tx,
  });
  stored.push(raw);
  return broadcast(ctx, raw);
}

async function snapshot(ctx: ChainContext, hashes: Hex[]) {
  const receipts = await Promise.all(hashes.map((hash) => ctx.publicClient.getTransactionReceipt({ hash })));
  const pick = (r: TransactionReceipt) => ({
    hash: r.transactionHash,
    block: r.blockNumber,
    status: r.status,
    gasUsed: r.gasUsed,
    price: r.effectiveGasPrice,
    logs: r.logs.map((l) => [l.address, l.topics, l.data, l.logIndex]),
  });
  return {
    blockNumber: await ctx.publicClient.getBlockNumber(),
    receipts: receipts.map(pick),
    tokens: await Promise.all(
      HOLDERS.flatMap((h) => [1n, 2n].map((id) => readBalance(ctx.publicClient, ctx.tokenAddress, h, id))),
    ),
    eth: await Promise.all(
      [ctx.account.address, ...HOLDERS].map((address) => ctx.publicClient.getBalance({ address })),
    ),
    nonce: await pendingNonce(ctx),
    uri: await readUri(ctx.publicClient, ctx.tokenAddress, 1n),
  };
}

describe('replay of stored signed transactions', () => {
  it('restores balances, hashes, block numbers and receipts exactly after a restart', async () => {
    const first = await start();
    const stored: Hex[] = [];
    const hashes: Hex[] = [];
    for (let i = 0; i < 6; i++) {
      const signed = await signMint(first, {
        to: HOLDERS[i % 2],
        tokenId: BigInt(1 + (i % 3 === 0 ? 1 : 0)),
        amount: BigInt(i + 1),
        nonce: await pendingNonce(first),
      });
      stored.push(signed.signedTx);
      hashes.push(await broadcast(first, signed.signedTx));
    }
    hashes.push(await sendRaw(first, { to: first.tokenAddress, data: encodeSetUri(1n, 'ipfs://one') }, stored));
    hashes.push(await sendRaw(first, { to: HOLDERS[0], value: 12345n }, stored));
    // Minting to a contract without onERC1155Received reverts: a failed receipt must replay as failed.
    hashes.push(await sendRaw(first, { to: first.tokenAddress, data: encodeMint(first.tokenAddress, 1n, 1n) }, stored));
    const before = await snapshot(first, hashes);
    await first.close();

    expect(before.receipts.map((r) => r.status)).toEqual([...Array(8).fill('success'), 'reverted']);
    expect(before.receipts.map((r) => r.block)).toEqual(hashes.map((_, i) => BigInt(i + 2))); // block 1 is the deploy

    const second = await start(stored);
    expect(second.devChain?.deployTxHash).toBe(first.devChain?.deployTxHash);
    expect(second.devChain?.replayed).toMatchObject({ sent: stored.length, failed: [] });
    const after = await snapshot(second, hashes);
    await second.close();
    expect(after).toEqual(before);
  }, 20_000);

  it('skips a stored copy of the deploy transaction and reports refused transactions', async () => {
    const ctx = await start();
    const signed = await signMint(ctx, { to: HOLDERS[0], tokenId: 1n, amount: 1n, nonce: 1 });
    const deployRaw = await devDeployTransaction(ctx.account);
    await ctx.close();

    const again = await startDevChain({ port: null, rawTxs: [deployRaw, signed.signedTx] });
    expect(again.replayed).toMatchObject({ sent: 1, failed: [] });
    expect(again.deployTxHash).toBe(keccak256(deployRaw));
    await expect(replay(again.provider, [signed.signedTx])).rejects.toThrow(ReplayError);
    const result = await replay(again.provider, [signed.signedTx, '0x02'], { continueOnError: true });
    expect(result.sent).toBe(0);
    expect(result.failed.map((f) => f.index)).toEqual([0, 1]);
    expect(result.failed[0].message).toMatch(/nonce/i);
    await again.close();
  }, 20_000);
});
