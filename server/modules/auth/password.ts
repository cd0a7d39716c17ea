/** Changing one's own password, and an admin's reset (a temporary password that must be changed at the next login, or a set-password link). */
import { randomInt } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { PasswordChangeInput } from '../../../src/common/users.schemas.js';
import { loginChallenges, sessions, users } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { hashPassword, verifyPassword } from '../../lib/crypto.js';
import { conflict, notFound, unprocessable } from '../../lib/errors.js';
import type { Actor, AuthUser } from '../../types.js';
import { audit } from '../audit/service.js';
import type { SettingsService } from '../settings/service.js';
import { adminResetRefusal, RECOVERY_ALPHABET } from './policy.js';
import { issuePasswordLink, revokePasswordLinks } from './password-links.js';
import { forgetFailures, liftLockout } from './lockout.js';
import { forgetSessions, revokeAllSessions, withCountedAttempt } from './service.js';

/**
 * The caller changes their password (proved by the current one); their other sessions end, a reset's restriction lifts.
 * A wrong current password counts toward the lockout as a wrong one at login does (a stolen session cannot try many).
 */
export async function changeOwnPassword(
  db: Db,
  settings: SettingsService,
  me: AuthUser,
  input: PasswordChangeInput,
  now = new Date(),
) {
  if (input.newPassword === input.currentPassword) {
    throw unprocessable('new_password_same', undefined, { newPassword: 'new_password_same' });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await withCountedAttempt(db, settings, me, now, wrongPassword, async (tx, user) => {
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) return 'wrong';
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, failedLoginCount: 0, updatedAt: now })
      .where(eq(users.id, me.id));
    await forgetFailures(tx, user.email, me.ip);
    await revokePasswordLinks(tx, me.id, now);
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, me.id), ne(sessions.id, me.sessionId), isNull(sessions.revokedAt)));
    await audit(tx, me, 'user.password_change', 'user', me.id, null);
    return null;
  });
  forgetSessions((row) => row.id === me.id);
}

const wrongPassword = () => unprocessable('invalid_password', undefined, { currentPassword: 'invalid_password' });

/** 16 symbols without look-alikes in groups of four (about 79 bits). */
const temporaryPassword = () =>
  Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(''),
  ).join('-');

/**
 * An admin resets a user's password: their sessions and pending 2FA challenges end, a lockout lifts, the old password
 * stops working. `temporary`: a new password answered once (never stored in clear) that their next session can do
 * nothing but change. `link`: no password until they follow the one-time set-password link (emailed, and answered once).
 */
export async function resetPassword(
  db: Db,
  targetId: string,
  actor: Actor,
  how: { method: 'temporary' } | { method: 'link'; origin: string },
  now = new Date(),
) {
  const password = how.method === 'temporary' ? temporaryPassword() : null;
  const passwordHash = password ? await hashPassword(password) : null;
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, targetId))
      .limit(1)
      .for('update');
    if (!user) throw notFound('user_not_found');
    const refusal = adminResetRefusal(actor?.id ?? null, targetId, 'password');
    if (refusal) throw conflict(refusal, undefined, 'reset_refused');
    await tx
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: password !== null,
        failedLoginCount: 0,
        lockedUntil: null,
        updatedAt: now,
      })
      .where(eq(users.id, targetId));
    await liftLockout(tx, user.email);
    await revokeAllSessions(tx, targetId, now);
    await tx
      .update(loginChallenges)
      .set({ usedAt: now })
      .where(and(eq(loginChallenges.userId, targetId), isNull(loginChallenges.usedAt)));
    await audit(tx, actor, 'user.password_reset', 'user', targetId, { method: how.method });
    if (how.method === 'link')
      return { setPasswordLink: await issuePasswordLink(tx, user, 'reset', how.origin, actor, now) };
    await revokePasswordLinks(tx, targetId, now);
    return { temporaryPassword: password! };
  });
}
