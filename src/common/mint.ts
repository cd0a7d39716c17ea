/** The mint-job domain as both sides see it: vocabulary, request schemas, and the API's job and chain shapes. */
import { getAddress, isAddress } from 'viem';
import { z } from 'zod';
import { enumReader, listQueryOf } from './list.js';
import { text } from './text.js';

export const MINT_STATUSES = ['queued', 'processing', 'succeeded', 'failed'] as const;
export type MintStatus = (typeof MINT_STATUSES)[number];
export const MINT_SORTS = ['createdAt', 'updatedAt', 'attempts', 'status'] as const;
/** Attempts before a job fails and waits for an operator's retry. */
export const MAX_ATTEMPTS = 5;
/** The order id of jobs minted by hand (SPEC §4). */
export const MANUAL_ORDER_ID = 'manual';
const UINT256_MAX = 2n ** 256n - 1n;

/** Unknown statuses render as queued: the job has not been seen to do anything yet. */
export const mintStatusOf = enumReader(MINT_STATUSES, 'queued');

export const mintListQuery = listQueryOf(MINT_STATUSES, MINT_SORTS, 'createdAt');
export type MintListQuery = z.infer<typeof mintListQuery>;

const address = (label: string) => text(label, { max: 42, tooLong: `${label} must be an EVM address: 0x and 40 hex digits.` })
  .refine((v) => isAddress(v, { strict: true }),
    `${label} must be an EVM address: 0x and 40 hex digits, with a correct checksum if mixed-case.`)
  .transform((v) => getAddress(v));

/** A whole number from 1 to 2^256-1, given as a number or a string of digits; kept as a string. */
const positiveInteger = (label: string) => z.union([z.number(), text(label, { max: 80 })], {
  error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required.` : `${label} must be a whole number of at least 1.`),
})
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,78}$/.test(v) && BigInt(v) >= 1n && BigInt(v) <= UINT256_MAX, `${label} must be a whole number of at least 1.`)
  .transform((v) => BigInt(v).toString());

export const createMintBody = z.object({
  walletAddress: address('Wallet address'),
  tokenId: positiveInteger('Token ID'),
  amount: positiveInteger('Amount'),
});
export type CreateMintInput = z.infer<typeof createMintBody>;

/** SPEC §7 POST /api/debug/mint: { to, id, amount }. */
export const debugMintBody = z.object({
  to: address('Recipient (to)'),
  id: positiveInteger('Token id (id)'),
  amount: positiveInteger('Amount'),
});

export const txParams = z.object({
  hash: text('Transaction hash', { max: 66, tooLong: 'A transaction hash is 0x followed by 64 hex digits.' })
    .regex(/^0x[0-9a-fA-F]{64}$/, 'A transaction hash is 0x followed by 64 hex digits.').transform((v) => v.toLowerCase()),
});

/** SPEC §3 "Mint job" plus what an operator needs to steer it (server/modules/mint/present.ts). */
export type MintJob = {
  id: string;
  /** a uuid, or "manual" */
  orderId: string;
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
  nextAttemptAt: string | null;
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
