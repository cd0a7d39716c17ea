/**
 * Referrals: every user has an unguessable code; a visitor's click is counted under a salted hash of their address
 * and browser (never the address itself); a user is bound to a referrer once, never to themself nor in a loop.
 */
import { randomBytes } from 'node:crypto';
import { allow, PUBLIC, resourceAccess } from '../../lib/access.js';

export const referralAccess = { ...resourceAccess('referrals'), own: allow('self'), click: PUBLIC };

/** No 0/O, 1/I/L: read aloud or typed from a screen without mistakes. */
export const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 10;
export const CODE_PATTERN = new RegExp(`^[${ALPHABET}]{${CODE_LENGTH}}$`);

/** A new referral code: 10 symbols of 31 (about 49.5 bits) from the system's secure random source, without modulo bias. */
export function newReferralCode(): string {
  let code = '';
  while (code.length < CODE_LENGTH) {
    for (const byte of randomBytes(16)) {
      if (byte < 248 && code.length < CODE_LENGTH) code += ALPHABET[byte % ALPHABET.length];
    }
  }
  return code;
}

/** Attributed buyers ÷ unique visitors, in percent with 2 decimals; 0 without visitors. */
export const conversionRate = (buyers: number, uniqueVisitors: number) =>
  uniqueVisitors > 0 ? Math.round((buyers * 10_000) / uniqueVisitors) / 100 : 0;
