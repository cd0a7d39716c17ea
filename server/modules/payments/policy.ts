/**
 * Payments: a hosted payment page is public (its payment's id is the buyer's capability, as a provider's checkout
 * link is); what a provider's verdict does to a payment follows the payment lifecycle (DESIGN.md, Lifecycles).
 */
import { PUBLIC } from '../../lib/access.js';

export const paymentAccess = { hosted: PUBLIC };

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
