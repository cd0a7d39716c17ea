/** What the payout routes take and answer. */
import { z } from 'zod';
import { answerText, instant, listTotal, nullableInstant, okWith } from './answers.schemas.js';
import { commissionAnswer } from './commissions.schemas.js';
import { listQuery } from './list.schemas.js';
import {
  PAYOUT_METHODS,
  PAYOUT_STATUSES,
  TRANSFER_STATES,
  type CommissionAdjustment,
  type OnchainQuote,
  type Payout,
  type PayoutDetail,
} from './referrals.js';
import { optionalText, text } from './text.js';

const uuid = (label: string) =>
  text(label, { max: 36, tooLong: `${label} must be a UUID.` }).uuid(`${label} must be a UUID.`);
const method = z.enum(PAYOUT_METHODS, { error: `Method must be one of ${PAYOUT_METHODS.join(', ')}.` });

export const payoutBody = z
  .object({
    recipientId: uuid('Recipient').optional(),
    recipientEmail: text('Recipient email', { max: 254 })
      .email('Recipient email must be a valid email address.')
      .optional(),
    commissionIds: z
      .array(uuid('Each commission id'), { error: 'commissionIds must be a list of commission ids.' })
      .max(1000, 'At most 1000 commissions in one payout.')
      .optional(),
    method: method.default('bank'),
    note: optionalText('Note', 500),
  })
  .refine((b) => !!b.recipientId || !!b.recipientEmail, {
    message: 'Name the recipient (recipientId or recipientEmail).',
    path: ['recipientEmail'],
  });
export type PayoutInput = z.infer<typeof payoutBody>;

export const payoutRequestBody = z.object({ method: method.default('bank') });

export const payoutStatusBody = z.object({
  status: z.enum(['completed', 'failed', 'cancelled'], { error: 'Status must be completed, failed or cancelled.' }),
  reference: optionalText('Reference', 200),
  txHash: optionalText('Transaction hash', 66).refine(
    (v) => v === null || /^0x[0-9a-fA-F]{64}$/.test(v),
    'Transaction hash must be 0x and 64 hex digits.',
  ),
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
  amountWei: text('Amount in wei', { max: 78 })
    .regex(/^[1-9]\d*$/, 'Amount in wei must be a whole positive number.')
    .optional(),
});
export type PayoutOnchainInput = z.infer<typeof payoutOnchainBody>;

const count = z.number().int();

/** A payout as the API answers it (`Payout`, server/modules/payouts/present.ts). */
export const payoutAnswer = z.object({
  id: answerText,
  recipientId: answerText,
  recipient: answerText.describe('The recipient’s email'),
  recipientName: answerText.nullable(),
  gross: z.number().describe('The commissions it holds or paid'),
  deducted: z.number().describe('The clawbacks it deducts'),
  amount: z.number().describe('What is paid: gross less deducted'),
  currency: answerText,
  status: z.enum(PAYOUT_STATUSES),
  method: z.enum(PAYOUT_METHODS),
  reference: answerText.nullable(),
  walletAddress: answerText.nullable(),
  amountWei: answerText.nullable(),
  tokenAmount: answerText.nullable().describe('amountWei in tokens (18 decimals, trailing zeros dropped)'),
  tokenRate: answerText
    .nullable()
    .describe('Tokens sent for 1.00 of the currency, kept from when the transfer was signed'),
  chainId: count.nullable(),
  txHash: answerText.nullable(),
  transferState: z.enum(TRANSFER_STATES).nullable(),
  transferError: answerText.nullable(),
  blockNumber: count.nullable(),
  recipientWallet: answerText
    .nullable()
    .describe('The recipient’s payout wallet now (Pay on chain sends there when the payout names none)'),
  note: answerText.nullable(),
  commissionCount: count,
  createdBy: answerText.nullable().describe('Who created it: staff, or the recipient asking'),
  createdByEmail: answerText.nullable(),
  approvedBy: answerText.nullable().describe('The second member of staff who approved it (dual control)'),
  approvedByEmail: answerText.nullable(),
  approvedAt: nullableInstant,
  createdAt: instant,
  updatedAt: instant,
  completedAt: nullableInstant,
}) satisfies z.ZodType<Payout>;

/** A clawback a payout deducts (`CommissionAdjustment`). */
const adjustmentAnswer = z.object({
  id: answerText,
  commissionId: answerText,
  orderId: answerText,
  amount: z.number().describe('Negative: what is taken back'),
  reason: answerText,
  payoutId: answerText.nullable(),
  createdAt: instant,
}) satisfies z.ZodType<CommissionAdjustment>;

export const payoutDetailAnswer = payoutAnswer.extend({
  commissions: z.array(commissionAnswer),
  adjustments: z.array(adjustmentAnswer),
  approvalRequired: z
    .boolean()
    .describe(
      'Pending above the dual control threshold and not approved: someone other than its creator and recipient approves it before it is completed or paid on chain',
    ),
}) satisfies z.ZodType<PayoutDetail>;

export const payoutOne = okWith({ payout: payoutAnswer });
export const payoutDetailOne = okWith({ payout: payoutDetailAnswer });
export const payoutPage = okWith({
  payouts: z.array(payoutAnswer),
  ...listTotal,
  counts: z
    .object({ pending: count, completed: count, failed: count, cancelled: count })
    .describe('Each status’s count under the other filters'),
  totalAmount: z.number().describe('The amount of every payout the filter matches'),
});

export const onchainQuoteAnswer = okWith({
  quote: z.object({
    payoutId: answerText,
    amount: z.number(),
    currency: answerText,
    walletAddress: answerText,
    chainId: count,
    sender: answerText.describe('The platform wallet that sends'),
    senderBalance: answerText.describe('What the sender holds, in tokens'),
    rate: answerText.describe('Tokens for 1.00 of the currency'),
    amountWei: answerText,
    tokenAmount: answerText,
    symbol: answerText,
  }) satisfies z.ZodType<OnchainQuote>,
});
