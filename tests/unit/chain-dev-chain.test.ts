import { createPublicClient, createWalletClient, custom, keccak256, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectChain, type ChainContext } from '../../server/chain/client.js';
import {
  encodeMint,
  encodeSetBaseUri,
  encodeSetContractUri,
  encodeSetUri,
  MINTER_ROLE,
  readBalance,
  readContractUri,
  readUri,
  rwaTokenAbi,
} from '../../server/chain/contract.js';
import { DEV_MINTER_ADDRESS, DEV_TOKEN_ADDRESS } from '../../server/chain/dev-chain.js';
import { TX_GAS_CAP } from '../../server/chain/edr-provider.js';
import { broadcast, pendingNonce, signMint, waitForMint } from '../../server/chain/mint.js';

// Hardhat's public dev account #1: a funded stranger without roles.
const stranger = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const holder = '0x90F79bf6EB2c4f870365E785982E1f101E93b906' as const;
let ctx: ChainContext;

beforeAll(async () => {
  ctx = await connectChain(
    { mode: 'dev', chainId: 31337, devPort: 0 },
    {
      fundedAccounts: [{ address: stranger.address, balance: 10n ** 20n }],
    },
  );
}, 20_000);
afterAll(() => ctx?.close());

async function sendAs(account: typeof stranger, data: Hex, gas = 200_000n): Promise<Hex> {
  const nonce = await ctx.publicClient.getTransactionCount({ address: account.address, blockTag: 'pending' });
  const raw = await account.signTransaction({
    type: 'eip1559',
    chainId: 31337,
    nonce,
    to: ctx.tokenAddress,
    data,
    gas,
    maxFeePerGas: 10n ** 10n,
    maxPriorityFeePerGas: 10n ** 9n,
  });
  return ctx.publicClient.sendRawTransaction({ serializedTransaction: raw });
}

describe('embedded dev chain', () => {
  it('runs chain 31337 with the token at the deterministic address', async () => {
    expect(await ctx.publicClient.getChainId()).toBe(31337);
    expect(ctx.tokenAddress.toLowerCase()).toBe(DEV_TOKEN_ADDRESS.toLowerCase());
    expect(ctx.account.address).toBe(DEV_MINTER_ADDRESS);
    const isMinter = await ctx.publicClient.readContract({
      address: ctx.tokenAddress,
      abi: rwaTokenAbi,
      functionName: 'hasRole',
      args: [MINTER_ROLE, DEV_MINTER_ADDRESS],
    });
    expect(isMinter).toBe(true);
    const erc1155 = await ctx.publicClient.readContract({
      address: ctx.tokenAddress,
      abi: rwaTokenAbi,
      functionName: 'supportsInterface',
      args: ['0xd9b67a26'],
    });
    expect(erc1155).toBe(true);
  });

  it('mints with the minter key and sets per-token URIs with the admin role', async () => {
    const signed = await signMint(ctx, { to: holder, tokenId: 9n, amount: 3n, nonce: await pendingNonce(ctx) });
    expect(signed.txHash).toBe(keccak256(signed.signedTx));
    expect(await broadcast(ctx, signed.signedTx)).toBe(signed.txHash);
    expect((await waitForMint(ctx, signed.txHash)).status).toBe('success');
    expect(await readBalance(ctx.publicClient, ctx.tokenAddress, holder, 9n)).toBe(3n);

    const wallet = createWalletClient({
      chain: ctx.chain,
      transport: custom(ctx.devChain!.provider),
      account: ctx.account,
    });
    const hash = await wallet.sendTransaction({ to: ctx.tokenAddress, data: encodeSetUri(9n, 'ipfs://item-9.json') });
    expect((await ctx.publicClient.getTransactionReceipt({ hash })).status).toBe('success');
    expect(await readUri(ctx.publicClient, ctx.tokenAddress, 9n)).toBe('ipfs://item-9.json');
    expect(await readUri(ctx.publicClient, ctx.tokenAddress, 10n)).toBe('');
  });

  it('refuses mint and setURI from an account without the role', async () => {
    // bailOnCallFailure: a reverting eth_call is an error carrying the custom error.
    await expect(
      ctx.publicClient.simulateContract({
        account: stranger.address,
        address: ctx.tokenAddress,
        abi: rwaTokenAbi,
        functionName: 'mint',
        args: [holder, 1n, 1n, '0x'],
      }),
    ).rejects.toThrow(/AccessControlUnauthorizedAccount/);
    // A sent transaction that reverts is mined with a failed receipt (bailOnTransactionFailure false).
    const mintHash = await sendAs(stranger, encodeMint(holder, 1n, 1n));
    expect((await ctx.publicClient.getTransactionReceipt({ hash: mintHash })).status).toBe('reverted');
    const uriHash = await sendAs(stranger, encodeSetUri(1n, 'x'));
    expect((await ctx.publicClient.getTransactionReceipt({ hash: uriHash })).status).toBe('reverted');
    expect(await readBalance(ctx.publicClient, ctx.tokenAddress, holder, 1n)).toBe(0n);
  });

  it('answers the base URI for a token without its own, the own URI when set, and the contract URI', async () => {
    const wallet = createWalletClient({
      chain: ctx.chain,
      transport: custom(ctx.devChain!.provider),
      account: ctx.account,
    });
    const send = async (data: Hex) => {
      const hash = await wallet.sendTransaction({ to: ctx.tokenAddress, data });
      return (await ctx.publicClient.getTransactionReceipt({ hash })).status;
    };
    expect(await readContractUri(ctx.publicClient, ctx.tokenAddress)).toBe('');
    expect(await send(encodeSetBaseUri('https://shop.test/api/tokens/{id}.json'))).toBe('success');
    expect(await readUri(ctx.publicClient, ctx.tokenAddress, 10n)).toBe('https://shop.test/api/tokens/{id}.json');
    // Token 9 has its own URI (the test above): it wins over the base.
    expect(await readUri(ctx.publicClient, ctx.tokenAddress, 9n)).toBe('ipfs://item-9.json');
    expect(await send(encodeSetContractUri('https://shop.test/api/tokens/collection.json'))).toBe('success');
    expect(await readContractUri(ctx.publicClient, ctx.tokenAddress)).toBe(
      'https://shop.test/api/tokens/collection.json',
    );
    const logs = await ctx.publicClient.getContractEvents({
      address: ctx.tokenAddress,
      abi: rwaTokenAbi,
      eventName: 'ContractURIUpdated',
    });
    expect(logs).toHaveLength(1);
  });

  it('refuses setBaseURI and setContractURI from an account without the admin role', async () => {
    const calls = [
      {
        functionName: 'setBaseURI',
        args: ['https://evil.test/{id}'],
        data: encodeSetBaseUri('https://evil.test/{id}'),
      },
      {
        functionName: 'setContractURI',
        args: ['https://evil.test/c'],
        data: encodeSetContractUri('https://evil.test/c'),
      },
    ];
    for (const { functionName, args, data } of calls) {
      await expect(
        ctx.publicClient.simulateContract({
          account: stranger.address,
          address: ctx.tokenAddress,
          abi: rwaTokenAbi,
          functionName,
          args,
        }),
      ).rejects.toThrow(/AccessControlUnauthorizedAccount/);
      const hash = await sendAs(stranger, data);
      expect((await ctx.publicClient.getTransactionReceipt({ hash })).status).toBe('reverted');
    }
    expect(await readUri(ctx.publicClient, ctx.tokenAddress, 10n)).toBe('https://shop.test/api/tokens/{id}.json');
    expect(await readContractUri(ctx.publicClient, ctx.tokenAddress)).toBe(
      'https://shop.test/api/tokens/collection.json',
    );
  });

  it('enforces the 16,777,216 transaction gas cap', async () => {
    await expect(sendAs(stranger, encodeMint(holder, 1n, 1n), TX_GAS_CAP + 1n)).rejects.toThrow(
      /exceeds transaction gas cap of 16777216/,
    );
    const ok = await sendAs(stranger, '0x', TX_GAS_CAP);
    expect(ok).toMatch(/^0x/);
  });

  it('keeps one transaction per block (automine)', async () => {
    const block = await ctx.publicClient.getBlock();
    expect(block.transactions).toHaveLength(1);
    const reader = createPublicClient({ chain: ctx.chain, transport: custom(ctx.devChain!.provider) });
    expect(await reader.getBlockNumber()).toBe(block.number);
  });
});
