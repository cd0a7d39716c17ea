/** What the affiliate routes answer (they take the referral list's query: referrals.schemas.ts). */
import { z } from 'zod';
import { answerText, instant, listTotal, okWith } from './answers.schemas.js';
import type { Affiliate } from './referrals.js';

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
