/**
 * Membership as both sides see it: the levels BRONZE → DIAMOND, the points ledger, redemptions and conversions of
 * points into the loyalty token (PRODUCT.md, Screens: Membership). Request schemas: membership.schemas.ts. Discounts are fractions 0–1 (as agent-level rates are);
 * points are whole numbers; token amounts are decimal strings (the chain's uint256).
 */
import { enumReader } from './list.js';
import type { MintStatus } from './mint.js';

/** The order of the levels, lowest first. Every member starts at BRONZE. */
export const MEMBER_LEVELS = ['BRONZE', 'SILVER', 'GOLD', 'PLATINUM', 'DIAMOND'] as const;
export type MemberLevelName = (typeof MEMBER_LEVELS)[number];
export const memberLevelOf = enumReader(MEMBER_LEVELS, 'BRONZE');
export const isMemberLevel = (value: unknown): value is MemberLevelName =>
  (MEMBER_LEVELS as readonly unknown[]).includes(value);

/** 0 for BRONZE … 4 for DIAMOND; -1 for no level (an anonymous visitor). */
export const levelRank = (level: MemberLevelName | null | undefined) => (level ? MEMBER_LEVELS.indexOf(level) : -1);

/**
 * Whether a buyer may see and buy a product kept for members of `minimum` and above (null: everyone): a member whose
 * level is at least that high and whose level's benefits include exclusive products. Anonymous visitors (null) may not.
 */
export const mayBuyExclusive = (
  member: { level: MemberLevelName; exclusiveProducts: boolean } | null | undefined,
  minimum: string | null | undefined,
) => !minimum || (!!member && member.exclusiveProducts && levelRank(member.level) >= levelRank(memberLevelOf(minimum)));

/** Why a ledger entry was written: earned on a paid order, reversed by its refund, adjusted by staff, spent on a
 * redemption, returned by a rejected redemption, converted into the loyalty token. */
export const POINTS_ENTRY_TYPES = ['EARNED', 'REVERSED', 'ADJUSTED', 'REDEEMED', 'RETURNED', 'CONVERTED'] as const;
export type PointsEntryType = (typeof POINTS_ENTRY_TYPES)[number];

/** A redemption's life (PRODUCT.md, Lifecycles): PENDING → APPROVED | REJECTED (points returned); nothing else moves. */
export const REDEMPTION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];
export const redemptionStatusOf = enumReader(REDEMPTION_STATUSES, 'PENDING');
export const REDEMPTION_DECISIONS = ['APPROVED', 'REJECTED'] as const;
export type RedemptionDecision = (typeof REDEMPTION_DECISIONS)[number];
export const REDEMPTION_SORTS = ['createdAt', 'pointsUsed', 'quantity'] as const;
/** What a member's points history and conversions sort by (createdAt, newest first, by default). */
export const POINTS_SORTS = ['createdAt', 'type', 'amount'] as const;
export const CONVERSION_SORTS = ['createdAt', 'amount'] as const;

/** Whether a redemption may move from `from` to `to` (only a PENDING one is decided). */
export const canMoveRedemption = (from: string, to: string) =>
  from === 'PENDING' && (REDEMPTION_DECISIONS as readonly string[]).includes(to);

/** What a conversion spends (the API's `fromToken: 'POINTS'`) and the loyalty token's name in the API. */
export const POINTS_TOKEN = 'POINTS';
export const LOYALTY_TOKEN = 'LOYALTY';

/** A level's benefits, as the member's card shows them. */
export type MemberBenefits = {
  /** A fraction 0–1 of the subtotal after the coupon (0.05 = 5 %). */
  discount: number;
  freeShipping: boolean;
  prioritySupport: boolean;
  /** May see and buy products kept for this level (and lower ones). */
  exclusiveProducts: boolean;
};

/** GET /api/membership/levels: { ok, success, levels }. PUT /api/membership/levels/{name}: { ok, success, level }. */
export type MemberLevel = MemberBenefits & {
  name: MemberLevelName;
  /** Points earned (net of reversals and staff adjustments; spending does not lower it) needed for this level. */
  minPoints: number;
  /** Paid orders (not refunded) needed for this level. */
  minOrders: number;
  updatedAt: string;
};

/** One token the member's wallet holds, read from the chain (balanceOf), never from a table. */
export type TokenBalance = {
  /** LOYALTY, or the title of the product whose token it is. */
  token: string;
  /** The ERC-1155 id on the platform's contract. */
  tokenId: string;
  /** Whole tokens, as a decimal string. */
  amount: string;
  /** For the loyalty token, what it is worth in points at today's rate (amount × pointsPerToken); null for others. */
  value: number | null;
};

/** GET /api/membership/info: { ok, success, member }. */
export type Member = {
  userId: string;
  email: string;
  name: string;
  currentLevel: MemberLevelName;
  /** The points balance: what may be spent now. */
  totalPoints: number;
  /** Points earned net of reversals and staff adjustments (what the level is computed from). */
  lifetimePoints: number;
  /** Paid orders, not refunded. */
  totalOrders: number;
  /** Users this member referred. */
  totalReferrals: number;
  benefits: MemberBenefits;
  /** The next level and what is still missing for it; null at DIAMOND. */
  nextLevel: { name: MemberLevelName; pointsNeeded: number; ordersNeeded: number } | null;
  /** Where converted tokens are minted (the account's wallet, PUT /api/referrals/wallet); null: conversions refused. */
  walletAddress: string | null;
  tokenBalances: TokenBalance[];
  /** Why token balances could not be read from the chain now (the list is then empty); null when they were. */
  tokenBalancesError: string | null;
  /** The rates of the settings, so the card can say what a purchase earns and a conversion gives. */
  rates: {
    pointsPerCurrencyUnit: number;
    pointsPerToken: number;
    redemptionPointsPerCurrencyUnit: number;
    loyaltyTokenId: string;
  };
  levelChangedAt: string | null;
};

/** GET /api/membership/points/history: { ok, success, points, total }. Newest first. */
export type PointsEntry = {
  id: string;
  createdAt: string;
  type: PointsEntryType;
  /** Signed: positive adds, negative takes away. */
  amount: number;
  balanceAfter: number;
  reason: string;
  orderId: string | null;
  redemptionId: string | null;
  conversionId: string | null;
  /** The staff member who adjusted; null for the system's own entries. */
  actor: { id: string; email: string } | null;
};

/** GET /api/redemptions: { ok, redemptions, total, totalIsEstimate }; GET /api/redemptions/{id}: { ok, success, redemption }. */
export type Redemption = {
  id: string;
  createdAt: string;
  updatedAt: string;
  userId: string;
  email: string;
  /** null when the product was deleted (the screen shows "Unknown Product"). */
  product: { id: string; title: string; sku: string; tokenised: boolean } | null;
  quantity: number;
  pointsUsed: number;
  status: RedemptionStatus;
  /** The zero-price order an approval made, fulfilled like any other. */
  orderId: string | null;
  /** The staff member's reason for a rejection, or their note on an approval. */
  note: string | null;
  decidedAt: string | null;
  decidedBy: { id: string; email: string } | null;
};

/** GET /api/membership/conversions/history: { ok, success, conversions, total }. */
export type Conversion = {
  id: string;
  createdAt: string;
  fromToken: typeof POINTS_TOKEN;
  /** Points spent. */
  fromAmount: number;
  toToken: string;
  /** Tokens minted, as a decimal string. */
  toAmount: string;
  /** Points per token at the time. */
  rate: number;
  tokenId: string;
  walletAddress: string;
  mintJobId: string;
  /** The mint job's state: queued → processing → succeeded | failed. */
  status: MintStatus;
  txHash: string | null;
  explorerUrl: string | null;
};

/** POST /api/membership/points/add: { ok, success, entry, member } (member without token balances read). */
export type PointsAdded = { entry: PointsEntry; member: Member };
/** POST /api/membership/tokens/convert: 201 { ok, success, conversion, member }. */
export type TokensConverted = { conversion: Conversion; member: Member };

/** A broken rule of the ladder, as a message code of errors-catalogue.ts and its params. */
export type LadderProblem = {
  code: 'level_first_zero' | 'level_points_not_rising' | 'level_orders_falling';
  params: Record<string, string | number>;
};

/** What `levels` must satisfy, in order BRONZE → DIAMOND: the problem of each level name that breaks it (empty: sound). */
export function levelLadderProblems(
  levels: readonly Pick<MemberLevel, 'name' | 'minPoints' | 'minOrders'>[],
): Partial<Record<MemberLevelName, LadderProblem>> {
  const problems: Partial<Record<MemberLevelName, LadderProblem>> = {};
  const sorted = [...levels].sort((a, b) => levelRank(a.name) - levelRank(b.name));
  sorted.forEach((level, i) => {
    if (i === 0) {
      if (level.minPoints !== 0 || level.minOrders !== 0)
        problems[level.name] = { code: 'level_first_zero', params: { name: level.name } };
      return;
    }
    const below = sorted[i - 1]!;
    if (level.minPoints <= below.minPoints)
      problems[level.name] = {
        code: 'level_points_not_rising',
        params: { name: level.name, below: below.name, points: below.minPoints },
      };
    else if (level.minOrders < below.minOrders)
      problems[level.name] = {
        code: 'level_orders_falling',
        params: { name: level.name, below: below.name, orders: below.minOrders },
      };
  });
  return problems;
}

/** The highest level whose minimum points and orders are both met (BRONZE when none is). */
export function levelFor(
  levels: readonly Pick<MemberLevel, 'name' | 'minPoints' | 'minOrders'>[],
  points: number,
  orders: number,
): MemberLevelName {
  let best: MemberLevelName = 'BRONZE';
  for (const level of levels) {
    if (points >= level.minPoints && orders >= level.minOrders && levelRank(level.name) > levelRank(best))
      best = level.name;
  }
  return best;
}
