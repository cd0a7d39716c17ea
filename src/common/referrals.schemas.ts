/** What the referral routes take. */
import { isAddress } from 'viem';
import { z } from 'zod';
import { listQuery } from './list.schemas.js';
import { text } from './text.js';

export const referralCodeBody = z.object({ code: text('Referral code', { max: 40 }).transform((v) => v.trim().toUpperCase()) });
export const referralListQuery = listQuery.pick({ limit: true, offset: true, q: true });
export type ReferralListQuery = z.infer<typeof referralListQuery>;

/** PUT /api/referrals/wallet: where the caller's crypto payouts go; null (or blank) removes it. */
export const payoutWalletBody = z.object({
  walletAddress: text('Payout wallet', { max: 42, min: 0 }).nullable()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isAddress(v, { strict: true }), 'Payout wallet must be an EVM address (0x and 40 hex digits, with a correct checksum if mixed-case).'),
});
