/** What the mint routes take (zod schemas built from the text type, addresses checked with viem, for the server and forms) and answer. */
import { getAddress, isAddress } from 'viem';
import { z } from 'zod';
import { listQueryOf } from './list.schemas.js';
import { answerText, countsOf, instant, listTotal, nullableInstant, okWith } from './answers.schemas.js';
import {
  MINT_KINDS,
  MINT_SORTS,
  MINT_SOURCES,
  MINT_STATUSES,
  MINT_WAIT_REASONS,
  type ChainTx,
  type MintJob,
  type MintWorkerStatus,
} from './mint.js';
import { text } from './text.js';

const UINT256_MAX = 2n ** 256n - 1n;

export const mintListQuery = listQueryOf(MINT_STATUSES, MINT_SORTS, 'createdAt');
export type MintListQuery = z.infer<typeof mintListQuery>;

/** An EVM address (checksummed when mixed-case), answered in its checksum form. */
export const address = (label: string) =>
  text(label, { max: 42, tooLong: `${label} must be an EVM address: 0x and 40 hex digits.` })
    .refine(
      (v) => isAddress(v, { strict: true }),
      `${label} must be an EVM address: 0x and 40 hex digits, with a correct checksum if mixed-case.`,
    )
    .transform((v) => getAddress(v));

/** A whole number from 1 to 2^256-1, given as a number or a string of digits; kept as a string. */
export const positiveInteger = (label: string) =>
  z
    .union([z.number(), text(label, { max: 80 })], {
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `${label} is required.`
          : `${label} must be a whole number of at least 1.`,
    })
    .transform((v) => String(v).trim())
    .refine(
      (v) => /^\d{1,78}$/.test(v) && BigInt(v) >= 1n && BigInt(v) <= UINT256_MAX,
      `${label} must be a whole number of at least 1.`,
    )
    .transform((v) => BigInt(v).toString());

export const createMintBody = z.object({
  walletAddress: address('Wallet address'),
  tokenId: positiveInteger('Token ID'),
  amount: positiveInteger('Amount'),
  /** Why the tokens are minted by hand: kept with the job and in the audit log. */
  note: text('Note', { min: 3, max: 500 }),
});
export type CreateMintInput = z.infer<typeof createMintBody>;

/** Rejecting a manual mint awaiting approval: why, kept with the job and in the audit log. */
export const rejectMintBody = z.object({ reason: text('Reason', { min: 3, max: 500 }) });

/** The body of POST /api/debug/mint: { to, id, amount }. */
export const debugMintBody = z.object({
  to: address('Recipient (to)'),
  id: positiveInteger('Token id (id)'),
  amount: positiveInteger('Amount'),
});

export const txParams = z.object({
  hash: text('Transaction hash', { max: 66, tooLong: 'A transaction hash is 0x followed by 64 hex digits.' })
    .regex(/^0x[0-9a-fA-F]{64}$/, 'A transaction hash is 0x followed by 64 hex digits.')
    .transform((v) => v.toLowerCase()),
});

/** A mint job as the API answers it (`MintJob`, server/modules/mint/present.ts). */
export const mintJobAnswer = z.object({
  id: answerText,
  orderId: answerText.describe('The order’s id, or "manual"'),
  source: z.enum(MINT_SOURCES),
  kind: z.enum(MINT_KINDS).describe('mint: `amount` minted to the wallet; redeem: `amount` of its tokens burned'),
  walletAddress: answerText,
  tokenId: answerText,
  amount: answerText,
  status: answerText,
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  txHash: answerText.nullable(),
  explorerUrl: answerText.nullable(),
  productId: answerText.nullable(),
  chainId: z.number().int().nullable(),
  contract: answerText.nullable(),
  nonce: z.number().int().nullable(),
  blockNumber: answerText.nullable(),
  lastError: answerText.nullable(),
  lastErrorCode: z
    .enum(MINT_WAIT_REASONS)
    .nullable()
    .describe('Why a job waits without failing, as a code (waits_verified_holder); null: lastError says it'),
  nextAttemptAt: nullableInstant,
  note: answerText.nullable(),
  createdBy: answerText.nullable(),
  approvedBy: answerText.nullable(),
  approvedAt: nullableInstant,
  rejectedBy: answerText.nullable(),
  rejectedAt: nullableInstant,
  rejectReason: answerText.nullable(),
  createdAt: instant,
  updatedAt: instant,
  completedAt: nullableInstant,
}) satisfies z.ZodType<MintJob>;

export const mintJobOne = okWith({ job: mintJobAnswer });

/** The "Queue Status" bar: the most recent worker's heartbeat, or why none runs (`MintWorkerStatus`). */
const mintWorkerAnswer = z.object({
  active: z.boolean(),
  heartbeatAt: nullableInstant,
  startedAt: nullableInstant,
  chainId: z.number().int().nullable(),
  minter: answerText.nullable().describe('The address the worker signs with'),
  processed: z.number().int(),
  leaseSeconds: z.number().int(),
  error: answerText.nullable(),
}) satisfies z.ZodType<MintWorkerStatus>;

export const mintJobPage = okWith({
  jobs: z.array(mintJobAnswer),
  ...listTotal,
  counts: countsOf(MINT_STATUSES).describe('Each status’s count in the whole queue'),
  worker: mintWorkerAnswer,
  serverTime: instant.describe('The server’s clock, to tell how long ago the heartbeat was'),
});

/** POST /api/debug/mint: `ok` is false when the job failed (its `error` then says why). */
export const debugMintAnswer = z.object({
  ok: z.boolean(),
  tx: answerText.nullable().describe('The transaction hash; null when none was signed'),
  jobId: answerText,
  status: answerText,
  error: answerText.optional(),
});

/** GET /api/chain/tx/{hash}: the transaction and its receipt from the chain (null when it has none), and its job. */
const chainTx = z.object({
  hash: answerText,
  chainId: z.number().int(),
  explorerUrl: answerText.nullable(),
  transaction: z
    .object({
      from: answerText,
      to: answerText.nullable(),
      nonce: z.number().int(),
      blockNumber: answerText.nullable(),
      gas: answerText,
      maxFeePerGas: answerText.nullable(),
      input: answerText,
    })
    .nullable(),
  receipt: z
    .object({
      status: z.enum(['success', 'reverted']),
      blockNumber: answerText,
      gasUsed: answerText,
      logs: z.number().int().describe('How many logs'),
    })
    .nullable(),
  job: mintJobAnswer.nullable(),
}) satisfies z.ZodType<ChainTx>;

export const chainTxAnswer = okWith(chainTx.shape);
