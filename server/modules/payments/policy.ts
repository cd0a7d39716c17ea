/**
 * Payments: staff read them, finance and admins refund them; a hosted payment page is public (its payment's id is
 * the buyer's capability, as a provider's checkout link is). What a provider's verdict or a refund does to a payment
 * follows the payment lifecycle (DESIGN.md, Lifecycles): completed → refunded once the refunds reach the amount.
 */
import { centsText } from '../../../src/common/money.js';
import { PUBLIC, resourceAccess } from '../../lib/access.js';

export const paymentAccess = { ...resourceAccess('payments'), hosted: PUBLIC };

/** Why a payment cannot be confirmed again: only a pending one can. */
export function notPendingSentence(status: string): string {
  switch (status) {
    case 'completed': return 'This payment has already been completed.';
    case 'refunded': return 'This payment has already been completed and refunded.';
    case 'failed': return 'This payment has failed. Start a new checkout to try again.';
    default: return `This payment is ${status} and cannot be confirmed.`;
  }
}

export const EXPIRED_SENTENCE = 'This checkout has expired and its items went back on sale. Start a new checkout.';

type PaymentState = { status: string; amountCents: number; refundedCents: number };

/** What may still be given back: the amount less the refunds so far, of a completed payment only. */
export const refundableCents = (p: PaymentState) => (p.status === 'completed' ? Math.max(0, p.amountCents - p.refundedCents) : 0);

/** A refused refund: its status, code and sentence; `field` when the amount is what is wrong. */
export type RefundRefusal = { status: 400 | 409; code: string; sentence: string; field?: 'amount' };

/** Why `cents` cannot be refunded from this payment, or null: only a completed payment, and at most what is left. */
export function refundRefusal(p: PaymentState & { currency: string }, cents: number): RefundRefusal | null {
  if (p.status === 'refunded') return { status: 409, code: 'payment_refunded', sentence: 'This payment has already been refunded in full.' };
  if (p.status !== 'completed') {
    return { status: 409, code: 'payment_not_refundable', sentence: `This payment is ${p.status}: only a completed payment can be refunded.` };
  }
  if (cents > p.amountCents) {
    return { status: 400, code: 'validation', field: 'amount', sentence: `Amount can be at most ${centsText(p.amountCents)} ${p.currency}, the amount of the payment.` };
  }
  const left = refundableCents(p);
  if (cents > left) {
    return { status: 409, code: 'refund_exceeds_remaining', field: 'amount', sentence: `Amount can be at most ${centsText(left)} ${p.currency}, what is left of this payment after its refunds.` };
  }
  return null;
}

/** The provider's own page for a payment ("View in Dashboard"): the sandbox's hosted page, Stripe's dashboard; null otherwise. */
export function dashboardUrl(p: { id: string; provider: string; reference: string | null; test: boolean }): string | null {
  if (p.provider === 'sandbox') return `/pay/sandbox/${p.id}`;
  if (p.provider === 'stripe' && p.reference) return `https://dashboard.stripe.com/${p.test ? 'test/' : ''}payments/${encodeURIComponent(p.reference)}`;
  return null;
}
