/**
 * A user's own 2FA: set-up (a pending secret and its QR code), enabling it with a current code (ten recovery codes,
 * shown once), turning it off with a current code; and an admin's reset of someone else's.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import type { TwoFactorEnabled, TwoFactorSetup, TwoFactorStatus } from '../../../src/common/two-factor.js';
import { recoveryCodes, users } from '../../db/schema.js';
import type { Db, Queryable } from '../../db/client.js';
import { conflict, unprocessable } from '../../lib/errors.js';
import { invalidated } from '../../lib/invalidation.js';
import { verifyPassword } from '../../lib/crypto.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Actor, AuthUser } from '../../types.js';
import { audit } from '../audit/service.js';
import type { SettingsService } from '../settings/service.js';
import { adminResetRefusal } from './policy.js';
import { forgetSessions, lockedUser, withCountedAttempt } from './service.js';
import { matchTotp, newTotpSecret, otpauthUrl, replaceRecoveryCodes, spendSecondFactor } from './two-factor.js';

export async function recoveryCodesLeft(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export async function twoFactorStatus(db: Db, settings: SettingsService, me: AuthUser): Promise<TwoFactorStatus> {
  const [row] = await db
    .select({ enabledAt: users.totpEnabledAt, secret: users.totpSecret })
    .from(users)
    .where(eq(users.id, me.id))
    .limit(1);
  const { twoFactorAuth } = await settings.get();
  return {
    enabled: !!row?.secret,
    enabledAt: row?.secret && row.enabledAt ? row.enabledAt.toISOString() : null,
    recoveryCodesLeft: row?.secret ? await recoveryCodesLeft(db, me.id) : 0,
    required: twoFactorAuth,
  };
}

/** A new secret to scan (kept pending until a code confirms it); asking again replaces it. */
export async function setupTwoFactor(
  db: Db,
  settings: SettingsService,
  box: SecretBox,
  me: AuthUser,
): Promise<TwoFactorSetup> {
  const { siteName } = await settings.get();
  return db.transaction(async (tx) => {
    const user = await lockedUser(tx, me.id);
    if (user.totpSecret) throw conflict('two_factor_enabled');
    const secret = newTotpSecret();
    await tx
      .update(users)
      .set({ totpPendingSecret: box.seal(secret), updatedAt: new Date() })
      .where(eq(users.id, me.id));
    const url = otpauthUrl(siteName, user.email, secret);
    return {
      secret,
      otpauthUrl: url,
      qrCode: await (await import('qrcode')).default.toDataURL(url, { margin: 1, width: 220 }),
    };
  });
}

const wrongCode = () => unprocessable('totp_code_wrong', undefined, { code: 'code_not_correct' }, 'invalid_code');

/** Confirms the pending secret with a current code: 2FA is on, the session's enrolment restriction lifts, recovery codes are answered once. */
export async function enableTwoFactor(
  db: Db,
  settings: SettingsService,
  box: SecretBox,
  me: AuthUser,
  code: string,
  now = new Date(),
): Promise<TwoFactorEnabled> {
  return withCountedAttempt(db, settings, me, now, wrongCode, async (tx, user) => {
    if (user.totpSecret) throw conflict('two_factor_already_on', undefined, 'two_factor_enabled');
    if (!user.totpPendingSecret) throw conflict('two_factor_not_started');
    const step = /^\d{6}$/.test(code.replace(/\s/g, ''))
      ? await matchTotp(box.open(user.totpPendingSecret), code.replace(/\s/g, ''), null, now)
      : null;
    if (step === null) return 'wrong';
    await tx
      .update(users)
      .set({
        totpSecret: user.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: now,
        totpLastStep: step,
        updatedAt: now,
      })
      .where(eq(users.id, me.id));
    const codes = await replaceRecoveryCodes(tx, me.id, now);
    forgetUserSessions(me.id);
    await audit(tx, me, 'user.2fa_enable', 'user', me.id, null);
    return { recoveryCodes: codes };
  });
}

/** The user's cached sessions are read again, here and in every other process: each request's restriction depends on their 2FA. */
function forgetUserSessions(userId: string) {
  forgetSessions((row) => row.id === userId);
  invalidated(`user:${userId}`);
}

/** Removes the user's 2FA; when the settings require it, their sessions are taken back to enrolment (authenticate decides). */
async function removeTwoFactor(tx: Queryable, user: { id: string }) {
  await tx
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  forgetUserSessions(user.id);
}

const wrongPassword = () => unprocessable('invalid_password', undefined, { password: 'invalid_password' });

/** Turns the caller's own 2FA off, proved by their password and a current code or an unused recovery code; either wrong counts toward the lockout. */
export async function disableTwoFactor(
  db: Db,
  settings: SettingsService,
  box: SecretBox,
  me: AuthUser,
  input: { password: string; code: string },
  now = new Date(),
) {
  let wrong = wrongCode;
  return withCountedAttempt(
    db,
    settings,
    me,
    now,
    () => wrong(),
    async (tx, user) => {
      if (!user.totpSecret) throw conflict('two_factor_disabled');
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        wrong = wrongPassword;
        return 'wrong';
      }
      if (!(await spendSecondFactor(tx, box, user, input.code, now))) return 'wrong';
      await removeTwoFactor(tx, user);
      await audit(tx, me, 'user.2fa_disable', 'user', me.id, null);
      const { twoFactorAuth } = await settings.get(tx);
      return {
        enabled: false,
        enabledAt: null,
        recoveryCodesLeft: 0,
        required: twoFactorAuth,
      } satisfies TwoFactorStatus;
    },
  );
}

/** An admin removes another user's 2FA (a lost phone): they log in with their password and enrol again. */
export async function resetTwoFactor(db: Db, targetId: string, actor: Actor) {
  return db.transaction(async (tx) => {
    const user = await lockedUser(tx, targetId);
    const refusal = adminResetRefusal(actor?.id ?? null, targetId, '2fa');
    if (refusal) throw conflict(refusal, undefined, 'reset_refused');
    if (!user.totpSecret && !user.totpPendingSecret)
      throw conflict('user_no_two_factor', undefined, 'two_factor_disabled');
    await removeTwoFactor(tx, user);
    await audit(tx, actor, 'user.2fa_reset', 'user', targetId, null);
  });
}
