/** Two-factor login (TOTP) and the restricted sessions of staff who must enrol or change their password: the API shapes. */
import type { SessionUser } from './users.js';

/** How many one-time recovery codes an enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;
/** Minutes a login challenge (the step between the password and the code) stays valid. */
export const CHALLENGE_MINUTES = 5;

/**
 * What a session may do until its holder acts: change the password an admin reset, or enrol in 2FA because the
 * settings require it of staff. The server answers every other call with a 403 whose `code` is the restriction's.
 */
export const RESTRICTIONS = ['password_change', 'two_factor_enrolment'] as const;
export type Restriction = (typeof RESTRICTIONS)[number];

export const RESTRICTION_CODES = {
  password_change: 'password_change_required',
  two_factor_enrolment: 'two_factor_enrolment_required',
} as const satisfies Record<Restriction, string>;

/** The restriction a 403's code names, or null. */
export function restrictionOfCode(code: string | undefined): Restriction | null {
  for (const r of RESTRICTIONS) if (RESTRICTION_CODES[r] === code) return r;
  return null;
}

/** A login that went through: the token, and what the session must do first (null: nothing). */
export type LoginSuccess = {
  ok: true;
  token: string;
  accessToken: string;
  user: SessionUser;
  restriction: Restriction | null;
};
/** A login whose password was right for an account with 2FA: send the challenge with a code to POST /api/admin/auth/login/2fa. */
export type LoginChallenge = {
  ok: false;
  twoFactorRequired: true;
  challenge: string;
  expiresAt: string;
  error: string;
};

/** GET /api/auth/2fa: the caller's own 2FA. */
export type TwoFactorStatus = {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
  required: boolean;
};
/** POST /api/auth/2fa/setup: what the authenticator app needs; the secret is never shown again after enrolment. */
export type TwoFactorSetup = { secret: string; otpauthUrl: string; qrCode: string };
/** POST /api/auth/2fa/enable: the recovery codes, shown this once. */
export type TwoFactorEnabled = { recoveryCodes: string[] };
