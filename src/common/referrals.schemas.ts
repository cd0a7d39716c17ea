/** What the referral routes take. */
import { z } from 'zod';
import { listQuery } from './list.schemas.js';
import { text } from './text.js';

export const referralCodeBody = z.object({ code: text('Referral code', { max: 40 }).transform((v) => v.trim().toUpperCase()) });
export const referralListQuery = listQuery.pick({ limit: true, offset: true, q: true });
export type ReferralListQuery = z.infer<typeof referralListQuery>;
