/**
 * The card sandbox: a provider that behaves like a real one without moving money. The buyer pays on its hosted page
 * (`/pay/sandbox/{paymentId}`); the card decides the outcome, as a card network's test numbers do.
 */
import { randomUUID } from 'node:crypto';
import { SANDBOX_CARDS } from '../../../../src/common/checkout.js';
import type { SandboxConfirmInput } from '../../../../src/common/checkout.schemas.js';
import { badRequest, say } from '../../../lib/errors.js';
import type { PaymentDriver, ProviderEvent } from './types.js';

/** The Luhn check digit rule every card number obeys. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** "MM/YY" or "MM/YYYY" → whether the card's last valid month is before `now`'s (UTC). */
export function hasExpired(expiry: string, now: Date): boolean {
  const [mm, yy] = expiry.split('/').map((part) => part.trim());
  const year = yy!.length === 2 ? 2000 + Number(yy) : Number(yy);
  return year * 12 + Number(mm) < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/**
 * What the card network answers for this card; the card itself was already checked. A declined card, like one without
 * the funds, refuses only this attempt: the buyer may try another card until the checkout expires (docs/PRODUCT.md).
 */
export function cardOutcome(cardNumber: string): ProviderEvent {
  if (cardNumber === SANDBOX_CARDS.declined)
    return { type: 'payment.refused', reason: say('card_declined'), code: 'card_declined' };
  if (cardNumber === SANDBOX_CARDS.insufficientFunds) {
    return { type: 'payment.refused', reason: say('insufficient_funds'), code: 'insufficient_funds' };
  }
  return { type: 'payment.succeeded', reference: `sandbox_ch_${randomUUID().replaceAll('-', '')}` };
}

/** A card that cannot be charged at all: a 400 naming the field, and the payment stays as it was. */
export function cardProblem(card: SandboxConfirmInput, now: Date) {
  if (!passesLuhn(card.cardNumber))
    return badRequest('card_number_invalid', undefined, { cardNumber: 'card_number_invalid' });
  if (hasExpired(card.expiry, now)) return badRequest('card_expired', undefined, { expiry: 'card_expired' });
  return null;
}

export const sandbox: PaymentDriver = {
  name: 'sandbox',
  method: 'card',
  testMode: true,
  async create(payment) {
    return { redirectUrl: `/pay/sandbox/${payment.id}`, reference: null };
  },
  async confirm(_payment, input, now) {
    const card = input as SandboxConfirmInput;
    const problem = cardProblem(card, now);
    if (problem) throw problem;
    return cardOutcome(card.cardNumber);
  },
  async refund() {
    return { reference: `sandbox_re_${randomUUID().replaceAll('-', '')}` };
  },
  async status(payment) {
    return payment.status as 'pending' | 'completed' | 'failed' | 'refunded';
  },
};
