import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicClient } from 'viem';
import { readBalance } from '../../server/chain/contract.js';
import { DEV_MINTER_KEY, startDevChain, type DevChain } from '../../server/chain/dev-chain.js';
import { buildMintJob, freshWallet } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

// A node reached over RPC_URL: the dev chain's loopback endpoint stands in for Sepolia or any EVM chain.
let node: DevChain;
beforeAll(async () => {
  node = await startDevChain({ port: 0, onRawTransaction: async () => {} });
});
afterAll(async () => {
  await node.close();
});

const rpcEnv = (chainId: number) => ({
  RPC_URL: node.rpcUrl!,
  MINTER_PRIVATE_KEY: DEV_MINTER_KEY,
  TOKEN_CONTRACT: node.tokenAddress,
  CHAIN_ID: String(chainId),
});

describe('minting through RPC_URL', () => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it('refuses to start the worker when the node reports another chain id, and says so on the queue', async () => {
    t = await createTestApp(rpcEnv(11155111), { chain: true });
    expect(t.app.ctx.chain!.worker).toBeNull();
    const res = await t.call('GET', '/api/mint-jobs');
    expect(res.json().worker).toMatchObject({
      active: false,
      error: 'The RPC node reports chain id 31337, but CHAIN_ID is 11155111: fix RPC_URL or CHAIN_ID before minting.',
    });
    await t.close();
  });

  it('mints over HTTP JSON-RPC when the chain id matches; the heartbeat stops with the worker', async () => {
    t = await createTestApp(rpcEnv(31337), { chain: true, worker: { pollMs: 50, receiptDelaySeconds: 0 } });
    const wallet = freshWallet();
    const queued = await buildMintJob(t, { walletAddress: wallet, tokenId: 2, amount: 9 });
    expect(queued).toMatchObject({ walletAddress: wallet, tokenId: '2', amount: '9' });
    const deadline = Date.now() + 15_000;
    let job = queued;
    while (job.status !== 'succeeded' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      job = (await t.call('GET', `/api/mint-jobs/${job.id}`)).json().job;
    }
    expect(job).toMatchObject({ status: 'succeeded', chainId: 31337 });
    const viaNode = await readBalance(
      t.app.ctx.chain!.chain!.publicClient as unknown as PublicClient,
      node.tokenAddress,
      wallet,
      2n,
    );
    expect(viaNode).toBe(9n);
    expect((await t.call('GET', '/api/mint-jobs')).json().worker.active).toBe(true);

    await t.app.ctx.chain!.worker!.stop();
    expect((await t.call('GET', '/api/mint-jobs')).json().worker).toMatchObject({ active: false, error: null });
  });
});
