/**
 * Chain access for the server and the mint worker, through viem.
 *
 * Offers:
 *   loadChainConfig(env)  RPC_URL, MINTER_PRIVATE_KEY, CHAIN_ID (default 11155111),
 *                         TOKEN_CONTRACT, PAYOUT_PRIVATE_KEY (the platform wallet paying crypto payouts;
 *                         on the dev chain its own funded dev account), DEV_CHAIN_PORT (default 8545) → ChainConfig
 *                         (mode 'rpc' when RPC_URL is set, else 'dev'); throws a sentence.
 *   connectChain(config, devOpts?) → ChainContext: public + wallet clients, the minter
 *                         account, the token address; in dev mode it starts the embedded
 *                         chain (deploy + replay of devOpts.rawTxs + loopback endpoint).
 *   checkChainId(publicClient, expected) → null when eth_chainId matches, else a sentence.
 *   explorerTxUrl(chainId, hash) → Sepolia/Etherscan link, `/tx/{hash}` on 31337, else null.
 */
import {
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  getAddress,
  http,
  type Account,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { mainnet, sepolia } from 'viem/chains';
import { z } from 'zod';
import {
  DEV_MINTER_KEY,
  DEV_PAYOUT_KEY,
  DEV_TOKEN_ADDRESS,
  startDevChain,
  type DevChain,
  type DevChainOptions,
} from './dev-chain.js';
import { DEV_CHAIN_ID } from './edr-provider.js';

export type ChainConfig =
  | { mode: 'rpc'; rpcUrl: string; chainId: number; minterKey: Hex; tokenAddress: Address; payoutKey: Hex | null }
  | { mode: 'dev'; chainId: typeof DEV_CHAIN_ID; devPort: number | null }; // null: no HTTP endpoint

export type ChainContext = {
  mode: ChainConfig['mode'];
  chainId: number;
  chain: Chain;
  publicClient: PublicClient<Transport, Chain>;
  walletClient: WalletClient<Transport, Chain, Account>;
  account: ReturnType<typeof privateKeyToAccount>;
  /** The platform wallet that sends crypto payouts; null on an RPC chain without PAYOUT_PRIVATE_KEY. */
  payoutAccount: ReturnType<typeof privateKeyToAccount> | null;
  tokenAddress: Address;
  devChain?: DevChain;
  close(): Promise<void>;
};

const hex = (bytes: number) => z.string().regex(new RegExp(`^0x[0-9a-fA-F]{${bytes * 2}}$`));
const envSchema = z.object({
  RPC_URL: z.string().url().optional(),
  MINTER_PRIVATE_KEY: hex(32).optional(),
  CHAIN_ID: z.coerce.number().int().positive().default(sepolia.id),
  TOKEN_CONTRACT: hex(20).optional(),
  PAYOUT_PRIVATE_KEY: hex(32).optional(),
  DEV_CHAIN_PORT: z.coerce.number().int().min(0).max(65535).default(8545),
});

export function loadChainConfig(env: NodeJS.ProcessEnv = process.env): ChainConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid chain configuration: ${issues}`);
  }
  const e = parsed.data;
  if (!e.RPC_URL) return { mode: 'dev', chainId: DEV_CHAIN_ID, devPort: e.DEV_CHAIN_PORT };
  const missing = [!e.MINTER_PRIVATE_KEY && 'MINTER_PRIVATE_KEY', !e.TOKEN_CONTRACT && 'TOKEN_CONTRACT'].filter(
    Boolean,
  );
  if (missing.length > 0) throw new Error(`RPC_URL is set, so ${missing.join(' and ')} must be set too.`);
  return {
    mode: 'rpc',
    rpcUrl: e.RPC_URL,
    chainId: e.CHAIN_ID,
    minterKey: e.MINTER_PRIVATE_KEY as Hex,
    tokenAddress: e.TOKEN_CONTRACT as Address,
    payoutKey: (e.PAYOUT_PRIVATE_KEY as Hex | undefined) ?? null,
  };
}

/** Where the tokens are minted: the chain's id and the ERC-1155 contract (on the dev chain, its deterministic deployment). */
export type ChainToken = { chainId: number; contract: Address };
export const tokenOfChain = (config: ChainConfig): ChainToken =>
  config.mode === 'dev'
    ? { chainId: DEV_CHAIN_ID, contract: DEV_TOKEN_ADDRESS }
    : { chainId: config.chainId, contract: getAddress(config.tokenAddress) };

/** The chain's native token (what crypto prices and payments are in): mainnet's and Sepolia's own; ether on the dev chain and any other. */
export const nativeCurrencyOf = (chainId: number): Chain['nativeCurrency'] =>
  [mainnet, sepolia].find((c) => c.id === chainId)?.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 };

export function chainFor(chainId: number, rpcUrl: string): Chain {
  if (chainId === sepolia.id) return sepolia;
  return defineChain({
    id: chainId,
    name: chainId === DEV_CHAIN_ID ? 'RWA dev chain' : `Chain ${chainId}`,
    nativeCurrency: nativeCurrencyOf(chainId),
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

export async function connectChain(
  config: ChainConfig,
  devOpts: Omit<DevChainOptions, 'port'> = {},
): Promise<ChainContext> {
  if (config.mode === 'rpc') {
    const chain = chainFor(config.chainId, config.rpcUrl);
    const transport = http(config.rpcUrl);
    const account = privateKeyToAccount(config.minterKey);
    return {
      mode: 'rpc',
      chainId: config.chainId,
      chain,
      account,
      tokenAddress: config.tokenAddress,
      payoutAccount: config.payoutKey ? privateKeyToAccount(config.payoutKey) : null,
      publicClient: createPublicClient({ chain, transport }),
      walletClient: createWalletClient({ chain, transport, account }),
      close: async () => {},
    };
  }
  const devChain = await startDevChain({ ...devOpts, port: config.devPort });
  const chain = chainFor(DEV_CHAIN_ID, devChain.rpcUrl ?? 'http://127.0.0.1:8545');
  const transport = custom(devChain.provider, { retryCount: 0 }); // in process: nothing transient to retry
  const account = devChain.minterAccount;
  return {
    mode: 'dev',
    chainId: DEV_CHAIN_ID,
    chain,
    account,
    payoutAccount: devChain.payoutAccount,
    tokenAddress: devChain.tokenAddress,
    devChain,
    publicClient: createPublicClient({ chain, transport, pollingInterval: 50 }),
    walletClient: createWalletClient({ chain, transport, account, pollingInterval: 50 }),
    close: () => devChain.close(),
  };
}

/**
 * The embedded dev chain of another process (the server's, or a cluster's primary), reached through its loopback
 * JSON-RPC endpoint with the dev minter key: how `npm run worker` and the API processes of a cluster mint and read.
 */
export function devChainViaRpc(rpcUrl: string): ChainConfig {
  return {
    mode: 'rpc',
    rpcUrl,
    chainId: DEV_CHAIN_ID,
    minterKey: DEV_MINTER_KEY,
    tokenAddress: DEV_TOKEN_ADDRESS,
    payoutKey: DEV_PAYOUT_KEY,
  };
}

/** Compares the node's eth_chainId with the configured id: null when they match, else a sentence. */
export async function checkChainId(client: Pick<PublicClient, 'getChainId'>, expected: number): Promise<string | null> {
  const actual = await client.getChainId();
  if (actual === expected) return null;
  return `The RPC node reports chain id ${actual}, but CHAIN_ID is ${expected}: fix RPC_URL or CHAIN_ID before minting.`;
}

/** A public block explorer's page for the transaction, or null on a chain without one (the dev chain). */
export function publicExplorerTxUrl(chainId: number, hash: Hex): string | null {
  if (chainId === sepolia.id) return `https://sepolia.etherscan.io/tx/${hash}`;
  if (chainId === mainnet.id) return `https://etherscan.io/tx/${hash}`;
  return null;
}

/** Where staff look at a transaction: a block explorer, the back office's page on the dev chain, or null. */
export const explorerTxUrl = (chainId: number, hash: Hex): string | null =>
  publicExplorerTxUrl(chainId, hash) ?? (chainId === DEV_CHAIN_ID ? `/tx/${hash}` : null);

/** Where a buyer looks at their own transaction: a block explorer, or else the shop's page of it. */
export const buyerTxUrl = (chainId: number, hash: Hex): string =>
  publicExplorerTxUrl(chainId, hash) ?? `/shop/tx/${hash}`;
