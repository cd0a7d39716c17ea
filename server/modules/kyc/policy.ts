/**
 * KYC: every logged-in user sends their own identity; admins and operators review (finance does not). A session is
 * pending until decided, once: approved, verified or rejected (with a reason). Pure rules, unit tested.
 */
import { can } from '../../../src/common/capabilities.js';
import { isKycVerified, KYC_MIN_AGE } from '../../../src/common/kyc.js';
import { allow } from '../../lib/access.js';

export const kycAccess = { own: allow('self'), review: allow('kyc.review') };

export const mayReview = (role: string | null | undefined) => can(role, 'kyc.review');

/** The owner and the reviewers may read a session and its document; nobody else. */
export const mayRead = (session: { userId: string }, caller: { id: string; role: string }) =>
  session.userId === caller.id || mayReview(caller.role);

/** Whole years between a date of birth (YYYY-MM-DD) and `today` (YYYY-MM-DD, UTC). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Why this date of birth cannot be verified, or null: not in the future, not before 1900, and an adult today. */
export function birthRefusal(dateOfBirth: string, now: Date): string | null {
  const today = now.toISOString().slice(0, 10);
  if (dateOfBirth > today) return 'Date of birth cannot be in the future.';
  if (dateOfBirth < '1900-01-01') return 'Date of birth cannot be before 1900.';
  if (ageOn(dateOfBirth, today) < KYC_MIN_AGE) return `You must be at least ${KYC_MIN_AGE} years old to verify your identity.`;
  return null;
}

/** Why a user may not open a new session, or null: one pending at a time, and none once verified. */
export function submitRefusal(userKycStatus: string, hasPending: boolean): string | null {
  if (hasPending) return 'You already have a KYC session waiting for review: wait for its decision before sending another.';
  if (isKycVerified(userKycStatus)) return 'Your identity is already verified.';
  return null;
}

/** Why a reviewer may not decide this session, or null: it must be pending, and nobody reviews their own. */
export function decisionRefusal(session: { status: string; userId: string }, reviewerId: string | null): string | null {
  if (session.status !== 'pending') return `This KYC session was already ${session.status}: a decided session cannot be decided again.`;
  if (reviewerId !== null && session.userId === reviewerId) return 'You cannot review your own KYC session: ask another reviewer.';
  return null;
}

/**
 * The checkout's KYC threshold (setting kycRequiredAbove): why a buyer may not buy tokens for this total, or null.
 * `buyerKyc` is the logged-in buyer's kycStatus, or null for a guest.
 */
export function kycCheckoutRefusal(limitCents: number | null, totalCents: number, hasTokens: boolean, buyerKyc: string | null, limitText: string): string | null {
  if (limitCents === null || !hasTokens || totalCents <= limitCents) return null;
  if (buyerKyc === null) return `Token purchases above ${limitText} need a verified identity: sign in and verify your identity (KYC) on your account page first.`;
  if (!isKycVerified(buyerKyc)) return `Token purchases above ${limitText} need a verified identity: verify your identity (KYC) on your account page first.`;
  return null;
}
