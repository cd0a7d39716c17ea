/**
 * The mint queue's rules: who may see and steer it, and how a job moves
 * (queued → processing → succeeded | failed; failed → queued again by an operator). A manual mint of more units than
 * settings manualMintDualControlAbove, or of any amount to the wallet on its asker's account, starts awaiting_approval,
 * and is queued once another member of staff approves it (or rejected for good, with a reason).
 * Retry and backoff live here; recovery.ts decides what to do with a job that already holds a signed transaction.
 */
import { say, type Said } from '../../lib/errors.js';
import { MAX_ATTEMPTS } from '../../../src/common/mint.js';
import { allow, resourceAccess } from '../../lib/access.js';

export const mintAccess = { ...resourceAccess('mint-queue'), debug: allow('debug.use') };

/** What one pass of the worker concluded about a job. */
export type Outcome =
  | { jobId: string; kind: 'succeeded'; blockNumber: number }
  /** Try again later, keeping any stored transaction (it may still be mined). */
  | { jobId: string; kind: 'later'; delaySeconds: number; error?: string; attempts?: number }
  /** The attempt failed: back off, or fail the job once attempts reach the limit. */
  | { jobId: string; kind: 'attempt-failed'; attempts: number; error: string; dropStoredTx?: boolean }
  /** Fail now, whatever the attempt count (needs an operator). */
  | { jobId: string; kind: 'failed'; error: string; dropStoredTx?: boolean };

/** Seconds to wait after the n-th failed attempt: 1, 2, 4, 8 … */
export const backoffSeconds = (attempts: number) => 2 ** Math.max(0, attempts - 1);

/** Whether an outcome leaves the job failed, for an operator to retry. */
export const isFinal = (o: Outcome) =>
  o.kind === 'failed' || (o.kind === 'attempt-failed' && o.attempts >= MAX_ATTEMPTS);

/** A stored transaction could not be sent again: the same bytes are tried later, until the attempt limit. */
export function rebroadcastFailed(jobId: string, attempts: number, error: string): Outcome {
  return attempts >= MAX_ATTEMPTS
    ? { jobId, kind: 'failed', error }
    : { jobId, kind: 'later', delaySeconds: 2 ** attempts, error, attempts };
}

/** A mined transaction decides the job: success, or a reverted attempt whose transaction is dropped so the next one signs anew. */
export function minedOutcome(
  job: { id: string; attempts: number; txHash: string | null },
  status: 'success' | 'failed',
  blockNumber: bigint,
): Outcome {
  if (status === 'success') return { jobId: job.id, kind: 'succeeded', blockNumber: Number(blockNumber) };
  return {
    jobId: job.id,
    kind: 'attempt-failed',
    attempts: Math.max(job.attempts, 1),
    dropStoredTx: true,
    error: `Transaction ${job.txHash} reverted in block ${blockNumber}.`,
  };
}

/**
 * Why a mint of a token restricted to verified holders waits: its wallet is not on the allowlist. It is looked at
 * again every WAIT_FOR_VERIFIED_SECONDS without using up its attempts, and goes out once the wallet's owner passes KYC.
 */
export const WAITS_FOR_VERIFIED_HOLDER =
  'Waiting: this token goes only to verified holders and the wallet is not one yet; it is minted once its owner passes KYC.';
export const WAIT_FOR_VERIFIED_SECONDS = 5;

/** Why a job of a refunded order failed: it was cancelled before it was signed, and is never minted. */
export const CANCELLED_BY_REFUND = 'Cancelled: the order was refunded.';

/** Why an operator may not queue a job again, or null when it may (only a failed job, and not one of a refunded order). */
export function retryRefusal(status: string, orderStatus: string | null = null): Said | null {
  if (status !== 'failed') return say('mint_retry_not_failed', { status });
  if (orderStatus === 'refunded') return say('mint_order_refunded');
  return null;
}

/** Whether `wallet` is the one kept on the caller's account (`accountWallet`, null: none), in any letter case. */
export const isOwnWallet = (wallet: string, accountWallet: string | null) =>
  !!accountWallet && wallet.toLowerCase() === accountWallet.toLowerCase();

/**
 * Whether a manual mint waits for a second member of staff: of more `amount` units (a digit string) than `limit`, or
 * to the caller's own wallet (`accountWallet`) whatever the amount, since tokens minted to oneself are one's own money.
 */
export const needsMintApproval = (
  mint: { amount: string; walletAddress: string },
  limit: number,
  accountWallet: string | null,
) => isOwnWallet(mint.walletAddress, accountWallet) || BigInt(mint.amount) > BigInt(limit);

/**
 * Why `approver` may not approve this job, or null: nobody approves a mint they asked for, nor one whose tokens go to
 * the wallet on their own account (`wallet`).
 */
export function ownMintRefusal(
  job: { createdBy: string | null; walletAddress: string },
  approver: { id: string | null; wallet: string | null },
): Said | null {
  if (approver.id !== null && job.createdBy === approver.id) return say('mint_approve_own');
  return isOwnWallet(job.walletAddress, approver.wallet) ? say('mint_approve_own_wallet') : null;
}

/** Why this job may not be approved now, or null: only one awaiting approval. */
export const mintApprovalRefusal = (status: string): Said | null =>
  status === 'awaiting_approval' ? null : say('mint_not_awaiting_approval', { status });

/** Why `actorId` may not reject this job, or null: its creator may not decide it either way. */
export const ownMintRejectRefusal = (job: { createdBy: string | null }, actorId: string | null): Said | null =>
  actorId !== null && job.createdBy === actorId ? say('mint_reject_own') : null;

/**
 * Why the debug mint may not run, or null: it mints without a reason or a second approver, so only on the embedded
 * dev chain, whose tokens are worth nothing; on a real chain staff use Mint Token, which asks for both.
 */
export const debugMintRefusal = (chainMode: 'dev' | 'rpc' | null): Said | null =>
  chainMode === 'dev' ? null : say('debug_mint_dev_only');

/** Why this job may not be rejected now, or null: only one awaiting approval. */
export const mintRejectionRefusal = (status: string): Said | null =>
  status === 'awaiting_approval' ? null : say('mint_not_awaiting_rejection', { status });
