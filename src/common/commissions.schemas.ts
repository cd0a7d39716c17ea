/** What the commission and agent-level routes take and answer. */
import { z } from 'zod';
import { answerText, bulkAnswer, instant, listTotal, nullableInstant, okWith } from './answers.schemas.js';
import { optionalDateTime } from './dates.schemas.js';
import { bulkBody } from './bulk.schemas.js';
import { listQuery, sortOf } from './list.schemas.js';
import {
  COMMISSION_SORTS,
  COMMISSION_STATUSES,
  type AgentLevel,
  type Commission,
  type CommissionStats,
  type CommissionTotals,
  type CostStats,
} from './referrals.js';
import { text } from './text.js';

const uuid = (label: string) =>
  text(label, { max: 36, tooLong: `${label} must be a UUID.` }).uuid(`${label} must be a UUID.`);

export const commissionListQuery = listQuery.extend({
  sort: sortOf(COMMISSION_SORTS, 'createdAt'),
  status: z.enum(COMMISSION_STATUSES, { error: `status must be one of ${COMMISSION_STATUSES.join(', ')}.` }).optional(),
  level: z.coerce
    .number({ error: 'level must be 1 or 2.' })
    .int('level must be 1 or 2.')
    .min(1, 'level must be 1 or 2.')
    .max(2, 'level must be 1 or 2.')
    .optional(),
  referrerId: uuid('referrerId').optional(),
  startDate: optionalDateTime('startDate'),
  endDate: optionalDateTime('endDate'),
});
export type CommissionListQuery = z.infer<typeof commissionListQuery>;

/** The caller's own commissions. */
export const ownCommissionQuery = listQuery.pick({ limit: true, offset: true }).extend({
  status: z.enum(COMMISSION_STATUSES, { error: `status must be one of ${COMMISSION_STATUSES.join(', ')}.` }).optional(),
});

export const costStatsQuery = z.object({
  startDate: optionalDateTime('startDate'),
  endDate: optionalDateTime('endDate'),
});

const RATE_SENTENCE = 'Commission rate must be a fraction from 0 to 1 with at most 6 decimals (0.05 is 5 %).';
export const agentLevelBody = z.object({
  commissionrate: z
    .number({ error: RATE_SENTENCE })
    .min(0, RATE_SENTENCE)
    .max(1, RATE_SENTENCE)
    .refine((v) => Math.abs(Math.round(v * 1e6) - v * 1e6) < 1e-6, RATE_SENTENCE),
});
export const agentLevelParams = z.object({
  id: z.coerce
    .number({ error: 'The id must be a level number.' })
    .int('The id must be a level number.')
    .min(1, 'The id must be a level number.')
    .max(2_147_483_647, 'The id must be a level number.'),
});

/** Why a commission is rejected: required, kept on the commission and in its audit entry. */
export const rejectReason = text('Reason', { min: 3, max: 500 });
export const rejectCommissionBody = z.object({ reason: rejectReason });

/** Approve or reject the selected commissions; a rejection says why (the same reason on each one). */
export const bulkDecisionBody = bulkBody('commission', ['approve', 'reject'])
  .extend({ reason: rejectReason.optional() })
  .refine((b) => b.action !== 'reject' || b.reason !== undefined, { path: ['reason'], message: 'Reason is required.' });

const count = z.number().int();

/** A referral level as the API answers it (`AgentLevel`, server/modules/commissions/present.ts). */
export const agentLevelAnswer = z.object({
  id: count,
  level: count,
  name: answerText,
  commissionrate: z.number().describe('A fraction 0–1 (0.05 is 5 %)'),
  updatedAt: instant,
}) satisfies z.ZodType<AgentLevel>;

export const agentLevelOne = okWith({ level: agentLevelAnswer });
export const agentLevelList = okWith({ levels: z.array(agentLevelAnswer) });

/** A commission as the API answers it (`Commission`, server/modules/commissions/present.ts). */
export const commissionAnswer = z.object({
  id: answerText,
  orderId: answerText,
  orderTotal: z.number(),
  customerEmail: answerText,
  referrerId: answerText,
  referrerEmail: answerText,
  level: count.describe('1: the buyer’s referrer; 2: that referrer’s referrer'),
  rate: z.number().describe('The fraction of the base the referrer earns (0.05 is 5 %)'),
  base: z.number().describe('The order’s subtotal after discount, on which the commission is computed'),
  originalAmount: z.number(),
  amount: z.number(),
  amountCrypto: answerText.describe('Native-token amount, 8 decimals; "0.00000000" for a fiat commission'),
  currency: answerText,
  status: z.enum(COMMISSION_STATUSES),
  payoutId: answerText.nullable(),
  earnedAt: instant,
  approvableAt: instant.describe('From when it may be approved: earnedAt plus the commission hold days'),
  heldUntil: nullableInstant.describe(
    'A pending commission on hold: until when (its approvableAt, while that is ahead); null when not on hold',
  ),
  decidedAt: nullableInstant,
  rejectReason: answerText.nullable().describe('Why staff rejected it (status rejected), else null'),
  paidAt: nullableInstant,
  createdAt: instant,
}) satisfies z.ZodType<Commission>;

export const commissionOne = okWith({ commission: commissionAnswer });

const commissionTotals = z.object({ count, amount: z.number() }) satisfies z.ZodType<CommissionTotals>;
export const commissionPage = okWith({
  commissions: z.array(commissionAnswer),
  ...listTotal,
  totals: commissionTotals.describe('The count and amount of every commission the filter matches'),
});

export const commissionStatsAnswer = okWith({
  stats: z.object({
    pending: commissionTotals,
    approved: commissionTotals,
    paid: commissionTotals,
    rejected: commissionTotals,
    reversed: commissionTotals,
    total: commissionTotals.describe('Every status but rejected and reversed'),
    currency: answerText,
  }) satisfies z.ZodType<CommissionStats>,
});

const costStatsFigures = z.object({
  totalOrders: count,
  totalRevenue: z
    .number()
    .describe('Revenue in the window: payments received less refunds made, as the reports count it'),
  totalCommissions: z.number(),
  costRatioPercent: z.number(),
}) satisfies z.ZodType<CostStats>;
export const costStatsAnswer = okWith({
  stats: costStatsFigures,
  costStats: costStatsFigures.describe('The same figures as `stats`'),
});

/** A bulk decision's answer: each commission's outcome, and how many were approved or rejected. */
export const commissionBulkAnswer = bulkAnswer.extend({ approved: count, rejected: count });
