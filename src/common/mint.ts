/** The mint-job domain as both sides see it: vocabulary and the API's job and chain shapes (request schemas: mint.schemas.ts). */
import { enumReader } from './list.js';

/**
 * awaiting_approval: a manual mint above settings manualMintDualControlAbove, or to its asker's own account wallet,
 * queued once a second member of staff approves it; rejected: a second member of staff refused it instead (final, never minted).
 */
export const MINT_STATUSES = ['awaiting_approval', 'queued', 'processing', 'succeeded', 'failed', 'rejected'] as const;
export type MintStatus = (typeof MINT_STATUSES)[number];
export const MINT_SORTS = ['createdAt', 'updatedAt', 'attempts', 'status'] as const;
/** Attempts before a job fails and waits for an operator's retry. */
export const MAX_ATTEMPTS = 5;
/** The order id of jobs minted by hand. */
export const MANUAL_ORDER_ID = 'manual';
/**
 * What a job mints for: an order's line, a staff member's Mint Token, or a member converting points; or, for a burn, a
 * holder's redemption of the asset (staff's Redeem on a product's holders).
 */
export const MINT_SOURCES = ['order', 'manual', 'conversion', 'redemption'] as const;
export type MintSource = (typeof MINT_SOURCES)[number];
/** What a job sends: a mint of `amount` to the wallet, or a burn (the contract's `redeem`) of `amount` it holds. */
export const MINT_KINDS = ['mint', 'redeem'] as const;
export type MintKind = (typeof MINT_KINDS)[number];

/** Unknown statuses render as queued: the job has not been seen to do anything yet. */
export const mintStatusOf = enumReader(MINT_STATUSES, 'queued');

/** A mint job as the API answers it, plus what an operator needs to steer it (server/modules/mint/present.ts). */
/** Why a job waits without failing: its token is restricted to verified holders and its wallet is not one yet. */
export const MINT_WAIT_REASONS = ['waits_verified_holder'] as const;
export type MintWaitReason = (typeof MINT_WAIT_REASONS)[number];

export type MintJob = {
  id: string;
  /** a uuid, or "manual" */
  orderId: string;
  source: MintSource;
  kind: MintKind;
  walletAddress: string;
  tokenId: string;
  amount: string;
  status: string;
  attempts: number;
  maxAttempts: number;
  txHash: string | null;
  explorerUrl: string | null;
  productId: string | null;
  chainId: number | null;
  contract: string | null;
  nonce: number | null;
  blockNumber: string | null;
  lastError: string | null;
  /** Why a job that is not failing waits, as a code the screens translate; null: `lastError` says it. */
  lastErrorCode: MintWaitReason | null;
  nextAttemptAt: string | null;
  /** A manual mint's reason, who asked for it, and who approved it (above the dual control threshold). */
  note: string | null;
  createdBy: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
  /** Or who rejected it instead, when, and why. */
  rejectedBy: string | null;
  rejectedAt: string | null;
  rejectReason: string | null;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
};

export type MintCounts = Record<MintStatus, number>;

/** The "Queue Status" bar: the most recent worker's heartbeat, or why none runs. */
export type MintWorkerStatus = {
  active: boolean;
  heartbeatAt: string | null;
  startedAt: string | null;
  chainId: number | null;
  minter: string | null;
  processed: number;
  leaseSeconds: number;
  error: string | null;
};

/** What GET /api/mint-jobs answers beside the page of jobs (the dataProvider hands it over as the list's meta). */
export type MintListMeta = {
  counts?: MintCounts;
  worker?: MintWorkerStatus;
  serverTime?: string;
  totalIsEstimate?: boolean;
};

/** GET /api/chain/tx/{hash}: a transaction and its receipt from the chain, with the job that sent it. */
export type ChainTx = {
  hash: string;
  chainId: number;
  explorerUrl: string | null;
  transaction: {
    from: string;
    to: string | null;
    nonce: number;
    blockNumber: string | null;
    gas: string;
    maxFeePerGas: string | null;
    input: string;
  } | null;
  receipt: {
    status: 'success' | 'reverted';
    blockNumber: string;
    gasUsed: string;
    logs: number;
  } | null;
  job: MintJob | null;
};
