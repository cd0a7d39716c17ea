/** Changing one's own password, and an admin's reset to a temporary password that must be changed at the next login. */
import { randomInt } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { PasswordChangeInput } from '../../../src/common/users.schemas.js';
import { loginChallenges, sessions, users } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { hashPassword, verifyPassword } from '../../lib/crypto.js';
import { conflict, notFound, unprocessable } from '../../lib/errors.js';
import type { Actor, AuthUser } from '../../types.js';
import { audit } from '../audit/service.js';
import { adminResetRefusal, RECOVERY_ALPHABET } from './policy.js';
import { forgetSessions, revokeAllSessions } from './service.js';

/** The caller changes their password (proved by the current one); their other sessions end, a reset's restriction lifts. */
export async function changeOwnPassword(db: Db, me: AuthUser, input: PasswordChangeInput, now = new Date()) {
  const [user] = await db.select().from(users).where(eq(users.id, me.id)).limit(1);
  if (!user) throw notFound('User not found.');
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw unprocessable('The current password is not correct.', { currentPassword: 'The current password is not correct.' }, 'invalid_password');
  }
  if (input.newPassword === input.currentPassword) {
    throw unprocessable('The new password must differ from the current one.', { newPassword: 'The new password must differ from the current one.' });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: now }).where(eq(users.id, me.id));
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, me.id), ne(sessions.id, me.sessionId), isNull(sessions.revokedAt)));
    await audit(tx, me, 'user.password_change', 'user', me.id, null);
  });
  forgetSessions((row) => row.id === me.id);
}

/** 16 symbols without look-alikes in groups of four (about 79 bits). */
const temporaryPassword = () =>
  Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('')).join('-');

/**
 * An admin gives a user a temporary password (answered once, never stored in clear): their sessions and pending
 * 2FA challenges end, a lockout lifts, and their next session can do nothing but change it.
 */
export async function resetPassword(db: Db, targetId: string, actor: Actor, now = new Date()) {
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, targetId)).limit(1).for('update');
    if (!user) throw notFound('User not found.');
    const refusal = adminResetRefusal(actor?.id ?? null, targetId, 'password');
    if (refusal) throw conflict(refusal, 'reset_refused');
    await tx.update(users).set({ passwordHash, mustChangePassword: true, failedLoginCount: 0, lockedUntil: null, updatedAt: now }).where(eq(users.id, targetId));
    await revokeAllSessions(tx, targetId, now);
    await tx.update(loginChallenges).set({ usedAt: now }).where(and(eq(loginChallenges.userId, targetId), isNull(loginChallenges.usedAt)));
    await audit(tx, actor, 'user.password_reset', 'user', targetId, null);
  });
  return { temporaryPassword: password };
}
