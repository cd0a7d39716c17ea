import { and, desc, eq, sql } from 'drizzle-orm';
import { TransactionNotFoundError, TransactionReceiptNotFoundError, type Hex } from 'viem';
import { MINT_STATUSES, type ChainTx, type MintCounts, type MintWorkerStatus } from '../../../src/common/mint.js';
import { type CreateMintInput, type MintListQuery } from '../../../src/common/mint.schemas.js';

/** A manual mint: the Mint Token form's, or the debug route's (whose note is optional). */
type ManualMint = Omit<CreateMintInput, 'note'> & { note: string | null };
import { explorerTxUrl } from '../../chain/client.js';
import type { Db, Queryable } from '../../db/client.js';
import { chainTransactions, conversions, mintJobs, mintWorkers, orders, users } from '../../db/schema.js';
import { AppError, conflict, forbidden, notFound, type Said } from '../../lib/errors.js';
import { Counter } from '../../lib/list.js';
import { after, listOrder, orderBy, type Page } from '../../lib/pages.js';
import type { Actor } from '../../types.js';
import { audit } from '../audit/service.js';
import { invalidateDashboard } from '../dashboard/service.js';
import { mintQueued } from './enqueue.js';
import {
  isOwnWallet,
  mintApprovalRefusal,
  mintRejectionRefusal,
  needsMintApproval,
  ownMintRefusal,
  ownMintRejectRefusal,
  retryRefusal,
} from './policy.js';
import { presentJob } from './present.js';
import { LEASE_SECONDS } from './queue.js';
import type { ChainRuntime } from './runtime.js';
import { currentRequestId } from '../../lib/request-id.js';
const counter = new Counter({ estimateTtlMs: 5_000, exactTtlMs: 0 });

const SORT_COLUMNS = {
  createdAt: mintJobs.createdAt,
  updatedAt: mintJobs.updatedAt,
  attempts: mintJobs.attempts,
  status: mintJobs.status,
} as const;

const jobFilter = (q: MintListQuery) => (q.status ? eq(mintJobs.status, q.status) : undefined);

/** One page of the list (by offset for the JSON list, after a row for the CSV export). */
export async function jobRows(db: Db, q: MintListQuery, page: Page) {
  const order = listOrder([SORT_COLUMNS[q.sort]], mintJobs.id, q.order);
  const rows = await db
    .select({ job: mintJobs, conversion: isConversion })
    .from(mintJobs)
    .where(and(jobFilter(q), after(order, page.after)))
    .orderBy(...orderBy(order))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return rows.map((r) => presentJob(r.job, r.conversion));
}

/** Whether the job mints a member's points conversion (conversions_mint_job_idx). */
const isConversion = sql<boolean>`exists (select 1 from ${conversions} c where c.mint_job_id = ${mintJobs}.id)`;

/** The job as the API shows it (presentJob), with whether it mints a conversion. */
export async function presentedJob(db: Queryable, job: typeof mintJobs.$inferSelect) {
  const [row] = job.orderId
    ? []
    : await db.select({ conversion: isConversion }).from(mintJobs).where(eq(mintJobs.id, job.id));
  return presentJob(job, row?.conversion ?? false);
}

export async function listJobs(db: Db, q: MintListQuery) {
  const [rows, total, counts] = await Promise.all([
    jobRows(db, q, q),
    counter.count(db, mintJobs, jobFilter(q), q.status ?? ''),
    jobCounts(db),
  ]);
  return { jobs: rows, ...total, counts };
}

export async function jobCounts(db: Db): Promise<MintCounts> {
  const counts = {} as MintCounts;
  for (const status of MINT_STATUSES) {
    counts[status] = (await counter.count(db, mintJobs, eq(mintJobs.status, status), status)).total;
  }
  return counts;
}

/** What the "Queue Status" bar shows: the most recent worker's heartbeat (any process), or why none runs here. */
export async function workerStatus(db: Db, runtime: ChainRuntime | null): Promise<MintWorkerStatus> {
  const [row] = await db
    .select({
      w: mintWorkers,
      active: sql<boolean>`${mintWorkers.stoppedAt} is null and ${mintWorkers.leaseUntil} > now()`,
    })
    .from(mintWorkers)
    .orderBy(desc(mintWorkers.heartbeatAt))
    .limit(1);
  return {
    active: !!row?.active,
    heartbeatAt: row?.w.heartbeatAt.toISOString() ?? null,
    startedAt: row?.w.startedAt.toISOString() ?? null,
    chainId: row?.w.chainId ?? runtime?.chain?.chainId ?? null,
    minter: row?.w.minter ?? null,
    processed: row?.w.processed ?? 0,
    leaseSeconds: LEASE_SECONDS,
    error: runtime?.error ?? row?.w.lastError ?? null,
  };
}

export async function getJob(db: Db, id: string) {
  const [job] = await db.select().from(mintJobs).where(eq(mintJobs.id, id)).limit(1);
  if (!job) throw notFound('mint_job_not_found');
  return job;
}

/** The wallet kept on the actor's account, or null (none, or no actor). */
async function accountWalletOf(db: Queryable, actor: Actor): Promise<string | null> {
  if (!actor) return null;
  const [row] = await db.select({ wallet: users.walletAddress }).from(users).where(eq(users.id, actor.id)).limit(1);
  return row?.wallet ?? null;
}

/**
 * A staff member's job with no order, in the caller's transaction: shown as processing with 0 attempts until the worker
 * is done; above `approvalLimit` units, or to the wallet on the asker's account, it awaits a second member of staff's
 * approval instead, and no worker takes it until then. Call staffJobQueued(job) once the transaction has committed.
 */
export async function insertStaffJob(
  tx: Queryable,
  job: Pick<typeof mintJobs.$inferInsert, 'walletAddress' | 'tokenId' | 'amount' | 'note' | 'kind' | 'productId'>,
  actor: Actor,
  approvalLimit: number,
) {
  const accountWallet = await accountWalletOf(tx, actor);
  const awaiting = needsMintApproval(job, approvalLimit, accountWallet);
  const { walletAddress, tokenId, amount, note, kind, productId } = job;
  const [row] = await tx
    .insert(mintJobs)
    .values({
      walletAddress,
      tokenId,
      amount,
      note,
      kind,
      productId,
      status: awaiting ? 'awaiting_approval' : 'processing',
      attempts: 0,
      createdBy: actor?.id ?? null,
      requestId: currentRequestId(),
    })
    .returning();
  return { job: row!, awaitingApproval: awaiting, ownWallet: isOwnWallet(job.walletAddress, accountWallet) };
}

/** After the transaction that inserted a staff member's job: the counts change, and a job not awaiting approval goes. */
export function staffJobQueued(job: { status: string }) {
  counter.touch();
  if (job.status !== 'awaiting_approval') mintQueued();
}

/** A manual mint (order id "manual"): insertStaffJob's, audited as `mint.create_<source>`. */
export async function createManualJob(
  db: Db,
  input: ManualMint,
  actor: Actor,
  approvalLimit: number,
  source = 'manual',
) {
  const job = await db.transaction(async (tx) => {
    const { walletAddress, tokenId, amount, note } = input;
    const { job, awaitingApproval, ownWallet } = await insertStaffJob(
      tx,
      { walletAddress, tokenId, amount, note },
      actor,
      approvalLimit,
    );
    await audit(tx, actor, `mint.create_${source}`, 'mint_job', job.id, { ...input, awaitingApproval, ownWallet });
    return job;
  });
  staffJobQueued(job);
  return job;
}

/** A manual mint awaiting a decision, locked for it: refused when it is the decider's own or no longer awaiting. */
async function awaitingJobToDecide(
  tx: Queryable,
  id: string,
  ownRefusal: (job: { createdBy: string | null; walletAddress: string }) => Said | null,
  stateRefusal: (status: string) => Said | null,
) {
  const [current] = await tx.select().from(mintJobs).where(eq(mintJobs.id, id)).for('update').limit(1);
  if (!current) throw notFound('mint_job_not_found');
  const own = ownRefusal(current);
  if (own) throw forbidden(own, undefined, 'own_mint');
  const refusal = stateRefusal(current.status);
  if (refusal) throw conflict(refusal, undefined, 'illegal_transition');
  return current;
}

/** Another member of staff approves a manual mint awaiting approval: it is queued, under its lock, once. */
export async function approveJob(db: Db, id: string, actor: Actor) {
  const job = await db.transaction(async (tx) => {
    const approver = { id: actor?.id ?? null, wallet: await accountWalletOf(tx, actor) };
    const current = await awaitingJobToDecide(tx, id, (job) => ownMintRefusal(job, approver), mintApprovalRefusal);
    const [row] = await tx
      .update(mintJobs)
      .set({
        status: 'processing',
        approvedBy: actor?.id ?? null,
        approvedAt: sql`now()`,
        nextAttemptAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(mintJobs.id, id))
      .returning();
    await audit(tx, actor, 'mint.approve', 'mint_job', id, {
      amount: current.amount,
      tokenId: current.tokenId,
      walletAddress: current.walletAddress,
      createdBy: current.createdBy,
    });
    return row!;
  });
  counter.touch();
  mintQueued();
  return job;
}

/** Another member of staff rejects a manual mint awaiting approval, with a reason: it is never minted. */
export async function rejectJob(db: Db, id: string, reason: string, actor: Actor) {
  const job = await db.transaction(async (tx) => {
    const current = await awaitingJobToDecide(
      tx,
      id,
      (job) => ownMintRejectRefusal(job, actor?.id ?? null),
      mintRejectionRefusal,
    );
    const [row] = await tx
      .update(mintJobs)
      .set({
        status: 'rejected',
        rejectedBy: actor?.id ?? null,
        rejectedAt: sql`now()`,
        rejectReason: reason,
        updatedAt: sql`now()`,
      })
      .where(eq(mintJobs.id, id))
      .returning();
    await audit(tx, actor, 'mint.reject', 'mint_job', id, {
      reason,
      amount: current.amount,
      tokenId: current.tokenId,
      walletAddress: current.walletAddress,
      createdBy: current.createdBy,
    });
    return row!;
  });
  counter.touch();
  return job;
}

export async function retryJob(db: Db, id: string, actor: Actor) {
  const job = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(mintJobs).where(eq(mintJobs.id, id)).for('update').limit(1);
    if (!current) throw notFound('mint_job_not_found');
    // Read after the job's lock: a refund cancelling this job has committed by now, and its order reads refunded.
    const [order] = current.orderId
      ? await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, current.orderId))
      : [];
    const refusal = retryRefusal(current.status, order?.status);
    if (refusal) throw conflict(refusal, undefined, 'not_failed');
    const [row] = await tx
      .update(mintJobs)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, completedAt: null, updatedAt: sql`now()` })
      .where(eq(mintJobs.id, id))
      .returning();
    await audit(tx, actor, 'mint.retry', 'mint_job', id, { lastError: current.lastError });
    return row!;
  });
  counter.touch();
  invalidateDashboard();
  mintQueued();
  return job;
}

/** Waits (bounded) until the worker has signed and stored the job's transaction: its hash is then final. */
export async function waitForHash(db: Db, id: string, timeoutMs = 20_000): Promise<typeof mintJobs.$inferSelect> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await getJob(db, id);
    if (
      job.txHash ||
      job.status === 'failed' ||
      job.status === 'succeeded' ||
      job.status === 'awaiting_approval' ||
      Date.now() > deadline
    )
      return job;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A transaction or receipt the node does not know reads as null; any other failure is thrown. */
export const nullIfMissing = (err: unknown) => {
  if (err instanceof TransactionNotFoundError || err instanceof TransactionReceiptNotFoundError) return null;
  throw err;
};

/** A transaction and its receipt from the chain, with the mint job that sent it: the dev chain's explorer page. */
export async function transactionDetail(db: Db, runtime: ChainRuntime | null, hash: Hex): Promise<ChainTx> {
  const [logged] = await db.select().from(chainTransactions).where(eq(chainTransactions.hash, hash)).limit(1);
  const [job] = await db
    .select()
    .from(mintJobs)
    .where(logged?.mintJobId ? eq(mintJobs.id, logged.mintJobId) : eq(mintJobs.txHash, hash))
    .limit(1);
  const chain = runtime?.chain;
  if (!chain) {
    if (!logged) throw notFound('transaction_not_found');
    throw new AppError(503, 'chain_unavailable');
  }
  const [tx, receipt] = await Promise.all([
    chain.publicClient.getTransaction({ hash }).catch(nullIfMissing),
    chain.publicClient.getTransactionReceipt({ hash }).catch(nullIfMissing),
  ]);
  if (!tx && !logged) throw notFound('transaction_not_found');
  return {
    hash,
    chainId: chain.chainId,
    explorerUrl: explorerTxUrl(chain.chainId, hash),
    transaction: tx && {
      from: tx.from,
      to: tx.to,
      nonce: tx.nonce,
      blockNumber: tx.blockNumber === null ? null : String(tx.blockNumber),
      gas: String(tx.gas),
      maxFeePerGas: tx.maxFeePerGas === undefined ? null : String(tx.maxFeePerGas),
      input: tx.input,
    },
    receipt: receipt && {
      status: receipt.status,
      blockNumber: String(receipt.blockNumber),
      gasUsed: String(receipt.gasUsed),
      logs: receipt.logs.length,
    },
    job: job ? await presentedJob(db, job) : null,
  };
}
