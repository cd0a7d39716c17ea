/**
 * Logging in: every role may ask who it is; repeated failures lock an account for a while (the limit
 * is the maxLoginAttempts setting); only active accounts may log in.
 */
import type { Restriction } from '../../../src/common/two-factor.js';
import { allow } from '../../lib/access.js';

export const authAccess = { self: allow('self') };

export const LOCK_MINUTES = 15;

/** Whether this failed attempt (the n-th in a row) locks the account. */
export const locksAccount = (failures: number, maxLoginAttempts: number) => failures >= maxLoginAttempts;

export function lockedSentence(until: Date, now: Date) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return `Too many failed login attempts. This account is locked for ${minutes} more minute${minutes === 1 ? '' : 's'}.`;
}

/** Why an account with this status may not log in, or null when it may. */
export function loginRefusal(status: string): { code: string; sentence: string } | null {
  if (status === 'active') return null;
  if (status === 'suspended') return { code: 'account_suspended', sentence: 'This account is suspended. Please contact an administrator.' };
  return { code: 'account_inactive', sentence: 'This account is inactive. Please contact an administrator.' };
}

/** Staff (every role that reaches the back office) must use 2FA when the settings require it; shoppers may. */
export const isStaff = (role: string) => role === 'admin' || role === 'finance' || role === 'operator';

/** Whether a new session of this user must enrol in 2FA before anything else. */
export const mustEnrol = (twoFactorRequired: boolean, role: string, enrolled: boolean) => twoFactorRequired && isStaff(role) && !enrolled;

/** What a session must do first: a reset password comes before enrolment. */
export function sessionRestriction(s: { mustChangePassword: boolean; requiresEnrolment: boolean }): Restriction | null {
  if (s.mustChangePassword) return 'password_change';
  if (s.requiresEnrolment) return 'two_factor_enrolment';
  return null;
}

/** Recovery codes: 10 symbols without look-alikes (no 0/O, 1/I/L), shown as two groups of five. */
export const RECOVERY_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** What a typed second factor is: a 6-digit TOTP code, a recovery code (any case, spaces and dashes ignored), or neither. */
export function secondFactorKind(input: string): { kind: 'totp'; code: string } | { kind: 'recovery'; code: string } | null {
  const compact = input.replace(/[\s-]/g, '').toUpperCase();
  if (/^\d{6}$/.test(compact)) return { kind: 'totp', code: compact };
  if (compact.length === 10 && [...compact].every((c) => RECOVERY_ALPHABET.includes(c))) return { kind: 'recovery', code: compact };
  return null;
}

export const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** Why an admin may not reset this user's password or 2FA, or null: one's own go through the user menu, with proof. */
export function adminResetRefusal(actorId: string | null, targetId: string, what: 'password' | '2fa'): string | null {
  if (actorId !== targetId) return null;
  return what === 'password'
    ? 'You cannot reset your own password here: use Change password in your user menu.'
    : 'You cannot reset your own two-factor authentication here: turn it off from your user menu with a current code.';
}
