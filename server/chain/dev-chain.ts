/**
 * The embedded dev chain used when RPC_URL is unset: EDR in process (chain 31337, automine),
 * the RwaToken contract deployed at start, stored transactions replayed, and an optional
 * loopback JSON-RPC endpoint.
 *
 * Offers: startDevChain(opts) → DevChain
 *   { provider (EIP-1193), chainId, minterAccount, minterKey, payoutAccount, tokenAddress, deployTxHash,
 *     rpcUrl (when port !== null), replayed, close() }
 *   Start order: fresh chain → deterministic deploy tx (block 1) → replay(opts.rawTxs)
 *   (blocks 2…) → HTTP endpoint. The deploy transaction is the same signed bytes every
 *   time (minter key, nonce 0, fixed gas and fees), so the token address and its hash never
 *   change: DEV_TOKEN_ADDRESS. Stored transactions must therefore start at nonce 1; a stored
 *   copy of the deploy transaction itself is skipped.
 * The minter key is Hardhat's public account #0: never use it outside this dev chain. Hardhat's accounts #1–#8 are
 * funded at genesis too (hd.ts DEV_FUNDED_ADDRESSES), so a wallet can pay crypto payments without touching the minter;
 * #9 is the platform wallet that pays payouts on chain (DEV_PAYOUT_KEY).
 */
import { keccak256, type Address, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { deployData } from './contract.js';
import { DEV_FUNDED_ADDRESSES } from './hd.js';
import { createEdrProvider, DEV_CHAIN_ID, type EdrEip1193 } from './edr-provider.js';
import { replay, type ReplayResult } from './replay.js';
import { startRpcServer } from './rpc-server.js';

/** Hardhat's well-known dev account #0 (public knowledge; dev chain only). */
export const DEV_MINTER_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const DEV_MINTER_ADDRESS: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** CREATE address of DEV_MINTER_ADDRESS at nonce 0. */
export const DEV_TOKEN_ADDRESS: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
/**
 * The dev chain's platform wallet for payouts: Hardhat's public dev account #9, funded at genesis, so payouts never
 * share nonces with the minter (dev chain only; on a real chain PAYOUT_PRIVATE_KEY names it).
 */
export const DEV_PAYOUT_KEY: Hex = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';
export const DEV_DEFAULT_PORT = 8545;
const DEV_BALANCE = 10_000n * 10n ** 18n;
const DEPLOY_GAS = 3_000_000n;
const GWEI = 1_000_000_000n;

export type DevChainOptions = {
  /** Loopback JSON-RPC port; 0 picks a free one; null starts no HTTP endpoint. Default 8545. */
  port?: number | null;
  /** Signed transactions stored by the worker, replayed in order after the deploy. */
  rawTxs?: readonly Hex[];
  /** Extra accounts funded at genesis (e.g. test shoppers). Changes genesis: keep it stable. */
  fundedAccounts?: { address: Address; balance: bigint }[];
  /** Lets the HTTP endpoint accept eth_sendRawTransaction; called after acceptance to store it. */
  onRawTransaction?: (raw: Hex, hash: Hex) => Promise<void>;
};

export type DevChain = {
  provider: EdrEip1193;
  chainId: number;
  minterAccount: PrivateKeyAccount;
  minterKey: Hex;
  /** The platform wallet that pays crypto payouts (DEV_PAYOUT_KEY), funded at genesis. */
  payoutAccount: PrivateKeyAccount;
  tokenAddress: Address;
  deployTxHash: Hex;
  rpcUrl?: string;
  replayed: ReplayResult;
  close(): Promise<void>;
};

/** The deploy transaction: identical bytes on every start (RFC 6979 signatures are deterministic). */
export async function devDeployTransaction(minter: PrivateKeyAccount): Promise<Hex> {
  return minter.signTransaction({
    type: 'eip1559',
    chainId: DEV_CHAIN_ID,
    nonce: 0,
    gas: DEPLOY_GAS,
    maxFeePerGas: 10n * GWEI,
    maxPriorityFeePerGas: GWEI,
    data: deployData(minter.address, minter.address),
  });
}

export async function startDevChain(opts: DevChainOptions = {}): Promise<DevChain> {
  const minterAccount = privateKeyToAccount(DEV_MINTER_KEY);
  const payoutAccount = privateKeyToAccount(DEV_PAYOUT_KEY);
  const provider = await createEdrProvider({
    chainId: DEV_CHAIN_ID,
    fundedAccounts: [
      { address: minterAccount.address, balance: DEV_BALANCE },
      // Hardhat's accounts #1–#8, for wallets and tests to pay from (crypto payments); never the minter's key.
      ...DEV_FUNDED_ADDRESSES.map((address) => ({ address, balance: DEV_BALANCE })),
      // #9 is the platform wallet that pays payouts on chain.
      ...((opts.fundedAccounts ?? []).some((a) => a.address.toLowerCase() === payoutAccount.address.toLowerCase())
        ? []
        : [{ address: payoutAccount.address, balance: DEV_BALANCE }]),
      ...(opts.fundedAccounts ?? []),
    ],
  });
  const deployTx = await devDeployTransaction(minterAccount);
  const deployTxHash = keccak256(deployTx);
  await provider.request({ method: 'eth_sendRawTransaction', params: [deployTx] });
  const receipt = (await provider.request({ method: 'eth_getTransactionReceipt', params: [deployTxHash] })) as {
    status: Hex;
    contractAddress: Address;
  } | null;
  if (receipt?.status !== '0x1') throw new Error('dev chain: RwaToken deployment failed');

  const replayed = await replay(
    provider,
    (opts.rawTxs ?? []).filter((raw) => raw.toLowerCase() !== deployTx.toLowerCase()),
  );
  const port = opts.port === undefined ? DEV_DEFAULT_PORT : opts.port;
  const rpc =
    port === null
      ? undefined
      : await startRpcServer({ handle: provider.handle, port, onRawTransaction: opts.onRawTransaction });
  return {
    provider,
    chainId: DEV_CHAIN_ID,
    minterAccount,
    minterKey: DEV_MINTER_KEY,
    payoutAccount,
    tokenAddress: receipt.contractAddress,
    deployTxHash,
    rpcUrl: rpc?.url,
    replayed,
    close: async () => {
      await rpc?.close();
    },
  };
}
