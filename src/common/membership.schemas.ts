/**
 * What the membership and redemption routes take (each field alone: the ladder's rules between levels are in
 * membership.ts) and what they answer.
 */
import { z } from 'zod';
import { answerText, instant, listTotal, nullableInstant, okSuccessWith } from './answers.schemas.js';
import { listQuery, listQueryOf, sortOf } from './list.schemas.js';
import {
  CONVERSION_SORTS,
  LOYALTY_TOKEN,
  MEMBER_LEVELS,
  POINTS_ENTRY_TYPES,
  POINTS_SORTS,
  POINTS_TOKEN,
  REDEMPTION_DECISIONS,
  REDEMPTION_SORTS,
  REDEMPTION_STATUSES,
  type Conversion,
  type Member,
  type MemberBenefits,
  type MemberLevel,
  type PointsEntry,
  type Redemption,
  type TokenBalance,
} from './membership.js';
import { MINT_STATUSES } from './mint.js';
import { optionalText, text } from './text.js';

const MAX_POINTS = 1_000_000_000;

const wholeNumber = (label: string, min: number, max = MAX_POINTS) => {
  const sentence = `${label} must be a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}.`;
  return z.number({ error: sentence }).int(sentence).min(min, sentence).max(max, sentence);
};
const uuid = (label: string) =>
  text(label, { max: 36, tooLong: `${label} must be a UUID.` }).uuid(`${label} must be a UUID.`);
const email = (label: string) => text(label, { max: 254 }).email(`${label} must be a valid email address.`);

const DISCOUNT_SENTENCE = 'Discount must be a fraction from 0 to 1 with at most 4 decimals (0.05 is 5 %).';

/** `/api/membership/levels/{name}`: the level's name, whatever its case. */
export const levelParams = z.object({
  name: text('Level', { max: 20 })
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(MEMBER_LEVELS, { error: `Level must be one of ${MEMBER_LEVELS.join(', ')}.` }))
    .meta({ enum: [...MEMBER_LEVELS], description: 'A level’s name (any case)' }),
});

/** PUT /api/membership/levels/{name}: any of the level's terms. */
export const levelPatch = z
  .object({
    minPoints: wholeNumber('Min points', 0),
    minOrders: wholeNumber('Min orders', 0, 1_000_000),
    discount: z
      .number({ error: DISCOUNT_SENTENCE })
      .min(0, DISCOUNT_SENTENCE)
      .max(1, DISCOUNT_SENTENCE)
      .refine((v) => Math.abs(Math.round(v * 1e4) - v * 1e4) < 1e-6, DISCOUNT_SENTENCE),
    freeShipping: z.boolean({ error: 'Free shipping must be true or false.' }),
    prioritySupport: z.boolean({ error: 'Priority support must be true or false.' }),
    exclusiveProducts: z.boolean({ error: 'Exclusive products must be true or false.' }),
  })
  .partial();
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

/** The three histories: whose, a page of it, and its sort (newest first by default). */
const memberHistoryQuery = listQuery.pick({ limit: true, offset: true, order: true }).extend(memberQuery.shape);
export const pointsHistoryQuery = memberHistoryQuery.extend({ sort: sortOf(POINTS_SORTS, 'createdAt') });
export type PointsHistoryQuery = z.infer<typeof pointsHistoryQuery>;
export const redemptionHistoryQuery = memberHistoryQuery.extend({ sort: sortOf(REDEMPTION_SORTS, 'createdAt') });
export const conversionHistoryQuery = memberHistoryQuery.extend({ sort: sortOf(CONVERSION_SORTS, 'createdAt') });
export type ConversionHistoryQuery = z.infer<typeof conversionHistoryQuery>;

/** POST /api/membership/points/add (staff): a signed amount (negative removes) for a member named by email or id. */
export const addPointsBody = z
  .object({
    amount: wholeNumber('Amount', -MAX_POINTS).refine(
      (v) => v !== 0,
      'Amount cannot be 0: give a positive number to add points or a negative one to remove them.',
    ),
    reason: text('Reason', { max: 500 }),
    email: email('Email').optional(),
    userId: uuid('userId').optional(),
  })
  .refine((b) => !!b.email || !!b.userId, {
    message: 'Say whose points: give the member’s email or userId.',
    path: ['email'],
  });
export type AddPointsInput = z.infer<typeof addPointsBody>;

/** POST /api/membership/tokens/convert: the caller's points into the loyalty token. */
export const convertBody = z.object({
  fromToken: text('From token', { max: 20 })
    .transform((v) => v.toUpperCase())
    .refine((v) => v === POINTS_TOKEN, `From token must be ${POINTS_TOKEN}.`),
  toToken: text('To token', { max: 20 })
    .transform((v) => v.toUpperCase())
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

const count = z.number().int();
const person = z.object({ id: answerText, email: answerText });

const benefitsShape = {
  discount: z.number().describe('A fraction 0–1 of the subtotal after the coupon (0.05 = 5 %)'),
  freeShipping: z.boolean(),
  prioritySupport: z.boolean(),
  exclusiveProducts: z.boolean().describe('May see and buy products kept for this level and lower ones'),
};
const benefitsAnswer = z.object(benefitsShape) satisfies z.ZodType<MemberBenefits>;

/** A level's terms (`MemberLevel`, server/modules/membership/present.ts). */
const memberLevelAnswer = z.object({
  name: z.enum(MEMBER_LEVELS),
  minPoints: count.describe(
    'Points earned (net of reversals and adjustments; spending does not lower it) needed for this level',
  ),
  minOrders: count.describe('Paid orders (not refunded) needed for this level'),
  ...benefitsShape,
  updatedAt: instant,
}) satisfies z.ZodType<MemberLevel>;

export const memberLevelList = okSuccessWith({ levels: z.array(memberLevelAnswer) });
export const memberLevelOne = okSuccessWith({ level: memberLevelAnswer });

const tokenBalanceAnswer = z.object({
  token: answerText.describe('LOYALTY, or the title of the product whose token it is'),
  tokenId: answerText,
  amount: answerText.describe('Whole tokens, as a decimal'),
  value: z.number().nullable().describe('The loyalty token’s worth in points at today’s rate; null for others'),
}) satisfies z.ZodType<TokenBalance>;

/** A user's membership (`Member`): level, points, what the next level needs, and the wallet's token balances. */
const memberAnswer = z.object({
  userId: answerText,
  email: answerText,
  name: answerText,
  currentLevel: z.enum(MEMBER_LEVELS),
  totalPoints: count.describe('The points balance: what may be spent now'),
  lifetimePoints: count.describe('Points earned net of reversals and adjustments: what the level is computed from'),
  totalOrders: count.describe('Paid orders, not refunded'),
  totalReferrals: count,
  benefits: benefitsAnswer,
  nextLevel: z
    .object({ name: z.enum(MEMBER_LEVELS), pointsNeeded: count, ordersNeeded: count })
    .nullable()
    .describe('null at the top level'),
  walletAddress: answerText.nullable().describe('Where converted tokens are minted; null: conversions refused'),
  tokenBalances: z.array(tokenBalanceAnswer),
  tokenBalancesError: answerText
    .nullable()
    .describe('Why token balances could not be read from the chain now (the list is then empty)'),
  rates: z.object({
    pointsPerCurrencyUnit: count,
    pointsPerToken: count,
    redemptionPointsPerCurrencyUnit: count,
    loyaltyTokenId: answerText,
  }),
  levelChangedAt: nullableInstant,
}) satisfies z.ZodType<Member>;

export const memberOne = okSuccessWith({ member: memberAnswer });

const pointsEntryAnswer = z.object({
  id: answerText,
  createdAt: instant,
  type: z.enum(POINTS_ENTRY_TYPES),
  amount: count.describe('Signed: positive adds, negative takes away'),
  balanceAfter: count,
  reason: answerText,
  orderId: answerText.nullable(),
  redemptionId: answerText.nullable(),
  conversionId: answerText.nullable(),
  actor: person.nullable().describe('The staff member who adjusted; null for the system’s own entries'),
}) satisfies z.ZodType<PointsEntry>;

export const pointsPage = okSuccessWith({ points: z.array(pointsEntryAnswer), ...listTotal });
export const pointsAddedAnswer = okSuccessWith({ entry: pointsEntryAnswer, member: memberAnswer });

/** A redemption (`Redemption`, server/modules/membership/present.ts). */
const redemptionAnswer = z.object({
  id: answerText,
  createdAt: instant,
  updatedAt: instant,
  userId: answerText,
  email: answerText,
  product: z
    .object({ id: answerText, title: answerText, sku: answerText, tokenised: z.boolean() })
    .nullable()
    .describe('null when the product was deleted'),
  quantity: count,
  pointsUsed: count,
  status: z.enum(REDEMPTION_STATUSES),
  orderId: answerText.nullable().describe('The zero-price order an approval made'),
  note: answerText.nullable().describe('The staff member’s reason for a rejection, or their note on an approval'),
  decidedAt: nullableInstant,
  decidedBy: person.nullable(),
}) satisfies z.ZodType<Redemption>;

export const redemptionOne = okSuccessWith({ redemption: redemptionAnswer });
export const redemptionPage = okSuccessWith({ redemptions: z.array(redemptionAnswer), ...listTotal });

/** A conversion of points into the loyalty token (`Conversion`). */
const conversionAnswer = z.object({
  id: answerText,
  createdAt: instant,
  fromToken: z.literal(POINTS_TOKEN),
  fromAmount: count.describe('Points spent'),
  toToken: answerText,
  toAmount: answerText.describe('Tokens minted, as a decimal'),
  rate: count.describe('Points per token at the time'),
  tokenId: answerText,
  walletAddress: answerText,
  mintJobId: answerText,
  status: z.enum(MINT_STATUSES).describe('The mint job’s state'),
  txHash: answerText.nullable(),
  explorerUrl: answerText.nullable(),
}) satisfies z.ZodType<Conversion>;

export const conversionPage = okSuccessWith({ conversions: z.array(conversionAnswer), ...listTotal });
export const tokensConvertedAnswer = okSuccessWith({ conversion: conversionAnswer, member: memberAnswer });
