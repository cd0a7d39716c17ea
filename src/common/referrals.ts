/**
 * The referral network as both sides see it: referral links and clicks, commissions, agent levels, payouts and
 * affiliates. Money is a
 * number with 2 decimals in the API (integer cents in the database); rates are fractions 0–1.
 */
import { enumReader } from './list.js';

export const COMMISSION_STATUSES = ['pending', 'approved', 'paid', 'rejected', 'reversed'] as const;
/** What the commission history sorts by (createdAt: newest first by default). */
export const COMMISSION_SORTS = ['createdAt', 'amount', 'status'] as const;
/** What the affiliates list sorts by (createdAt: when they joined). */
export const AFFILIATE_SORTS = ['createdAt', 'email'] as const;
/** What the referral network sorts by (createdAt: when the person was referred; referredEmail: theirs). */
export const REFERRAL_SORTS = ['createdAt', 'referredEmail'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];
export const commissionStatusOf = enumReader(COMMISSION_STATUSES, 'pending');

export const PAYOUT_STATUSES = ['pending', 'completed', 'failed', 'cancelled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const payoutStatusOf = enumReader(PAYOUT_STATUSES, 'pending');

export const PAYOUT_METHODS = ['bank', 'crypto'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** A crypto payout's transfer: signed (stored, maybe not sent yet) → sent → mined | reverted | lost (its nonce went to another transaction). */
export const TRANSFER_STATES = ['signed', 'sent', 'mined', 'reverted', 'lost'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

export const REFERRAL_LEVELS = [1, 2] as const;
/** How long the shop keeps a `?ref=` code before it is forgotten. */
export const REFERRAL_CODE_DAYS = 30;

/** POST /api/referrals/link */
export type ReferralLink = { referralCode: string; link: string };

/** GET /api/referrals/stats (the caller's own). */
export type ReferralStats = {
  referralCode: string;
  link: string;
  totalClicks: number;
  uniqueClicks: number;
  /** Attributed buyers ÷ unique visitors, in percent with 2 decimals (0 without visitors). */
  conversionRate: number;
  referredUsers: number;
  totalCommissions: number;
  pendingCommissions: number;
  approvedCommissions: number;
  paidCommissions: number;
  /** Approved and not held by a payout, minus open clawbacks: what a payout request would pay now. */
  availableForPayout: number;
  minimumPayout: number;
  /** Days after payment before a commission may be approved (settings). */
  commissionHoldDays: number;
  currency: string;
  /** Where crypto payouts of the caller's earnings go (PUT /api/referrals/wallet); null: by bank only. */
  payoutWallet: string | null;
};

/** One edge of the network (GET /api/referrals, staff): `referredEmail` was referred by `userEmail`. */
export type Referral = {
  /** The referred user's id. */
  id: string;
  userEmail: string;
  referredEmail: string;
  /** The referrer's code. */
  referralCode: string | null;
  /** Who referred the referrer (the level-2 referrer of the referred user's orders), if anyone. */
  level2Email: string | null;
  /** What the referrer has earned (all non-reversed, non-rejected commissions) from the referred user's orders. */
  totalEarnings: number;
  /** The referred user has at least one paid order. */
  active: boolean;
  createdAt: string;
};

/** A commission (GET /api/commissions, GET /api/referrals/commissions, GET /api/affiliates/{id}/commissions). */
export type Commission = {
  id: string;
  orderId: string;
  /** The order's total, and who bought it (null for a guest's order). */
  orderTotal: number;
  customerEmail: string;
  referrerId: string;
  referrerEmail: string;
  level: number;
  /** The fraction of the base the referrer earns. */
  rate: number;
  /** The order's subtotal after discount, on which the commission is computed. */
  base: number;
  originalAmount: number;
  amount: number;
  /** Native-token amount; 8 decimals, "0.00000000" for fiat commissions. */
  amountCrypto: string;
  currency: string;
  status: CommissionStatus;
  payoutId: string | null;
  earnedAt: string;
  /** From when it may be approved (earnedAt + commissionHoldDays). */
  approvableAt: string;
  /** Until when a pending commission is on hold (its approvableAt, while that is ahead); null when not on hold. */
  heldUntil: string | null;
  decidedAt: string | null;
  /** Why staff rejected it (status rejected), else null. */
  rejectReason: string | null;
  paidAt: string | null;
  createdAt: string;
};

export type CommissionTotals = { count: number; amount: number };

/** GET /api/commissions/stats */
export type CommissionStats = Record<CommissionStatus, CommissionTotals> & {
  total: CommissionTotals;
  currency: string;
};

/** GET /api/commissions/cost-stats */
export type CostStats = {
  totalOrders: number;
  totalRevenue: number;
  totalCommissions: number;
  costRatioPercent: number;
};

/** GET /api/agent-levels */
export type AgentLevel = { id: number; level: number; name: string; commissionrate: number; updatedAt: string };

/** A clawback a payout deducts (negative amount). */
export type CommissionAdjustment = {
  id: string;
  commissionId: string;
  orderId: string;
  amount: number;
  reason: string;
  payoutId: string | null;
  createdAt: string;
};

export type Payout = {
  id: string;
  recipientId: string;
  recipient: string;
  recipientName: string | null;
  /** Commissions held or paid (gross), clawbacks deducted, and the net amount paid. */
  gross: number;
  deducted: number;
  amount: number;
  currency: string;
  status: PayoutStatus;
  method: PayoutMethod;
  reference: string | null;
  walletAddress: string | null;
  amountWei: string | null;
  /** amountWei in tokens (18 decimals, trailing zeros dropped). */
  tokenAmount: string | null;
  /** Tokens sent for 1.00 of the currency, kept from when the transfer was signed. */
  tokenRate: string | null;
  chainId: number | null;
  txHash: string | null;
  transferState: TransferState | null;
  transferError: string | null;
  blockNumber: number | null;
  /** The recipient's payout wallet now (Pay on chain sends there when the payout names none). */
  recipientWallet: string | null;
  note: string | null;
  commissionCount: number;
  /** Who created it (staff, or the recipient asking), and the second member of staff who approved it (dual control). */
  createdBy: string | null;
  createdByEmail: string | null;
  approvedBy: string | null;
  approvedByEmail: string | null;
  approvedAt: string | null;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
};

export type PayoutDetail = Payout & {
  commissions: Commission[];
  adjustments: CommissionAdjustment[];
  /** Pending above the dual control threshold and not approved: a second member of staff must approve it before it is paid. */
  approvalRequired: boolean;
};

/** GET /api/payouts/{id}/onchain-quote: what Pay on chain would send, shown before it is confirmed. */
export type OnchainQuote = {
  payoutId: string;
  amount: number;
  currency: string;
  walletAddress: string;
  chainId: number;
  /** The platform wallet that sends, and what it holds (tokens). */
  sender: string;
  senderBalance: string;
  rate: string;
  amountWei: string;
  tokenAmount: string;
  symbol: string;
};

/** A user with a referral or an earning (GET /api/affiliates). */
export type Affiliate = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  name: string | null;
  email: string;
  referralCode: string | null;
  referredCount: number;
  totalEarnings: number;
  createdAt: string;
};

/** Someone an affiliate referred, as the affiliate's page lists them. */
export type AffiliateReferral = {
  id: string;
  email: string;
  name: string | null;
  referredAt: string | null;
  /** They have a paid order. */
  active: boolean;
};

/** GET /api/affiliates/{id}: the affiliate, their clicks and commissions by status, and the newest people they referred. */
export type AffiliateDetail = Affiliate & {
  totalClicks: number;
  uniqueClicks: number;
  conversionRate: number;
  pendingCommissions: number;
  approvedCommissions: number;
  paidCommissions: number;
  referred: AffiliateReferral[];
};
