import { fromCents } from '../../../src/common/money.js';
import type { Affiliate, AffiliateDetail } from '../../../src/common/referrals.js';
import type { users } from '../../db/schema.js';
import { csvColumns, csvExport } from '../../lib/csv.js';

/** A user as an affiliate: who they are, how many they referred and what they earned (all but rejected and reversed). */
export const presentAffiliate = ({
  u,
  referred,
  earned,
}: {
  u: typeof users.$inferSelect;
  referred: string | number;
  earned: string | number;
}): Affiliate => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  name: u.name,
  email: u.email,
  referralCode: u.referralCode,
  referredCount: Number(referred),
  totalEarnings: fromCents(Number(earned)),
  createdAt: u.createdAt.toISOString(),
});

/** The affiliate's page: the list's row, then clicks, conversion, commissions by status (cents by status) and whom they referred. */
export const presentAffiliateDetail = (
  row: Parameters<typeof presentAffiliate>[0],
  more: {
    clicks: number;
    uniqueClicks: number;
    conversionRate: number;
    cents: Record<string, number>;
    referred: { id: string; email: string; name: string | null; referredAt: Date | null; active: boolean }[];
  },
): AffiliateDetail => ({
  ...presentAffiliate(row),
  totalClicks: more.clicks,
  uniqueClicks: more.uniqueClicks,
  conversionRate: more.conversionRate,
  pendingCommissions: fromCents(more.cents.pending ?? 0),
  approvedCommissions: fromCents(more.cents.approved ?? 0),
  paidCommissions: fromCents(more.cents.paid ?? 0),
  referred: more.referred.map((r) => ({ ...r, referredAt: r.referredAt?.toISOString() ?? null })),
});

/** The affiliates list's CSV (GET /api/affiliates/export.csv). */
export const affiliateCsv = csvExport(
  'affiliates',
  csvColumns<Affiliate>({
    id: 'text',
    email: 'text',
    name: 'text',
    firstName: 'text',
    lastName: 'text',
    referralCode: 'text',
    referredCount: 'number',
    totalEarnings: 'money',
    createdAt: 'date',
  }),
);
