import { fromCents } from '../../../src/common/money.js';
import { payoutStatusOf, type CommissionAdjustment, type Payout, type PayoutMethod } from '../../../src/common/referrals.js';
import type { commissionAdjustments, payouts } from '../../db/schema.js';
import { csvColumns } from '../../lib/csv.js';

export type PayoutRow = typeof payouts.$inferSelect & { recipient: string; recipientName: string | null; commissionCount: number };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The payouts list's CSV (GET /api/payouts/export.csv). */
export const payoutCsv = csvColumns<Payout>({
  id: 'text', recipientId: 'text', recipient: 'text', recipientName: 'text', status: 'text', method: 'text', gross: 'money',
  deducted: 'money', amount: 'money', currency: 'text', commissionCount: 'number', reference: 'text', walletAddress: 'text',
  amountWei: 'decimal', chainId: 'number', txHash: 'text', note: 'text', createdAt: 'date', updatedAt: 'date', completedAt: 'date',
});

export function presentPayout(p: PayoutRow): Payout {
  return {
    id: p.id, recipientId: p.recipientId, recipient: p.recipient, recipientName: p.recipientName,
    gross: fromCents(p.grossCents), deducted: fromCents(p.deductedCents), amount: fromCents(p.amountCents), currency: p.currency,
    status: payoutStatusOf(p.status), method: (p.method === 'crypto' ? 'crypto' : 'bank') as PayoutMethod,
    reference: p.reference, walletAddress: p.walletAddress, amountWei: p.amountWei, chainId: p.chainId, txHash: p.txHash, note: p.note,
    commissionCount: Number(p.commissionCount), createdAt: p.createdAt.toISOString(), updatedAt: p.updatedAt.toISOString(), completedAt: iso(p.completedAt),
  };
}

export const presentAdjustment = (a: typeof commissionAdjustments.$inferSelect & { orderId: string }): CommissionAdjustment =>
  ({ id: a.id, commissionId: a.commissionId, orderId: a.orderId, amount: fromCents(a.amountCents), reason: a.reason, payoutId: a.payoutId, createdAt: a.createdAt.toISOString() });
