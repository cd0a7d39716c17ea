/**
 * Logging in: every role may ask who it is; repeated failures lock an account for a while (the limit
 * is the maxLoginAttempts setting); only active accounts may log in.
 */
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
