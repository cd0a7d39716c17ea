/**
 * One-time set-password links: an admin invites a new user or resets someone's password with a link instead of a
 * password they would have to pass on. The token is random (32 bytes) and only its SHA-256 is stored; a link works
 * once, until it expires (policy.ts PASSWORD_LINK_HOURS), and stops working when a newer link is made or the password
 * changes. It is emailed to the user (notify: the outbox or SMTP) and answered once to the admin.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { SetPasswordLink } from '../../../src/common/users.js';
import type { Db, Queryable } from '../../db/client.js';
import { loginChallenges, passwordLinks, users } from '../../db/schema.js';
import { hashPassword, newToken, sha256 } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../../types.js';
import { audit } from '../audit/service.js';
import { notificationSettings, notify } from '../notifications/notify.js';
import { PASSWORD_LINK_HOURS, passwordLinkRefusal, setPasswordUrl, type PasswordLinkPurpose } from './policy.js';
import { liftLockout } from './lockout.js';
import { revokeAllSessions } from './service.js';
import { notice } from '../../../src/common/notices-catalogue.js';

/** Ends every open link of a user (a newer link, a password set or changed). */
export async function revokePasswordLinks(tx: Queryable, userId: string, now: Date) {
  await tx
    .update(passwordLinks)
    .set({ revokedAt: now })
    .where(and(eq(passwordLinks.userId, userId), isNull(passwordLinks.usedAt), isNull(passwordLinks.revokedAt)));
}

/**
 * Makes a new link for the user (the older ones stop working) and emails it to them, in the caller's transaction.
 * `origin` is the site's address (the Site URL setting, else the request's), as referral links are built.
 */
export async function issuePasswordLink(
  tx: Queryable,
  user: { id: string; email: string },
  purpose: PasswordLinkPurpose,
  origin: string,
  actor: Actor,
  now = new Date(),
): Promise<SetPasswordLink> {
  await revokePasswordLinks(tx, user.id, now);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + PASSWORD_LINK_HOURS[purpose] * 3_600_000);
  await tx.insert(passwordLinks).values({
    tokenHash: sha256(token),
    userId: user.id,
    purpose,
    expiresAt,
    createdBy: actor?.id ?? null,
    createdAt: now,
  });
  const url = setPasswordUrl(origin, token);
  const s = await notificationSettings(tx);
  const hours = PASSWORD_LINK_HOURS[purpose];
  await notify(
    tx,
    {
      userId: user.id,
      channels: ['email'],
      link: url,
      notice: notice(purpose === 'invite' ? 'password_invite' : 'password_reset', {
        siteName: s.siteName,
        email: user.email,
        hours,
      }),
    },
    s,
  );
  await audit(tx, actor, `user.password_link_${purpose}`, 'user', user.id, { expiresAt: expiresAt.toISOString() });
  return { url, expiresAt: expiresAt.toISOString() };
}

/**
 * Sets the password of a valid link's user: the link is spent (and any other open one ended), every session and
 * pending 2FA sign-in of that user ends, a reset's must-change flag and any lockout are lifted; audited as the user.
 * A used, replaced, expired or unknown link is refused with its sentence and changes nothing.
 */
export async function setPasswordWithLink(
  db: Db,
  input: { token: string; password: string; ip?: string },
  now = new Date(),
) {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(passwordLinks)
      .where(eq(passwordLinks.tokenHash, sha256(input.token)))
      .limit(1)
      .for('update');
    const refusal = passwordLinkRefusal(link ?? null, now);
    if (refusal) throw new AppError(refusal.status, refusal.message, undefined, undefined, refusal.code);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, failedLoginCount: 0, lockedUntil: null, updatedAt: now })
      .where(eq(users.id, link!.userId))
      .returning({ id: users.id, email: users.email });
    await liftLockout(tx, user!.email);
    await tx.update(passwordLinks).set({ usedAt: now }).where(eq(passwordLinks.id, link!.id));
    await revokePasswordLinks(tx, link!.userId, now);
    await revokeAllSessions(tx, link!.userId, now);
    await tx
      .update(loginChallenges)
      .set({ usedAt: now })
      .where(and(eq(loginChallenges.userId, link!.userId), isNull(loginChallenges.usedAt)));
    await audit(tx, { id: link!.userId, ip: input.ip }, 'user.password_set', 'user', link!.userId, {
      purpose: link!.purpose,
    });
    return { email: user!.email };
  });
}
