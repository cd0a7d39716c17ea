import { fromCents } from '../../../src/common/money.js';
import type { Referral } from '../../../src/common/referrals.js';
import type { users } from '../../db/schema.js';
import { csvColumns, csvExport } from '../../lib/csv.js';

type NetworkRow = {
  u: typeof users.$inferSelect;
  referrerEmail: string;
  referrerCode: string | null;
  level2Email: string | null;
  earnings: string | number;
  active: boolean;
};

/** A row of the network: the referred user, their referrer (and the referrer's referrer), what it earned. */
export const presentReferral = (r: NetworkRow): Referral => ({
  id: r.u.id,
  userEmail: r.referrerEmail,
  referredEmail: r.u.email,
  referralCode: r.referrerCode,
  level2Email: r.level2Email,
  totalEarnings: fromCents(Number(r.earnings ?? 0)),
  active: !!r.active,
  createdAt: (r.u.referredAt ?? r.u.createdAt).toISOString(),
});

/** The referral network's CSV (GET /api/referrals/export.csv). */
export const referralCsv = csvExport(
  'referral-network',
  csvColumns<Referral>({
    id: 'text',
    referredEmail: 'text',
    userEmail: 'text',
    referralCode: 'text',
    level2Email: 'text',
    totalEarnings: 'money',
    active: 'bool',
    createdAt: 'date',
  }),
);
