import { formatEther } from 'viem';
import { fromCents } from '../../../src/common/money.js';
import {
  TRANSFER_STATES,
  payoutStatusOf,
  type TransferState,
  type CommissionAdjustment,
  type Payout,
  type PayoutMethod,
} from '../../../src/common/referrals.js';
import type { commissionAdjustments, payouts } from '../../db/schema.js';
import { csvColumns, csvExport } from '../../lib/csv.js';

export type PayoutRow = typeof payouts.$inferSelect & {
  recipient: string;
  recipientName: string | null;
  recipientWallet: string | null;
  commissionCount: number;
  createdByEmail: string | null;
  approvedByEmail: string | null;
};

/** "0.000400000000000000" → "0.0004". */
export const trimDecimal = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The payouts list's CSV (GET /api/payouts/export.csv). */
export const payoutCsv = csvExport(
  'payouts',
  csvColumns<Payout>({
    id: 'text',
    recipientId: 'text',
    recipient: 'text',
    recipientName: 'text',
    status: 'text',
    method: 'text',
    gross: 'money',
    deducted: 'money',
    amount: 'money',
    currency: 'text',
    commissionCount: 'number',
    reference: 'text',
    walletAddress: 'text',
    amountWei: 'decimal',
    chainId: 'number',
    txHash: 'text',
    note: 'text',
    createdByEmail: 'text',
    approvedByEmail: 'text',
    approvedAt: 'date',
    createdAt: 'date',
    updatedAt: 'date',
    completedAt: 'date',
  }),
);

export function presentPayout(p: PayoutRow): Payout {
  return {
    id: p.id,
    recipientId: p.recipientId,
    recipient: p.recipient,
    recipientName: p.recipientName,
    gross: fromCents(p.grossCents),
    deducted: fromCents(p.deductedCents),
    amount: fromCents(p.amountCents),
    currency: p.currency,
    status: payoutStatusOf(p.status),
    method: (p.method === 'crypto' ? 'crypto' : 'bank') as PayoutMethod,
    reference: p.reference,
    walletAddress: p.walletAddress,
    amountWei: p.amountWei,
    chainId: p.chainId,
    txHash: p.txHash,
    note: p.note,
    tokenAmount: p.amountWei ? formatEther(BigInt(p.amountWei)) : null,
    tokenRate: p.tokenRate ? trimDecimal(p.tokenRate) : null,
    transferState: (TRANSFER_STATES as readonly string[]).includes(p.transferState ?? '')
      ? (p.transferState as TransferState)
      : null,
    transferError: p.transferError,
    blockNumber: p.blockNumber,
    recipientWallet: p.recipientWallet,
    commissionCount: Number(p.commissionCount),
    createdBy: p.requestedBy,
    createdByEmail: p.createdByEmail,
    approvedBy: p.approvedBy,
    approvedByEmail: p.approvedByEmail,
    approvedAt: iso(p.approvedAt),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    completedAt: iso(p.completedAt),
  };
}

export const presentAdjustment = (
  a: typeof commissionAdjustments.$inferSelect & { orderId: string },
): CommissionAdjustment => ({
  id: a.id,
  commissionId: a.commissionId,
  orderId: a.orderId,
  amount: fromCents(a.amountCents),
  reason: a.reason,
  payoutId: a.payoutId,
  createdAt: a.createdAt.toISOString(),
});
