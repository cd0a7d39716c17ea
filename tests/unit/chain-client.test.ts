import { describe, expect, it } from 'vitest';
import {
  chainFor,
  checkChainId,
  connectChain,
  buyerTxUrl,
  explorerTxUrl,
  publicExplorerTxUrl,
  loadChainConfig,
  nativeCurrencyOf,
} from '../../server/chain/client.js';

const KEY = `0x${'11'.repeat(32)}`;
const TOKEN = `0x${'22'.repeat(20)}`;
const HASH = `0x${'ab'.repeat(32)}` as const;

describe('chain configuration', () => {
  it('uses the embedded dev chain when RPC_URL is unset', () => {
    expect(loadChainConfig({})).toEqual({ mode: 'dev', chainId: 31337, devPort: 8545 });
    expect(loadChainConfig({ DEV_CHAIN_PORT: '0' })).toMatchObject({ devPort: 0 });
  });

  it('reads an RPC setup with Sepolia as the default chain id', () => {
    const env = { RPC_URL: 'https://rpc.example', MINTER_PRIVATE_KEY: KEY, TOKEN_CONTRACT: TOKEN };
    expect(loadChainConfig(env)).toEqual({
      mode: 'rpc',
      rpcUrl: 'https://rpc.example',
      chainId: 11155111,
      minterKey: KEY,
      tokenAddress: TOKEN,
      payoutKey: null,
    });
    expect(loadChainConfig({ ...env, PAYOUT_PRIVATE_KEY: KEY })).toMatchObject({ payoutKey: KEY });
    expect(loadChainConfig({ ...env, CHAIN_ID: '1' })).toMatchObject({ chainId: 1 });
  });

  it('explains what is missing or malformed', () => {
    expect(() => loadChainConfig({ RPC_URL: 'https://rpc.example' })).toThrow(
      'RPC_URL is set, so MINTER_PRIVATE_KEY and TOKEN_CONTRACT must be set too.',
    );
    expect(() =>
      loadChainConfig({ RPC_URL: 'https://rpc.example', MINTER_PRIVATE_KEY: '0x12', TOKEN_CONTRACT: TOKEN }),
    ).toThrow(/MINTER_PRIVATE_KEY/);
    expect(() => loadChainConfig({ CHAIN_ID: 'abc' })).toThrow(/CHAIN_ID/);
  });
});

describe('checkChainId', () => {
  it('is null on a match and a sentence on a mismatch', async () => {
    expect(await checkChainId({ getChainId: async () => 11155111 }, 11155111)).toBeNull();
    expect(await checkChainId({ getChainId: async () => 1 }, 11155111)).toBe(
      'The RPC node reports chain id 1, but CHAIN_ID is 11155111: fix RPC_URL or CHAIN_ID before minting.',
    );
  });

  it('passes against the embedded dev chain', async () => {
    const ctx = await connectChain({ mode: 'dev', chainId: 31337, devPort: 0 });
    try {
      expect(await checkChainId(ctx.publicClient, ctx.chainId)).toBeNull();
      expect(await checkChainId(ctx.publicClient, 11155111)).toMatch(/reports chain id 31337/);
    } finally {
      await ctx.close();
    }
  }, 20_000);
});

describe('nativeCurrencyOf', () => {
  it('names the unit of crypto prices: ether on the dev chain and on a chain it does not know, a known chain’s own', () => {
    expect(nativeCurrencyOf(31337)).toEqual({ name: 'Ether', symbol: 'ETH', decimals: 18 });
    expect(nativeCurrencyOf(11155111).symbol).toBe('ETH');
    expect(nativeCurrencyOf(424242).symbol).toBe('ETH');
    expect(chainFor(31337, 'http://127.0.0.1:8545').nativeCurrency).toEqual(nativeCurrencyOf(31337));
  });
});

describe('explorerTxUrl', () => {
  it('links Sepolia, mainnet and the dev chain', () => {
    expect(explorerTxUrl(11155111, HASH)).toBe(`https://sepolia.etherscan.io/tx/${HASH}`);
    expect(explorerTxUrl(1, HASH)).toBe(`https://etherscan.io/tx/${HASH}`);
    expect(explorerTxUrl(31337, HASH)).toBe(`/tx/${HASH}`);
    expect(explorerTxUrl(424242, HASH)).toBeNull();
  });

  it('sends a buyer to a public explorer, or else to their own page in the shop', () => {
    expect(buyerTxUrl(1, HASH)).toBe(`https://etherscan.io/tx/${HASH}`);
    expect(buyerTxUrl(31337, HASH)).toBe(`/shop/tx/${HASH}`);
    expect(publicExplorerTxUrl(31337, HASH)).toBeNull();
  });
});
