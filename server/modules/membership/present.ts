import type { Hex } from 'viem';
import type {
  Conversion,
  Member,
  MemberBenefits,
  MemberLevel,
  PointsEntry,
  PointsEntryType,
  Redemption,
  TokenBalance,
} from '../../../src/common/membership.js';
import { memberLevelOf, redemptionStatusOf } from '../../../src/common/membership.js';
import { mintStatusOf } from '../../../src/common/mint.js';
import type { Settings } from '../../../src/common/settings.js';
import { explorerTxUrl } from '../../chain/client.js';
import type { conversions, members, mintJobs, pointsEntries, products, redemptions, users } from '../../db/schema.js';
import { csvColumn, csvColumns, csvExport } from '../../lib/csv.js';
import { displayName } from '../auth/present.js';
import type { LevelRow } from './ledger.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const person = (id: string | null, email: string | null) => (id && email ? { id, email } : null);

export const presentBenefits = (l: LevelRow): MemberBenefits => ({
  discount: l.discountBp / 100_00,
  freeShipping: l.freeShipping,
  prioritySupport: l.prioritySupport,
  exclusiveProducts: l.exclusiveProducts,
});

export const presentLevel = (l: LevelRow): MemberLevel => ({
  name: l.name,
  minPoints: l.minPoints,
  minOrders: l.minOrders,
  ...presentBenefits(l),
  updatedAt: l.updatedAt.toISOString(),
});

export type MemberParts = {
  user: typeof users.$inferSelect;
  member: typeof members.$inferSelect | null;
  levels: LevelRow[];
  paidOrders: number;
  referrals: number;
  settings: Pick<
    Settings,
    'pointsPerCurrencyUnit' | 'pointsPerToken' | 'redemptionPointsPerCurrencyUnit' | 'loyaltyTokenId'
  >;
  balances: { tokenBalances: TokenBalance[]; tokenBalancesError: string | null };
};

/** A user's membership: the stored level and balance, what the next level still needs, and the chain's token balances. */
export function presentMember({
  user,
  member,
  levels,
  paidOrders,
  referrals,
  settings,
  balances,
}: MemberParts): Member {
  const currentLevel = memberLevelOf(member?.level ?? 'BRONZE');
  const lifetimePoints = member?.lifetimePoints ?? 0;
  const current = levels.find((l) => l.name === currentLevel) ?? levels[0]!;
  const next = levels.find((l) => l.rank > current.rank);
  return {
    userId: user.id,
    email: user.email,
    name: displayName(user),
    currentLevel,
    totalPoints: member?.pointsBalance ?? 0,
    lifetimePoints,
    totalOrders: paidOrders,
    totalReferrals: referrals,
    benefits: presentBenefits(current),
    nextLevel: next
      ? {
          name: next.name,
          pointsNeeded: Math.max(0, next.minPoints - lifetimePoints),
          ordersNeeded: Math.max(0, next.minOrders - paidOrders),
        }
      : null,
    walletAddress: user.walletAddress,
    ...balances,
    rates: {
      pointsPerCurrencyUnit: settings.pointsPerCurrencyUnit,
      pointsPerToken: settings.pointsPerToken,
      redemptionPointsPerCurrencyUnit: settings.redemptionPointsPerCurrencyUnit,
      loyaltyTokenId: settings.loyaltyTokenId,
    },
    levelChangedAt: iso(member?.levelChangedAt ?? null),
  };
}

export const presentEntry = (e: typeof pointsEntries.$inferSelect, actorEmail: string | null): PointsEntry => ({
  id: e.id,
  createdAt: e.createdAt.toISOString(),
  type: e.type as PointsEntryType,
  amount: e.amount,
  balanceAfter: e.balanceAfter,
  reason: e.reason,
  orderId: e.orderId,
  redemptionId: e.redemptionId,
  conversionId: e.conversionId,
  actor: person(e.actorId, actorEmail),
});

export type RedemptionParts = {
  r: typeof redemptions.$inferSelect;
  email: string;
  product: Pick<typeof products.$inferSelect, 'id' | 'title' | 'sku' | 'tokenId'> | null;
  deciderEmail: string | null;
};

export const presentRedemption = ({ r, email, product, deciderEmail }: RedemptionParts): Redemption => ({
  id: r.id,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  userId: r.userId,
  email,
  product:
    product && product.id
      ? { id: product.id, title: product.title, sku: product.sku, tokenised: product.tokenId !== null }
      : null,
  quantity: r.quantity,
  pointsUsed: r.pointsUsed,
  status: redemptionStatusOf(r.status),
  orderId: r.orderId,
  note: r.note,
  decidedAt: iso(r.decidedAt),
  decidedBy: person(r.decidedBy, deciderEmail),
});

/** The redemptions list's CSV (GET /api/redemptions/export.csv). */
export const redemptionCsv = csvExport('redemptions', [
  ...csvColumns<Redemption>({ id: 'text', createdAt: 'date', email: 'text' }),
  csvColumn<Redemption>('product', 'text', (r) => r.product?.title ?? null),
  ...csvColumns<Redemption>({
    quantity: 'number',
    pointsUsed: 'number',
    status: 'text',
    orderId: 'text',
    note: 'text',
    decidedAt: 'date',
    updatedAt: 'date',
  }),
  csvColumn<Redemption>('decidedBy', 'text', (r) => r.decidedBy?.email ?? null),
]);

export const presentConversion = (
  c: typeof conversions.$inferSelect,
  job: typeof mintJobs.$inferSelect,
  toToken: string,
): Conversion => ({
  id: c.id,
  createdAt: c.createdAt.toISOString(),
  fromToken: 'POINTS',
  fromAmount: c.fromAmount,
  toToken,
  toAmount: c.toAmount,
  rate: c.rate,
  tokenId: c.tokenId,
  walletAddress: c.walletAddress,
  mintJobId: c.mintJobId,
  status: mintStatusOf(job.status),
  txHash: job.txHash,
  explorerUrl: job.txHash && job.chainId ? explorerTxUrl(job.chainId, job.txHash as Hex) : null,
});
