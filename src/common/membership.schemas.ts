/** What the membership and redemption routes take: each field alone (the ladder's rules between levels are in membership.ts). */
import { z } from 'zod';
import { listQuery, listQueryOf } from './list.schemas.js';
import { LOYALTY_TOKEN, MEMBER_LEVELS, POINTS_TOKEN, REDEMPTION_DECISIONS, REDEMPTION_SORTS, REDEMPTION_STATUSES } from './membership.js';
import { optionalText, text } from './text.js';

const MAX_POINTS = 1_000_000_000;

const wholeNumber = (label: string, min: number, max = MAX_POINTS) => {
  const sentence = `${label} must be a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}.`;
  return z.number({ error: sentence }).int(sentence).min(min, sentence).max(max, sentence);
};
const uuid = (label: string) => text(label, { max: 36, tooLong: `${label} must be a UUID.` }).uuid(`${label} must be a UUID.`);
const email = (label: string) => text(label, { max: 254 }).email(`${label} must be a valid email address.`);

const DISCOUNT_SENTENCE = 'Discount must be a fraction from 0 to 1 with at most 4 decimals (0.05 is 5 %).';

/** `/api/membership/levels/{name}`: the level's name, whatever its case. */
export const levelParams = z.object({
  name: text('Level', { max: 20 }).transform((v) => v.toUpperCase())
    .pipe(z.enum(MEMBER_LEVELS, { error: `Level must be one of ${MEMBER_LEVELS.join(', ')}.` }))
    .meta({ enum: [...MEMBER_LEVELS], description: 'A level’s name (any case)' }),
});

/** PUT /api/membership/levels/{name}: any of the level's terms. */
export const levelPatch = z.object({
  minPoints: wholeNumber('Min points', 0),
  minOrders: wholeNumber('Min orders', 0, 1_000_000),
  discount: z.number({ error: DISCOUNT_SENTENCE }).min(0, DISCOUNT_SENTENCE).max(1, DISCOUNT_SENTENCE)
    .refine((v) => Math.abs(Math.round(v * 1e4) - v * 1e4) < 1e-6, DISCOUNT_SENTENCE),
  freeShipping: z.boolean({ error: 'Free shipping must be true or false.' }),
  prioritySupport: z.boolean({ error: 'Priority support must be true or false.' }),
  exclusiveProducts: z.boolean({ error: 'Exclusive products must be true or false.' }),
}).partial();
export type LevelPatch = z.infer<typeof levelPatch>;

/**
 * Whose membership a call is about: the caller's own unless staff name someone by `email` or `userId`
 * (a shopper naming anyone but themselves is refused).
 */
export const memberQuery = z.object({
  email: email('Email').optional(),
  userId: uuid('userId').optional(),
});
export type MemberQuery = z.infer<typeof memberQuery>;

/** The three histories: whose, and a page of it (newest first). */
export const memberHistoryQuery = listQuery.pick({ limit: true, offset: true }).extend(memberQuery.shape);
export type MemberHistoryQuery = z.infer<typeof memberHistoryQuery>;

/** POST /api/membership/points/add (staff): a signed amount (negative removes) for a member named by email or id. */
export const addPointsBody = z.object({
  amount: wholeNumber('Amount', -MAX_POINTS).refine((v) => v !== 0, 'Amount cannot be 0: give a positive number to add points or a negative one to remove them.'),
  reason: text('Reason', { max: 500 }),
  email: email('Email').optional(),
  userId: uuid('userId').optional(),
}).refine((b) => !!b.email || !!b.userId, { message: 'Say whose points: give the member’s email or userId.', path: ['email'] });
export type AddPointsInput = z.infer<typeof addPointsBody>;

/** POST /api/membership/tokens/convert: the caller's points into the loyalty token. */
export const convertBody = z.object({
  fromToken: text('From token', { max: 20 }).transform((v) => v.toUpperCase())
    .refine((v) => v === POINTS_TOKEN, `From token must be ${POINTS_TOKEN}.`),
  toToken: text('To token', { max: 20 }).transform((v) => v.toUpperCase())
    .refine((v) => v === LOYALTY_TOKEN, `To token must be ${LOYALTY_TOKEN} (the platform’s loyalty token).`),
  amount: wholeNumber('Amount', 1),
});
export type ConvertInput = z.infer<typeof convertBody>;

/** POST /api/redemptions: the caller spends points on a product. */
export const redemptionBody = z.object({
  productId: uuid('Product'),
  quantity: wholeNumber('Quantity', 1, 1_000),
});
export type RedemptionInput = z.infer<typeof redemptionBody>;

/** PUT /api/redemptions/{id}/status (staff). */
export const redemptionStatusBody = z.object({
  status: z.enum(REDEMPTION_DECISIONS, { error: `Status must be ${REDEMPTION_DECISIONS.join(' or ')}.` }),
  note: optionalText('Note', 500),
});
export type RedemptionStatusInput = z.infer<typeof redemptionStatusBody>;

/** GET /api/redemptions (staff) and its CSV: the list query, a status filter, and one member's by `userId`. */
export const redemptionListQuery = listQueryOf(REDEMPTION_STATUSES, REDEMPTION_SORTS, 'createdAt').extend({
  userId: uuid('userId').optional(),
});
export type RedemptionListQuery = z.infer<typeof redemptionListQuery>;
