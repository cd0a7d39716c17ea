/** What the card form does to typed text: the server checks the card again (checkout.schemas.ts). */

export const MAX_CARD_DIGITS = 19;

export const digitsOf = (value: string, max = Infinity) => value.replace(/\D/g, '').slice(0, max);

/** "4242424242424242" → "4242 4242 4242 4242"; anything but digits is dropped, at most 19 digits. */
export const formatCardNumber = (value: string) => digitsOf(value, MAX_CARD_DIGITS).replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * "1" → "1", "12" → "12/", "1228" → "12/28"; a first digit above 1 is a month of its own ("4" → "04/").
 * Deleting the slash ("12/" → "12") leaves the month as typed.
 */
export function formatExpiry(value: string, previous = ''): string {
  let digits = digitsOf(value, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  const deleting = value.length < previous.length;
  if (digits.length === 2) return deleting ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export const formatCvc = (value: string) => digitsOf(value, 4);

export type CardField = 'name' | 'cardNumber' | 'expiry' | 'cvc';
export type CardValues = Record<CardField, string>;

/** Which fields are not yet complete: what the browser can tell without the server. */
export function incompleteFields(card: CardValues): CardField[] {
  const missing: CardField[] = [];
  if (!card.name.trim()) missing.push('name');
  if (digitsOf(card.cardNumber).length < 12) missing.push('cardNumber');
  const [, month] = /^(\d{2})\/\d{2}$/.exec(card.expiry) ?? [];
  if (!month || Number(month) < 1 || Number(month) > 12) missing.push('expiry');
  if (!/^\d{3,4}$/.test(card.cvc)) missing.push('cvc');
  return missing;
}
