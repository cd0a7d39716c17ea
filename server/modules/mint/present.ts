import type { Hex } from 'viem';
import { MANUAL_ORDER_ID, MAX_ATTEMPTS, type MintJob } from '../../../src/common/mint.js';
import { explorerTxUrl } from '../../chain/client.js';
import type { mintJobs } from '../../db/schema.js';
import { WAITS_FOR_VERIFIED_HOLDER } from './policy.js';
import { csvColumns, csvExport } from '../../lib/csv.js';

type Job = typeof mintJobs.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The mint queue's CSV (GET /api/mint-jobs/export.csv). */
export const jobCsv = csvExport(
  'mint-queue',
  csvColumns<MintJob>({
    id: 'text',
    orderId: 'text',
    source: 'text',
    kind: 'text',
    status: 'text',
    walletAddress: 'text',
    tokenId: 'text',
    amount: 'decimal',
    attempts: 'number',
    maxAttempts: 'number',
    txHash: 'text',
    chainId: 'number',
    contract: 'text',
    productId: 'text',
    nonce: 'number',
    blockNumber: 'text',
    lastError: 'text',
    nextAttemptAt: 'date',
    note: 'text',
    approvedAt: 'date',
    rejectedAt: 'date',
    rejectReason: 'text',
    createdAt: 'date',
    updatedAt: 'date',
    completedAt: 'date',
  }),
);

/**
 * A mint job as the API answers it, plus what an operator needs to steer it. A job without an order has the order id "manual";
 * `conversion` says it mints a member's points conversion rather than a staff member's Mint Token.
 */
export function presentJob(j: Job, conversion = false): MintJob {
  return {
    id: j.id,
    orderId: j.orderId ?? MANUAL_ORDER_ID,
    source: j.orderId ? 'order' : j.kind === 'redeem' ? 'redemption' : conversion ? 'conversion' : 'manual',
    kind: j.kind,
    walletAddress: j.walletAddress,
    tokenId: j.tokenId,
    amount: j.amount,
    status: j.status,
    attempts: j.attempts,
    maxAttempts: MAX_ATTEMPTS,
    txHash: j.txHash,
    explorerUrl: j.txHash && j.chainId ? explorerTxUrl(j.chainId, j.txHash as Hex) : null,
    productId: j.productId,
    chainId: j.chainId,
    contract: j.contract,
    nonce: j.nonce,
    blockNumber: j.blockNumber === null ? null : String(j.blockNumber),
    lastError: j.lastError,
    lastErrorCode: j.lastError === WAITS_FOR_VERIFIED_HOLDER ? 'waits_verified_holder' : null,
    nextAttemptAt: j.status === 'queued' || j.status === 'processing' ? iso(j.nextAttemptAt) : null,
    note: j.note,
    createdBy: j.createdBy,
    approvedBy: j.approvedBy,
    approvedAt: iso(j.approvedAt),
    rejectedBy: j.rejectedBy,
    rejectedAt: iso(j.rejectedAt),
    rejectReason: j.rejectReason,
    createdAt: j.createdAt.toISOString(),
    updatedAt: j.updatedAt.toISOString(),
    completedAt: iso(j.completedAt),
  };
}
