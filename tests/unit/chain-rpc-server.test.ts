import { createPublicClient, http, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBalance } from '../../server/chain/contract.js';
import { startDevChain, type DevChain } from '../../server/chain/dev-chain.js';
import { isMethodAllowed } from '../../server/chain/rpc-server.js';

const HOLDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const;
const received: { raw: Hex; hash: Hex }[] = [];
let chain: DevChain;

async function post(body: unknown): Promise<unknown> {
  const res = await fetch(chain.rpcUrl!, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.json();
}

beforeAll(async () => {
  chain = await startDevChain({ port: 0, onRawTransaction: async (raw, hash) => void received.push({ raw, hash }) });
}, 20_000);
afterAll(() => chain?.close());

describe('dev chain loopback JSON-RPC endpoint', () => {
  it('listens on loopback and serves viem http clients', async () => {
    expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const client = createPublicClient({ transport: http(chain.rpcUrl) });
    expect(await client.getChainId()).toBe(31337);
    expect(await client.getBlockNumber()).toBe(1n);
    expect(await readBalance(client, chain.tokenAddress, HOLDER, 1n)).toBe(0n);
    const receipt = await client.getTransactionReceipt({ hash: chain.deployTxHash });
    expect(receipt.contractAddress?.toLowerCase()).toBe(chain.tokenAddress.toLowerCase());
  });

  it('answers batches in order, keeping ids', async () => {
    const out = await post([
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 'b', method: 'eth_blockNumber', params: [] },
      { jsonrpc: '2.0', id: 3, method: 'evm_mine', params: [] },
    ]);
    expect(out).toMatchObject([
      { id: 1, result: '0x7a69' },
      { id: 'b', result: '0x1' },
      { id: 3, error: { code: -32601 } },
    ]);
  });

  it('rejects malformed bodies and non-POST requests', async () => {
    expect(await post('not json')).toMatchObject({ id: null, error: { code: -32700 } });
    expect(await post([])).toMatchObject({ error: { code: -32600 } });
    expect(await post({ id: 5 })).toMatchObject({ id: 5, error: { code: -32600 } });
    expect((await fetch(chain.rpcUrl!)).status).toBe(405);
  });

  it('reports the stored-transaction hook for accepted raw transactions', async () => {
    const raw = await chain.minterAccount.signTransaction({
      type: 'eip1559',
      chainId: 31337,
      nonce: 1,
      to: HOLDER,
      value: 1n,
      gas: 21_000n,
      maxFeePerGas: 10n ** 10n,
      maxPriorityFeePerGas: 10n ** 9n,
    });
    const out = (await post({ jsonrpc: '2.0', id: 9, method: 'eth_sendRawTransaction', params: [raw] })) as {
      result: Hex;
    };
    expect(received).toEqual([{ raw, hash: out.result }]);
    const dup = await post({ jsonrpc: '2.0', id: 10, method: 'eth_sendRawTransaction', params: [raw] });
    expect(dup).toMatchObject({ error: {} });
    expect(received).toHaveLength(1);
  });

  it('refuses methods that would change the chain outside the stored log', () => {
    for (const m of [
      'evm_mine',
      'evm_setNextBlockTimestamp',
      'hardhat_setBalance',
      'eth_sendTransaction',
      'eth_sign',
      'personal_sign',
    ]) {
      expect(isMethodAllowed(m, true)).toBe(false);
    }
    expect(isMethodAllowed('eth_sendRawTransaction', false)).toBe(false);
    expect(isMethodAllowed('eth_sendRawTransaction', true)).toBe(true);
    expect(isMethodAllowed('eth_getBalance', false)).toBe(true);
  });
});
