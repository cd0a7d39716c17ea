/** What the payments routes take: zod schemas built from the text type, for the server and forms. */
import { z } from 'zod';
import { listQueryOf } from './list.schemas.js';
import { fiatAmount } from './money.schemas.js';
import { PAYMENT_STATUSES } from './orders.js';
import { PAYMENT_SORTS } from './payments.js';
import { text } from './text.js';

/** A method or provider name to filter by; blank reads as no filter. */
const name = (label: string) => text(label, { max: 40, min: 0 }).optional().transform((v) => v || undefined);

export const paymentListQuery = listQueryOf(PAYMENT_STATUSES, PAYMENT_SORTS, 'createdAt').extend({
  method: name('method'),
  provider: name('provider'),
});
export type PaymentListQuery = z.infer<typeof paymentListQuery>;

export const refundBody = z.object({
  amount: fiatAmount('Amount').refine((cents) => cents > 0, 'Amount must be more than 0.'),
  reason: text('Reason', { max: 500 }),
});
export type RefundInput = z.infer<typeof refundBody>;
