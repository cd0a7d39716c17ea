/** What the referral routes take and answer. */
import { isAddress } from 'viem';
import { z } from 'zod';
import { answerText, instant, okWith } from './answers.schemas.js';
import { listQuery, sortOf } from './list.schemas.js';
import { AFFILIATE_SORTS, REFERRAL_SORTS, type Referral, type ReferralStats } from './referrals.js';
import { text } from './text.js';

export const referralCodeBody = z.object({
  code: text('Referral code', { max: 40 }).transform((v) => v.trim().toUpperCase()),
});
export const referralListQuery = listQuery.extend({ sort: sortOf(REFERRAL_SORTS, 'createdAt') });
export type ReferralListQuery = z.infer<typeof referralListQuery>;
export const affiliateListQuery = listQuery.extend({ sort: sortOf(AFFILIATE_SORTS, 'createdAt') });
export type AffiliateListQuery = z.infer<typeof affiliateListQuery>;

/** PUT /api/referrals/wallet: where the caller's crypto payouts go; null (or blank) removes it. */
export const payoutWalletBody = z.object({
  walletAddress: text('Payout wallet', { max: 42, min: 0 })
    .nullable()
    .transform((v) => (v ? v : null))
    .refine(
      (v) => v === null || isAddress(v, { strict: true }),
      'Payout wallet must be an EVM address (0x and 40 hex digits, with a correct checksum if mixed-case).',
    ),
});

export const referralLinkAnswer = okWith({
  referralCode: answerText,
  link: answerText.describe('The shop with the code as `?ref=`'),
});
export const referralClickAnswer = okWith({
  unique: z.boolean().describe('The visitor’s first click on this referrer’s links today (UTC)'),
});
export const attributionAnswer = okWith({ referrerEmail: answerText });
export const payoutWalletAnswer = okWith({
  walletAddress: answerText.nullable().describe('Checksummed; null: payouts by bank only'),
});

/** The caller's own figures (`ReferralStats`, server/modules/referrals/service.ts). */
export const referralStatsAnswer = okWith({
  stats: z.object({
    referralCode: answerText,
    link: answerText,
    totalClicks: z.number().int(),
    uniqueClicks: z.number().int().describe('Visitors counted once per day'),
    conversionRate: z.number().describe('Referred buyers ÷ unique visitors, in percent'),
    referredUsers: z.number().int(),
    totalCommissions: z.number(),
    pendingCommissions: z.number(),
    approvedCommissions: z.number(),
    paidCommissions: z.number(),
    availableForPayout: z
      .number()
      .describe('Approved, not held by a payout, less open clawbacks: what a payout request would pay now'),
    minimumPayout: z.number(),
    commissionHoldDays: z.number().int(),
    currency: answerText,
    payoutWallet: answerText.nullable(),
  }) satisfies z.ZodType<ReferralStats>,
});

/** One edge of the network (`Referral`, server/modules/referrals/present.ts): `referredEmail` was referred by `userEmail`. */
export const referralAnswer = z.object({
  id: answerText.describe('The referred user’s id'),
  userEmail: answerText,
  referredEmail: answerText,
  referralCode: answerText.nullable().describe('The referrer’s code'),
  level2Email: answerText.nullable().describe('Who referred the referrer, if anyone'),
  totalEarnings: z.number().describe('What the referrer earned from the referred user’s orders'),
  active: z.boolean().describe('The referred user has a paid order'),
  createdAt: instant,
}) satisfies z.ZodType<Referral>;

export const referralPage = okWith({ referrals: z.array(referralAnswer), total: z.number().int() });
export const referralSummaryAnswer = okWith({
  summary: z.object({ totalReferrals: z.number().int(), activeReferrals: z.number().int(), totalEarnings: z.number() }),
});
