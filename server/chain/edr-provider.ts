/**
 * EDR (@nomicfoundation/edr 0.13, Hardhat's in-process EVM) as an EIP-1193 provider.
 *
 * Offers: createEdrProvider(opts) → EdrEip1193 { request({method, params}), handle(json) }
 *   request: the EIP-1193 call viem's `custom()` transport expects; throws viem's
 *            RpcRequestError (code, data) on a JSON-RPC error, like viem's http transport.
 *   handle:  one raw JSON-RPC request object in, the raw JSON-RPC response object out
 *            (used by the loopback HTTP forwarder).
 * The dev chain's settings: chain 31337, hardfork cancun, tx gas cap 16,777,216,
 * bailOnCallFailure true (a reverting eth_call is a JSON-RPC error), automine, no disk state.
 * bailOnTransactionFailure is false so a reverted transaction is mined with a status-0 receipt,
 * as on a real chain (and replays the same way).
 */
import {
  ContractDecoder,
  EdrContext,
  L1_CHAIN_TYPE,
  MineOrdering,
  SpecId,
  l1GenesisState,
  l1HardforkToString,
  l1ProviderFactory,
  type ProviderConfig,
} from '@nomicfoundation/edr';
import { hexToBytes, RpcRequestError, type Address } from 'viem';

export const DEV_CHAIN_ID = 31337;
export const TX_GAS_CAP = 16_777_216n;
export const BLOCK_GAS_LIMIT = 30_000_000n;
/** 1 gwei, the base fee of block 1 (EIP-1559 adjusts it from there, deterministically). */
export const INITIAL_BASE_FEE = 1_000_000_000n;
const COINBASE: Address = '0xc014ba5ec014ba5ec014ba5ec014ba5ec014ba5e';

export type JsonRpcRequest = { jsonrpc?: '2.0'; id?: number | string | null; method: string; params?: unknown };
export type JsonRpcResponse = {
  jsonrpc: '2.0';
  id: number | string | null;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
};

export type EdrEip1193 = {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  handle(req: JsonRpcRequest): Promise<JsonRpcResponse>;
};

export type EdrProviderOptions = {
  /** Accounts funded at genesis (balance in wei). */
  fundedAccounts: { address: Address; balance: bigint }[];
  chainId?: number;
};

/**
 * EDR reports a revert as code -32000 with data {reason, data: '0x…'}; geth (and so viem and
 * wallets) expect code 3 "execution reverted" with the revert bytes as `data`. Rewrite to that.
 */
function gethStyleError(error: NonNullable<JsonRpcResponse['error']>): NonNullable<JsonRpcResponse['error']> {
  const revert = (error.data as { data?: unknown } | undefined)?.data;
  if (typeof revert !== 'string' || !revert.startsWith('0x')) return error;
  return { code: 3, message: error.message, data: revert };
}

let context: Promise<EdrContext> | undefined;

/** EdrContext must exist once per process: created lazily and shared by every dev chain. */
function edrContext(): Promise<EdrContext> {
  context ??= (async () => {
    const ctx = new EdrContext();
    await ctx.registerProviderFactory(L1_CHAIN_TYPE, l1ProviderFactory());
    return ctx;
  })();
  return context;
}

function providerConfig(opts: EdrProviderOptions): ProviderConfig {
  const chainId = BigInt(opts.chainId ?? DEV_CHAIN_ID);
  return {
    allowBlocksWithSameTimestamp: true,
    allowUnlimitedContractSize: false,
    bailOnCallFailure: true,
    bailOnTransactionFailure: false,
    chainId,
    networkId: chainId,
    coinbase: hexToBytes(COINBASE),
    defaultTransactionGasLimit: TX_GAS_CAP,
    transactionGasCap: TX_GAS_CAP,
    genesisState: [
      ...l1GenesisState(SpecId.Cancun),
      ...opts.fundedAccounts.map((a) => ({ address: hexToBytes(a.address), balance: a.balance })),
    ],
    hardfork: l1HardforkToString(SpecId.Cancun),
    initialBaseFeePerGas: INITIAL_BASE_FEE,
    minGasPrice: 0n,
    mining: { autoMine: true, blockGasLimit: BLOCK_GAS_LIMIT, memPool: { order: MineOrdering.Fifo } },
    network: { genesisBlockGasLimit: BLOCK_GAS_LIMIT },
    observability: {},
    ownedAccounts: [],
    precompileOverrides: [],
  };
}

export async function createEdrProvider(opts: EdrProviderOptions): Promise<EdrEip1193> {
  const ctx = await edrContext();
  const provider = await ctx.createProvider(
    L1_CHAIN_TYPE,
    providerConfig(opts),
    { enable: false, decodeConsoleLogInputsCallback: () => [], printLineCallback: () => {} },
    { subscriptionCallback: () => {} },
    new ContractDecoder(),
  );
  let nextId = 1;
  const handle = async (req: JsonRpcRequest): Promise<JsonRpcResponse> => {
    const id = req.id ?? null;
    const body = JSON.stringify({ jsonrpc: '2.0', id, method: req.method, params: req.params ?? [] });
    const response = await provider.handleRequest(body);
    const data: unknown = response.data;
    const parsed = (typeof data === 'string' ? JSON.parse(data) : data) as JsonRpcResponse;
    return { ...parsed, jsonrpc: '2.0', id, ...(parsed.error && { error: gethStyleError(parsed.error) }) };
  };
  const request = async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
    const res = await handle({ id: nextId++, method, params });
    // The same error class viem's http transport throws: codes and retries behave as on a real node.
    if (res.error) throw new RpcRequestError({ body: { method, params }, error: res.error, url: 'edr:in-process' });
    return res.result;
  };
  return { request, handle };
}
