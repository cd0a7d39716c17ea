/**
 * Mint transactions for the worker: sign locally, store, broadcast, observe.
 *
 * Offers (ctx = ChainContext from client.ts, or any object with the same fields):
 *   pendingNonce(ctx)             the minter's next nonce per the node ('pending'); the worker
 *                                 takes max(this, highest stored nonce + 1)
 *   currentFees(ctx)              EIP-1559 fees from the node (fetch once per batch)
 *   signMint(ctx, req, fees?)     → { nonce, signedTx, txHash }: fees from the node, gas estimated
 *                                 (+20 %, capped at the 16,777,216 tx gas cap); nothing is sent
 *   signTokenCall(ctx, data, nonce, fees?) the same for any call of the token (the contract URIs)
 *   broadcast(ctx, signedTx)      eth_sendRawTransaction; "already known" counts as sent. On any
 *                                 other error (e.g. "nonce too low" because it was already
 *                                 mined): observeJob + decideRecovery again, never re-sign
 *   observeJob(ctx, stored)       → ChainFacts for modules/mint/recovery.ts decideRecovery()
 *   receiptOf(ctx, hash)          → the receipt, or null while not mined
 *   waitForMint(ctx, hash)        → { status, blockNumber } once mined
 */
import {
  keccak256,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Account,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
} from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { decodeErrorResult, BaseError } from 'viem';
import { encodeMint, encodeRedeem, rwaTokenAbi } from './contract.js';
import { TX_GAS_CAP } from './edr-provider.js';

export type MintContext = {
  chainId: number;
  publicClient: PublicClient<Transport, Chain>;
  account: PrivateKeyAccount;
  tokenAddress: Address;
};
/** What the node says about a stored transaction: the input of the mint module's recovery rules. */
export type ChainFacts = {
  /** Receipt of the stored hash, or null when the node has none. */
  receipt: { status: 'success' | 'reverted'; blockNumber: bigint } | null;
  /** The minter's mined transaction count (eth_getTransactionCount 'latest'): nonces below it are used. */
  confirmedTxCount: number;
  /** Whether the node knows the stored hash at all (eth_getTransactionByHash ≠ null, pending or mined). */
  txKnown: boolean;
};

/** A mint of `amount` to `to`; with `redeem`, a burn of `amount` that `to` holds instead (the contract's `redeem`). */
export type MintRequest = { to: Address; tokenId: bigint; amount: bigint; nonce: number; data?: Hex; redeem?: boolean };
export type SignedMint = { nonce: number; signedTx: Hex; txHash: Hex };

export async function pendingNonce(ctx: MintContext): Promise<number> {
  return ctx.publicClient.getTransactionCount({ address: ctx.account.address, blockTag: 'pending' });
}

export type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

export async function currentFees(ctx: MintContext): Promise<Fees> {
  const fees = await ctx.publicClient.estimateFeesPerGas({ type: 'eip1559' });
  return { maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
}

/** Signs without sending; a batch passes the fees it fetched once. Throws (nothing signed) if the call would revert. */
export async function signMint(ctx: MintContext, req: MintRequest, knownFees?: Fees): Promise<SignedMint> {
  const data = req.redeem
    ? encodeRedeem(req.to, req.tokenId, req.amount)
    : encodeMint(req.to, req.tokenId, req.amount, req.data);
  return signTokenCall(ctx, data, req.nonce, knownFees);
}

/** Signs a call of the token contract by the minter key (gas estimated +20 %); throws, nothing signed, if it would revert. */
export async function signTokenCall(ctx: MintContext, data: Hex, nonce: number, knownFees?: Fees): Promise<SignedMint> {
  const [fees, estimated] = await Promise.all([
    knownFees ?? currentFees(ctx),
    ctx.publicClient.estimateGas({ account: ctx.account as Account, to: ctx.tokenAddress, data }),
  ]);
  const gas = (estimated * 12n) / 10n < TX_GAS_CAP ? (estimated * 12n) / 10n : TX_GAS_CAP;
  const signedTx = await ctx.account.signTransaction({
    type: 'eip1559',
    chainId: ctx.chainId,
    nonce,
    to: ctx.tokenAddress,
    data,
    gas,
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
  });
  return { nonce, signedTx, txHash: keccak256(signedTx) };
}

export async function broadcast(ctx: Pick<MintContext, 'publicClient'>, signedTx: Hex): Promise<Hex> {
  try {
    return await ctx.publicClient.sendRawTransaction({ serializedTransaction: signedTx });
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    if (/already known|known transaction|already imported/i.test(text)) return keccak256(signedTx);
    throw err;
  }
}

const KNOWN_REVERTS: Record<string, string> = {
  ERC1155InvalidReceiver: 'the wallet is a contract that does not accept ERC-1155 tokens',
  AccessControlUnauthorizedAccount: 'the minter key does not hold the minter role on this token contract',
  HolderNotVerified: 'the token requires verified holders and the wallet is not on the allowlist',
  HolderFrozen: 'the wallet is frozen for this token',
  ERC1155InsufficientBalance: 'the wallet holds fewer of this token than the amount',
};

const revertData = (err: unknown): Hex | undefined =>
  err instanceof BaseError
    ? (err.walk((e) => typeof (e as { data?: unknown }).data === 'string') as { data?: Hex } | null)?.data
    : undefined;

/** The token contract's custom error a call reverted with (`HolderNotVerified`, …), or null. */
export function revertErrorName(err: unknown): string | null {
  const data = revertData(err);
  if (!data || data.length < 10) return null;
  try {
    return decodeErrorResult({ abi: rwaTokenAbi, data }).errorName;
  } catch {
    return null;
  }
}

/** A sentence for why a mint reverts: the token contract's custom error decoded, else the node's message. */
export function revertReason(err: unknown): string {
  const data = revertData(err);
  if (data && data.length >= 10) {
    try {
      const decoded = decodeErrorResult({ abi: rwaTokenAbi, data });
      const known = KNOWN_REVERTS[decoded.errorName];
      const call = `${decoded.errorName}(${(decoded.args ?? []).map(String).join(', ')})`;
      return known ? `${known} (${call})` : `the token contract reverted with ${call}`;
    } catch {
      /* not one of the token's errors */
    }
  }
  if (err instanceof BaseError) return err.shortMessage;
  return err instanceof Error ? err.message : String(err);
}

/** Turns only "not found" into null: a network error must not look like a missing transaction. */
const nullIf =
  (kind: abstract new (...args: never[]) => Error) =>
  (err: unknown): null => {
    if (err instanceof kind) return null;
    throw err;
  };

export async function observeJob(ctx: MintContext, stored: { txHash: Hex }): Promise<ChainFacts> {
  const [receipt, tx, confirmedTxCount] = await Promise.all([
    ctx.publicClient.getTransactionReceipt({ hash: stored.txHash }).catch(nullIf(TransactionReceiptNotFoundError)),
    ctx.publicClient.getTransaction({ hash: stored.txHash }).catch(nullIf(TransactionNotFoundError)),
    ctx.publicClient.getTransactionCount({ address: ctx.account.address, blockTag: 'latest' }),
  ]);
  return {
    receipt: receipt ? { status: receipt.status, blockNumber: receipt.blockNumber } : null,
    confirmedTxCount,
    txKnown: tx !== null,
  };
}

/** The receipt of a transaction just sent, or null while it is not mined. */
export async function receiptOf(ctx: MintContext, hash: Hex) {
  return ctx.publicClient.getTransactionReceipt({ hash }).catch(nullIf(TransactionReceiptNotFoundError));
}

export async function waitForMint(ctx: MintContext, hash: Hex, timeoutMs = 120_000) {
  const receipt = await ctx.publicClient.waitForTransactionReceipt({ hash, timeout: timeoutMs });
  return { status: receipt.status, blockNumber: receipt.blockNumber, gasUsed: receipt.gasUsed };
}
