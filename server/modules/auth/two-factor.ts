/**
 * TOTP (RFC 6238, 30-second steps, 6 digits, otplib) and one-time recovery codes. A code is accepted one step either
 * side of now, and never for a step at or before the last one accepted (users.totp_last_step): a code cannot be
 * used twice. A recovery code is stored as its SHA-256 and spent by one conditional update, so it works once.
 */
import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT } from '../../../src/common/two-factor.js';
import { recoveryCodes, users } from '../../db/schema.js';
import type { Queryable } from '../../db/client.js';
import { sha256 } from '../../lib/crypto.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { formatRecoveryCode, RECOVERY_ALPHABET, secondFactorKind } from './policy.js';

/** Seconds of clock drift tolerated either way: one 30-second step. */
const TOLERANCE_SECONDS = 30;

export const newTotpSecret = () => generateSecret();

export const otpauthUrl = (issuer: string, account: string, secret: string) =>
  generateURI({ issuer, label: account, secret });

/** The time step `code` matches for `secret` (after `afterStep`, when given), or null. */
export async function matchTotp(
  secret: string,
  code: string,
  afterStep: number | null,
  now: Date,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  }).catch(() => null);
  return result?.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Ten new recovery codes (10 symbols of a 31-letter alphabet: about 50 bits each), as shown to the user. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    formatRecoveryCode(
      Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(''),
    ),
  );
}

export const hashRecoveryCode = (code: string) => sha256(`recovery:${code.replace(/[\s-]/g, '').toUpperCase()}`);

/** Replaces a user's recovery codes with new ones and answers them (shown once). */
export async function replaceRecoveryCodes(db: Queryable, userId: string, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code), createdAt: now })));
  return codes;
}

type TotpUser = { id: string; totpSecret: string | null; totpLastStep: number | null };

/**
 * Checks a second factor against the user's enrolled secret and spends it: a TOTP code moves totp_last_step on (so it
 * cannot be replayed), a recovery code is marked used. Call it inside a transaction holding the user's row lock.
 */
export async function spendSecondFactor(
  db: Queryable,
  box: SecretBox,
  user: TotpUser,
  input: string,
  now: Date,
): Promise<boolean> {
  if (!user.totpSecret) return false;
  const factor = secondFactorKind(input);
  if (!factor) return false;
  if (factor.kind === 'totp') {
    const step = await matchTotp(box.open(user.totpSecret), factor.code, user.totpLastStep, now);
    if (step === null) return false;
    await db.update(users).set({ totpLastStep: step }).where(eq(users.id, user.id));
    return true;
  }
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, user.id),
        eq(recoveryCodes.codeHash, hashRecoveryCode(factor.code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent.length === 1;
}
