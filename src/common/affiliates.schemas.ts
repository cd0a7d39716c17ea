/** What the affiliate routes answer (they take the referral list's query: referrals.schemas.ts). */
import { z } from 'zod';
import { answerText, instant, listTotal, nullableInstant, okWith } from './answers.schemas.js';
import type { Affiliate, AffiliateDetail, AffiliateReferral } from './referrals.js';

/** A user as an affiliate (`Affiliate`, server/modules/affiliates/present.ts). */
export const affiliateAnswer = z.object({
  id: answerText,
  firstName: answerText.nullable(),
  lastName: answerText.nullable(),
  name: answerText.nullable(),
  email: answerText,
  referralCode: answerText.nullable(),
  referredCount: z.number().int(),
  totalEarnings: z.number().describe('Every commission earned but rejected and reversed ones'),
  createdAt: instant,
}) satisfies z.ZodType<Affiliate>;

export const affiliatePage = okWith({ affiliates: z.array(affiliateAnswer), ...listTotal });

/** Someone the affiliate referred (`AffiliateReferral`). */
const affiliateReferralAnswer = z.object({
  id: answerText,
  email: answerText,
  name: answerText.nullable(),
  referredAt: nullableInstant,
  active: z.boolean().describe('They have a paid order'),
}) satisfies z.ZodType<AffiliateReferral>;

/** One affiliate's page (`AffiliateDetail`, server/modules/affiliates/service.ts). */
export const affiliateOne = okWith({
  affiliate: affiliateAnswer.extend({
    totalClicks: z.number().int(),
    uniqueClicks: z.number().int().describe('Visitors counted once per day'),
    conversionRate: z.number().describe('Referred buyers ÷ unique visitors, in percent'),
    pendingCommissions: z.number(),
    approvedCommissions: z.number(),
    paidCommissions: z.number(),
    referred: z
      .array(affiliateReferralAnswer)
      .describe('The newest 50 people referred; `referredCount` counts them all'),
  }) satisfies z.ZodType<AffiliateDetail>,
});
