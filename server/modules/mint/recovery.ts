/**
 * "Never mint twice": what a mint worker does with a job it finds after a crash, a timeout
 * or a retry. Pure functions, no I/O (the chain facts come from server/chain/mint.ts observeJob()).
 *
 * The worker's rule: sign → store {nonce, signedTx, txHash} in the job row (committed) →
 * broadcast. A job with a stored transaction is NEVER signed again: it is finished by its
 * receipt, re-broadcast byte for byte, or failed loudly.
 *
 * Offers: decideRecovery(job, chain) → RecoveryDecision
 *   'sign'                     nothing stored yet: sign a new transaction (fresh nonce)
 *   'done'                     a receipt exists: outcome 'success' | 'failed' (reverted)
 *   'wait'                     the node knows the transaction but has no receipt yet
 *   'rebroadcast'              unknown to the node and its nonce is still unused: send the
 *                              same stored bytes again (same hash, cannot double-mint)
 *   'nonce-consumed-by-other'  the nonce was used by a transaction that is not ours: fail the
 *                              job loudly for an operator; never re-sign automatically
 */
import type { Hex } from 'viem';
import type { ChainFacts } from '../../chain/mint.js';

export type StoredMintTx = { nonce: number | null; signedTx: Hex | null; txHash: Hex | null };

export type RecoveryDecision =
  | { action: 'sign'; reason: string }
  | { action: 'done'; outcome: 'success' | 'failed'; blockNumber: bigint; reason: string }
  | { action: 'wait'; reason: string }
  | { action: 'rebroadcast'; reason: string }
  | { action: 'nonce-consumed-by-other'; reason: string };

export function hasStoredTx(job: StoredMintTx): job is { nonce: number; signedTx: Hex; txHash: Hex } {
  return job.nonce !== null && job.signedTx !== null && job.txHash !== null;
}

export function decideRecovery(job: StoredMintTx, chain: ChainFacts): RecoveryDecision {
  if (!hasStoredTx(job)) {
    if (job.signedTx !== null || job.txHash !== null) {
      throw new Error('Mint job has a partially stored transaction (nonce, signedTx and txHash go together).');
    }
    return { action: 'sign', reason: 'No transaction was stored for this job yet.' };
  }
  if (chain.receipt) {
    const outcome = chain.receipt.status === 'success' ? 'success' : 'failed';
    return {
      action: 'done',
      outcome,
      blockNumber: chain.receipt.blockNumber,
      reason: `Transaction ${job.txHash} was mined in block ${chain.receipt.blockNumber} (${chain.receipt.status}).`,
    };
  }
  if (chain.txKnown) {
    return { action: 'wait', reason: `Transaction ${job.txHash} is known to the node but not mined yet.` };
  }
  if (job.nonce >= chain.confirmedTxCount) {
    return {
      action: 'rebroadcast',
      reason: `Nonce ${job.nonce} is unused and the node does not know ${job.txHash}: resend the stored bytes.`,
    };
  }
  return {
    action: 'nonce-consumed-by-other',
    reason:
      `Nonce ${job.nonce} of the minter was used by another transaction and ${job.txHash} is unknown to the node: ` +
      'the minter key is used elsewhere; the job is not re-signed and needs an operator.',
  };
}
