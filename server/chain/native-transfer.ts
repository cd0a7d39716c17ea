/**
 * Native-token transfers that can never be sent twice: sign → store (the caller's database, before anything leaves
 * the process) → broadcast → find the receipt. Payouts use it; crypto refunds can use it the same way.
 *
 * Offers (ctx = ChainContext from client.ts with a sending account, or any object with the same fields):
 *   nextNonce(ctx, highestStored)   max(the node's pending nonce, highest stored + 1): a stored transaction may not
 *                                   have reached the node yet, and its nonce must not be reused
 *   signNativeTransfer(ctx, req)    → SignedTransfer { nonce, to, value, signedTx, txHash }: fees from the node, gas
 *                                   estimated (21,000 to a plain wallet); nothing is sent. Throws TransferRefusal with a
 *                                   sentence when the sender cannot cover value + gas
 *   sendStoredTransfer(ctx, stored) the recovery rules for a stored transfer, then its receipt:
 *                                   receipt → mined | reverted; known to the node → pending; unknown with the nonce
 *                                   unused → re-broadcast the same bytes; nonce used by another transaction → lost
 *                                   (it can never be mined: the caller may sign anew)
 *   decideTransfer(stored, facts)   the pure rule behind it (unit tested)
 *   readTransfer(ctx, hash)         what the chain says a transaction moved (from, to, value, status), for
 *                                   reconciliation; null when the node does not know it
 * The caller keeps the lock that makes one transfer per purpose (a payout's row and claim) and stores
 * { nonce, signedTx, txHash } in the same commit as its record, before calling sendStoredTransfer.
 */
import { errorSentence, type ErrorCode, type ErrorParams } from '../../src/common/errors-catalogue.js';
import {
  formatEther,
  keccak256,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
} from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { broadcast } from './mint.js';

export type TransferContext = {
  chainId: number;
  publicClient: PublicClient<Transport, Chain>;
  account: PrivateKeyAccount;
};

export type SignedTransfer = { nonce: number; to: Address; value: bigint; signedTx: Hex; txHash: Hex };
export type StoredTransfer = { nonce: number; signedTx: Hex; txHash: Hex };

/** What the node says about a stored transfer. */
export type TransferFacts = {
  receipt: { status: 'success' | 'reverted'; blockNumber: bigint } | null;
  /** The sender's mined transaction count: nonces below it are used. */
  confirmedTxCount: number;
  txKnown: boolean;
};

export type TransferDecision =
  | { action: 'done'; status: 'success' | 'reverted'; blockNumber: bigint }
  | { action: 'wait' }
  | { action: 'rebroadcast' }
  | { action: 'lost'; reason: string };

export type TransferOutcome =
  | { state: 'mined'; blockNumber: bigint }
  | { state: 'reverted'; blockNumber: bigint }
  | { state: 'pending' }
  | { state: 'lost'; reason: string };

/** A transfer the chain would refuse, said as a sentence (nothing was signed). */
export class TransferRefusal extends Error {
  constructor(
    readonly messageCode: ErrorCode,
    readonly params: ErrorParams,
  ) {
    super(errorSentence(messageCode, params));
    this.name = 'TransferRefusal';
  }
}

export async function nextNonce(ctx: TransferContext, highestStored: number | null): Promise<number> {
  const pending = await ctx.publicClient.getTransactionCount({ address: ctx.account.address, blockTag: 'pending' });
  return Math.max(pending, highestStored === null ? 0 : highestStored + 1);
}

export async function signNativeTransfer(
  ctx: TransferContext,
  req: { to: Address; value: bigint; nonce: number },
): Promise<SignedTransfer> {
  const [fees, gas, balance] = await Promise.all([
    ctx.publicClient.estimateFeesPerGas({ type: 'eip1559' }),
    ctx.publicClient.estimateGas({ account: ctx.account, to: req.to, value: req.value }).catch(() => null),
    ctx.publicClient.getBalance({ address: ctx.account.address }),
  ]);
  const limit = gas ?? 21_000n;
  const needed = req.value + limit * fees.maxFeePerGas;
  if (balance < needed) {
    throw new TransferRefusal('wallet_short', {
      address: ctx.account.address,
      balance: formatEther(balance),
      needed: formatEther(needed),
    });
  }
  if (gas === null) throw new TransferRefusal('transfer_not_accepted', { to: req.to });
  const signedTx = await ctx.account.signTransaction({
    type: 'eip1559',
    chainId: ctx.chainId,
    nonce: req.nonce,
    to: req.to,
    value: req.value,
    gas: limit,
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
  });
  return { nonce: req.nonce, to: req.to, value: req.value, signedTx, txHash: keccak256(signedTx) };
}

/** The recovery rule for a stored transfer (pure). */
export function decideTransfer(stored: StoredTransfer, facts: TransferFacts): TransferDecision {
  if (facts.receipt) return { action: 'done', status: facts.receipt.status, blockNumber: facts.receipt.blockNumber };
  if (facts.txKnown) return { action: 'wait' };
  if (stored.nonce >= facts.confirmedTxCount) return { action: 'rebroadcast' };
  return {
    action: 'lost',
    reason: `Nonce ${stored.nonce} of the platform wallet was used by another transaction, so ${stored.txHash} can never be mined: nothing was paid by it.`,
  };
}

const nullIf =
  (kind: abstract new (...args: never[]) => Error) =>
  (err: unknown): null => {
    if (err instanceof kind) return null;
    throw err;
  };

export async function observeTransfer(ctx: TransferContext, stored: StoredTransfer): Promise<TransferFacts> {
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

/**
 * Sends (or re-sends, byte for byte) a transfer that is already stored, then looks for its receipt for up to
 * `waitMs`. Never signs: a stored transfer is finished by its receipt or found lost.
 */
export async function sendStoredTransfer(
  ctx: TransferContext,
  stored: StoredTransfer,
  waitMs = 0,
): Promise<TransferOutcome> {
  let decision = decideTransfer(stored, await observeTransfer(ctx, stored));
  if (decision.action === 'rebroadcast') {
    try {
      await broadcast(ctx, stored.signedTx);
    } catch {
      // "nonce too low" when it was mined meanwhile, or a node hiccup: what the node now says decides.
    }
    decision = decideTransfer(stored, await observeTransfer(ctx, stored));
  }
  const deadline = Date.now() + waitMs;
  while (decision.action === 'wait' || decision.action === 'rebroadcast') {
    if (Date.now() >= deadline) return { state: 'pending' };
    await new Promise((r) => setTimeout(r, 500));
    decision = decideTransfer(stored, await observeTransfer(ctx, stored));
  }
  if (decision.action === 'lost') return { state: 'lost', reason: decision.reason };
  return { state: decision.status === 'success' ? 'mined' : 'reverted', blockNumber: decision.blockNumber };
}

export type ChainTransfer = {
  from: Address;
  to: Address | null;
  value: bigint;
  status: 'success' | 'reverted' | 'pending';
  blockNumber: bigint | null;
};

/** What a transaction moved, read from the chain; null when the node does not know it. */
export async function readTransfer(
  publicClient: PublicClient<Transport, Chain>,
  hash: Hex,
): Promise<ChainTransfer | null> {
  const [tx, receipt] = await Promise.all([
    publicClient.getTransaction({ hash }).catch(nullIf(TransactionNotFoundError)),
    publicClient.getTransactionReceipt({ hash }).catch(nullIf(TransactionReceiptNotFoundError)),
  ]);
  if (!tx) return null;
  return {
    from: tx.from,
    to: tx.to,
    value: tx.value,
    status: receipt ? receipt.status : 'pending',
    blockNumber: receipt?.blockNumber ?? null,
  };
}
