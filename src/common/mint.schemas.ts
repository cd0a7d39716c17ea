/** What the mint routes take (zod schemas built from the text type, addresses checked with viem, for the server and forms) and answer. */
import { getAddress, isAddress } from 'viem';
import { z } from 'zod';
import { listQueryOf } from './list.schemas.js';
import { answerText, instant, nullableInstant } from './answers.schemas.js';
import { MINT_SORTS, MINT_SOURCES, MINT_STATUSES, type MintJob } from './mint.js';
import { text } from './text.js';

const UINT256_MAX = 2n ** 256n - 1n;

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
    .regex(/^0x[0-9a-fA-F]{64}$/, 'A transaction hash is 0x followed by 64 hex digits.').transform((v) => v.toLowerCase()),
});

/** A mint job as the API answers it (`MintJob`, server/modules/mint/present.ts). */
export const mintJobAnswer = z.object({
  id: answerText,
  orderId: answerText.describe('The order’s id, or "manual"'),
  source: z.enum(MINT_SOURCES),
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
