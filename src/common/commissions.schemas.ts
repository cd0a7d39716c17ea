/** What the commission and agent-level routes take. */
import { z } from 'zod';
import { optionalDateTime } from './dates.schemas.js';
import { bulkBody } from './bulk.schemas.js';
import { listQuery } from './list.schemas.js';
import { COMMISSION_STATUSES } from './referrals.js';
import { text } from './text.js';

const uuid = (label: string) => text(label, { max: 36, tooLong: `${label} must be a UUID.` }).uuid(`${label} must be a UUID.`);

export const commissionListQuery = listQuery.omit({ order: true }).extend({
  status: z.enum(COMMISSION_STATUSES, { error: `status must be one of ${COMMISSION_STATUSES.join(', ')}.` }).optional(),
  level: z.coerce.number({ error: 'level must be 1 or 2.' }).int('level must be 1 or 2.').min(1, 'level must be 1 or 2.').max(2, 'level must be 1 or 2.').optional(),
  referrerId: uuid('referrerId').optional(),
  startDate: optionalDateTime('startDate'),
  endDate: optionalDateTime('endDate'),
});
export type CommissionListQuery = z.infer<typeof commissionListQuery>;

/** The caller's own commissions. */
export const ownCommissionQuery = listQuery.pick({ limit: true, offset: true }).extend({
  status: z.enum(COMMISSION_STATUSES, { error: `status must be one of ${COMMISSION_STATUSES.join(', ')}.` }).optional(),
});

export const costStatsQuery = z.object({ startDate: optionalDateTime('startDate'), endDate: optionalDateTime('endDate') });

const RATE_SENTENCE = 'Commission rate must be a fraction from 0 to 1 with at most 6 decimals (0.05 is 5 %).';
export const agentLevelBody = z.object({
  commissionrate: z.number({ error: RATE_SENTENCE }).min(0, RATE_SENTENCE).max(1, RATE_SENTENCE)
    .refine((v) => Math.abs(Math.round(v * 1e6) - v * 1e6) < 1e-6, RATE_SENTENCE),
});
export const agentLevelParams = z.object({ id: z.coerce.number({ error: 'The id must be a level number.' }).int('The id must be a level number.').min(1, 'The id must be a level number.').max(2_147_483_647, 'The id must be a level number.') });

/** Why a commission is rejected: required, kept on the commission and in its audit entry. */
export const rejectReason = text('Reason', { min: 3, max: 500 });
export const rejectCommissionBody = z.object({ reason: rejectReason });

/** Approve or reject the selected commissions; a rejection says why (the same reason on each one). */
export const bulkDecisionBody = bulkBody('commission', ['approve', 'reject']).extend({ reason: rejectReason.optional() })
  .refine((b) => b.action !== 'reject' || b.reason !== undefined, { path: ['reason'], message: 'Reason is required.' });
