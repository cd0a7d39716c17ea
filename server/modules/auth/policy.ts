/**
 * Logging in: every role may ask who it is; repeated failures from one address lock that address out of the account
 * for a while (the limit is the maxLoginAttempts setting), failures from many slow it; only active accounts may log in.
 */
import { say, type Said } from '../../lib/errors.js';
import type { Restriction } from '../../../src/common/two-factor.js';
import type { PASSWORD_LINK_PURPOSES } from '../../../src/common/users.js';
import { allow } from '../../lib/access.js';

export const authAccess = { self: allow('self') };

export const LOCK_MINUTES = 15;

/** Failures older than this (and no lock) are forgotten: they neither lock an address nor slow the account. */
export const FAILURE_WINDOW_MINUTES = 60;

/** The account's delay: none up to maxLoginAttempts recent failures, then 250 ms doubling every maxLoginAttempts more, at most 3 s. */
export const DELAY_BASE_MS = 250;
export const DELAY_MAX_MS = 3_000;

export function accountDelayMs(recentFailures: number, maxLoginAttempts: number): number {
  const excess = recentFailures - maxLoginAttempts;
  if (excess <= 0) return 0;
  return Math.min(DELAY_MAX_MS, DELAY_BASE_MS * 2 ** Math.floor((excess - 1) / Math.max(1, maxLoginAttempts)));
}

export type LoginStanding = { lockedUntil: Date | null; delayMs: number };

/** From an email's failures by address: whether `ip` is locked out of it now, and the delay every answer for it waits. */
export function loginStandingOf(
  rows: readonly { ip: string; failures: number; lastFailedAt: Date; lockedUntil: Date | null }[],
  ip: string,
  now: Date,
  maxLoginAttempts: number,
): LoginStanding {
  const windowStart = now.getTime() - FAILURE_WINDOW_MINUTES * 60_000;
  const mine = rows.find((r) => r.ip === ip);
  const recent = rows.reduce((n, r) => n + (r.lastFailedAt.getTime() >= windowStart ? r.failures : 0), 0);
  return {
    lockedUntil: mine?.lockedUntil && mine.lockedUntil > now ? mine.lockedUntil : null,
    delayMs: accountDelayMs(recent, maxLoginAttempts),
  };
}

export function lockedMessage(until: Date, now: Date) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return say('account_locked', { minutes, plural: minutes === 1 ? '' : 's' });
}

/** Why an account with this status may not log in, or null when it may. */
export function loginRefusal(status: string): { code: string; message: Said } | null {
  if (status === 'active') return null;
  if (status === 'suspended') return { code: 'account_suspended', message: say('account_suspended') };
  return { code: 'account_inactive', message: say('account_inactive_contact') };
}

/**
 * Whether a session of this user must enrol in 2FA before anything else: the "Require 2FA for all users" setting
 * applies to every role, shoppers included, and to sessions already open (decided again on every request).
 */
export const mustEnrol = (twoFactorRequired: boolean, enrolled: boolean) => twoFactorRequired && !enrolled;

/** What a session must do first: a reset password comes before enrolment. */
export function sessionRestriction(s: { mustChangePassword: boolean; requiresEnrolment: boolean }): Restriction | null {
  if (s.mustChangePassword) return 'password_change';
  if (s.requiresEnrolment) return 'two_factor_enrolment';
  return null;
}

/** Recovery codes: 10 symbols without look-alikes (no 0/O, 1/I/L), shown as two groups of five. */
export const RECOVERY_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** What a typed second factor is: a 6-digit TOTP code, a recovery code (any case, spaces and dashes ignored), or neither. */
export function secondFactorKind(
  input: string,
): { kind: 'totp'; code: string } | { kind: 'recovery'; code: string } | null {
  const compact = input.replace(/[\s-]/g, '').toUpperCase();
  if (/^\d{6}$/.test(compact)) return { kind: 'totp', code: compact };
  if (compact.length === 10 && [...compact].every((c) => RECOVERY_ALPHABET.includes(c)))
    return { kind: 'recovery', code: compact };
  return null;
}

export const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** Why an admin may not reset this user's password or 2FA, or null: one's own go through the user menu, with proof. */
export function adminResetRefusal(actorId: string | null, targetId: string, what: 'password' | '2fa'): Said | null {
  if (actorId !== targetId) return null;
  return what === 'password' ? say('reset_own_password') : say('reset_own_two_factor');
}

export type PasswordLinkPurpose = (typeof PASSWORD_LINK_PURPOSES)[number];

/** How long a set-password link works: a new user's invitation 72 hours, a reset 24. */
export const PASSWORD_LINK_HOURS: Record<PasswordLinkPurpose, number> = { invite: 72, reset: 24 };

export const setPasswordUrl = (origin: string, token: string) =>
  `${origin}/set-password?token=${encodeURIComponent(token)}`;

/** Why a stored set-password link may not set a password now (null: it may), with the HTTP status to answer. */
export function passwordLinkRefusal(
  link: { usedAt: Date | null; revokedAt: Date | null; expiresAt: Date } | null,
  now: Date,
): { status: 400 | 410; code: string; message: Said } | null {
  if (!link) return { status: 400, code: 'link_invalid', message: say('link_invalid') };
  if (link.usedAt) return { status: 410, code: 'link_used', message: say('link_used') };
  if (link.revokedAt) return { status: 410, code: 'link_replaced', message: say('link_replaced') };
  if (link.expiresAt <= now) return { status: 410, code: 'link_expired', message: say('link_expired') };
  return null;
}
