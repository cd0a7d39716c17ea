import { fromCents } from '../../../src/common/money.js';
import type { Affiliate } from '../../../src/common/referrals.js';
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
