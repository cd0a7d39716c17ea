/**
 * KYC: every logged-in user sends their own identity; admins and operators review (finance does not). A session is
 * pending until decided, once: approved, verified or rejected (with a reason). Pure rules, unit tested.
 */
import { say, type Said } from '../../lib/errors.js';
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
export function birthRefusal(dateOfBirth: string, now: Date): Said | null {
  const today = now.toISOString().slice(0, 10);
  if (dateOfBirth > today) return say('birth_in_future');
  if (dateOfBirth < '1900-01-01') return say('birth_before_1900');
  if (ageOn(dateOfBirth, today) < KYC_MIN_AGE) return say('kyc_too_young', { age: KYC_MIN_AGE });
  return null;
}

/** Why a user may not open a new session, or null: one pending at a time, and none once verified. */
export function submitRefusal(userKycStatus: string, hasPending: boolean): Said | null {
  if (hasPending) return say('kyc_pending');
  if (isKycVerified(userKycStatus)) return say('kyc_verified');
  return null;
}

/** Why a reviewer may not decide this session, or null: nobody reviews their own. */
export const ownSessionRefusal = (session: { userId: string }, reviewerId: string | null): Said | null =>
  reviewerId !== null && session.userId === reviewerId ? say('kyc_own_session') : null;

/** Why a reviewer may not decide this session now, or null: it must be pending. */
export function decisionRefusal(session: { status: string }): Said | null {
  if (session.status !== 'pending') return say('kyc_decided', { status: session.status });
  return null;
}

/**
 * The checkout's KYC threshold (setting kycRequiredAbove): why a buyer may not buy tokens for this total, or null.
 * `buyerKyc` is the logged-in buyer's kycStatus, or null for a guest.
 */
export function kycCheckoutRefusal(
  limitCents: number | null,
  totalCents: number,
  hasTokens: boolean,
  buyerKyc: string | null,
  limitText: string,
): Said | null {
  if (limitCents === null || !hasTokens || totalCents <= limitCents) return null;
  if (buyerKyc === null) return say('kyc_sign_in_required', { limitText });
  if (!isKycVerified(buyerKyc)) return say('kyc_required', { limitText });
  return null;
}
