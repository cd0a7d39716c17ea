import { getAddress, isAddress } from 'viem';
import { z } from 'zod';
import { listQuery } from '../../lib/list.js';

/** Attempts before a job fails and waits for an operator's retry. */
export const MAX_ATTEMPTS = 5;
export const MINT_STATUSES = ['queued', 'processing', 'succeeded', 'failed'] as const;
export const MINT_SORTS = ['createdAt', 'updatedAt', 'attempts', 'status'] as const;
const UINT256_MAX = 2n ** 256n - 1n;

export const mintListQuery = listQuery.extend({
  status: z.enum(MINT_STATUSES, { error: `status must be one of ${MINT_STATUSES.join(', ')}.` }).optional(),
  sort: z.enum(MINT_SORTS).default('createdAt'),
});

const address = (label: string) => z.string({ error: `${label} is required.` }).trim()
  .min(1, `${label} is required.`)
  .refine((v) => isAddress(v, { strict: true }),
    `${label} must be an EVM address: 0x and 40 hex digits, with a correct checksum if mixed-case.`)
  .transform((v) => getAddress(v));

/** A whole number from 1 to 2^256-1, given as a number or a string of digits; kept as a string. */
const positiveInteger = (label: string) => z.union([z.number(), z.string()], { error: `${label} is required.` })
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,78}$/.test(v) && BigInt(v) >= 1n && BigInt(v) <= UINT256_MAX, `${label} must be a whole number of at least 1.`)
  .transform((v) => BigInt(v).toString());

export const createMintBody = z.object({
  walletAddress: address('Wallet address'),
  tokenId: positiveInteger('Token ID'),
  amount: positiveInteger('Amount'),
});

/** SPEC §7 POST /api/debug/mint: { to, id, amount }. */
export const debugMintBody = z.object({
  to: address('Recipient (to)'),
  id: positiveInteger('Token id (id)'),
  amount: positiveInteger('Amount'),
});

export const txParams = z.object({
  hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'A transaction hash is 0x followed by 64 hex digits.').transform((v) => v.toLowerCase()),
});
