import { fromCents } from '../../../src/common/money.js';
import { commissionStatusOf, type AgentLevel, type Commission } from '../../../src/common/referrals.js';
import type { agentLevels, commissions } from '../../db/schema.js';
import { csvColumns, csvExport } from '../../lib/csv.js';
import { approvableAt, heldUntil, ratePpm } from './policy.js';

export type CommissionRow = typeof commissions.$inferSelect & {
  orderTotalCents: number;
  customerEmail: string;
  referrerEmail: string;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The commissions list's CSV (GET /api/commissions/export.csv); the rate a fraction (0.05 is 5 %). */
export const commissionCsv = csvExport(
  'commissions',
  csvColumns<Commission>({
    id: 'text',
    orderId: 'text',
    orderTotal: 'money',
    customerEmail: 'text',
    referrerId: 'text',
    referrerEmail: 'text',
    level: 'number',
    rate: 'number',
    base: 'money',
    originalAmount: 'money',
    amount: 'money',
    currency: 'text',
    status: 'text',
    payoutId: 'text',
    earnedAt: 'date',
    approvableAt: 'date',
    heldUntil: 'date',
    decidedAt: 'date',
    rejectReason: 'text',
    paidAt: 'date',
    createdAt: 'date',
  }),
);

export function presentCommission(c: CommissionRow, holdDays: number, now = new Date()): Commission {
  const approvable = approvableAt(c.earnedAt, holdDays);
  return {
    id: c.id,
    orderId: c.orderId,
    orderTotal: fromCents(c.orderTotalCents),
    customerEmail: c.customerEmail,
    referrerId: c.referrerId,
    referrerEmail: c.referrerEmail,
    level: c.level,
    rate: ratePpm(c.rate) / 1_000_000,
    base: fromCents(c.baseCents),
    originalAmount: fromCents(c.originalCents),
    amount: fromCents(c.amountCents),
    amountCrypto: '0.00000000',
    currency: c.currency,
    status: commissionStatusOf(c.status),
    payoutId: c.payoutId,
    earnedAt: c.earnedAt.toISOString(),
    approvableAt: approvable.toISOString(),
    heldUntil: heldUntil(c, approvable, now)?.toISOString() ?? null,
    decidedAt: iso(c.decidedAt),
    rejectReason: c.rejectReason,
    paidAt: iso(c.paidAt),
    createdAt: c.createdAt.toISOString(),
  };
}

export const presentLevel = (l: typeof agentLevels.$inferSelect): AgentLevel => ({
  id: l.id,
  level: l.level,
  name: l.name,
  commissionrate: ratePpm(l.commissionRate) / 1_000_000,
  updatedAt: l.updatedAt.toISOString(),
});
