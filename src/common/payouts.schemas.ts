/** What the payout routes take. */
import { z } from 'zod';
import { listQuery } from './list.schemas.js';
import { PAYOUT_METHODS, PAYOUT_STATUSES } from './referrals.js';
import { optionalText, text } from './text.js';

const uuid = (label: string) => text(label, { max: 36, tooLong: `${label} must be a UUID.` }).uuid(`${label} must be a UUID.`);
const method = z.enum(PAYOUT_METHODS, { error: `Method must be one of ${PAYOUT_METHODS.join(', ')}.` });

export const payoutBody = z.object({
  recipientId: uuid('Recipient').optional(),
  recipientEmail: text('Recipient email', { max: 254 }).email('Recipient email must be a valid email address.').optional(),
  commissionIds: z.array(uuid('Each commission id'), { error: 'commissionIds must be a list of commission ids.' }).max(1000, 'At most 1000 commissions in one payout.').optional(),
  method: method.default('bank'),
  note: optionalText('Note', 500),
}).refine((b) => !!b.recipientId || !!b.recipientEmail, { message: 'Name the recipient (recipientId or recipientEmail).', path: ['recipientEmail'] });
export type PayoutInput = z.infer<typeof payoutBody>;

export const payoutRequestBody = z.object({ method: method.default('bank') });

export const payoutStatusBody = z.object({
  status: z.enum(['completed', 'failed', 'cancelled'], { error: 'Status must be completed, failed or cancelled.' }),
  reference: optionalText('Reference', 200),
  txHash: optionalText('Transaction hash', 66).refine((v) => v === null || /^0x[0-9a-fA-F]{64}$/.test(v), 'Transaction hash must be 0x and 64 hex digits.'),
  note: optionalText('Note', 500),
});
export type PayoutStatusInput = z.infer<typeof payoutStatusBody>;

export const payoutListQuery = listQuery.omit({ order: true }).extend({
  status: z.enum(PAYOUT_STATUSES, { error: `status must be one of ${PAYOUT_STATUSES.join(', ')}.` }).optional(),
  method: z.enum(PAYOUT_METHODS, { error: `method must be one of ${PAYOUT_METHODS.join(', ')}.` }).optional(),
});
export type PayoutListQuery = z.infer<typeof payoutListQuery>;

/** Pay on chain: the amount the user was shown (wei); a changed rate since then is a 409 instead of a surprise. */
export const payoutOnchainBody = z.object({
  amountWei: text('Amount in wei', { max: 78 }).regex(/^[1-9]\d*$/, 'Amount in wei must be a whole positive number.').optional(),
});
export type PayoutOnchainInput = z.infer<typeof payoutOnchainBody>;
