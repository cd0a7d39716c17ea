/**
 * Signing up in the shop without telling anyone whether an email has an account: every sign-up answers the same
 * ("check your email") after the same work (the password hashed, one email queued). A new address gets a link that
 * creates the account and logs in (confirmSignup); the owner of a taken address is told instead that someone tried
 * to sign up with it, and nothing else changes.
 */
import { emitWebhook } from '../webhooks/outbox.js';
import { presentUser } from '../users/present.js';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { SignupInput } from '../../../src/common/shop.schemas.js';
import type { Db, Queryable } from '../../db/client.js';
import { signupRequests, users } from '../../db/schema.js';
import { hashPassword, newToken, sha256 } from '../../lib/crypto.js';
import { AppError, conflict, isUniqueViolation } from '../../lib/errors.js';
import type { SettingsService } from '../settings/service.js';
import { audit } from '../audit/service.js';
import { normaliseEmail, openSession, type LoginOutcome } from '../auth/service.js';
import { notificationSettings, notify } from '../notifications/notify.js';
import { SIGNUP_LINK_HOURS, SIGNUP_ROLE, signupConfirmUrl, signupLinkRefusal } from './policy.js';
import { notice } from '../../../src/common/notices-catalogue.js';

/**
 * Takes a sign-up: the same answer (none) whether the email is new or taken. `origin` is the site's address, as
 * set-password links are built. These emails are part of the account itself, so they are sent even when the
 * notification emails setting is off.
 */
export async function requestSignup(
  db: Db,
  input: SignupInput,
  origin: string,
  ip: string | undefined,
  now = new Date(),
): Promise<void> {
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const token = newToken();
  await db.transaction(async (tx) => {
    const s = { ...(await notificationSettings(tx)), emailNotifications: true };
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (existing) {
      await notify(
        tx,
        {
          userId: existing.id,
          channels: ['email'],
          link: `${origin}/shop/account`,
          notice: notice('signup_taken', { siteName: s.siteName, email }),
        },
        s,
      );
      await audit(tx, { id: existing.id, ip }, 'user.signup_taken', 'user', existing.id, null);
      return;
    }
    await tx.delete(signupRequests).where(lt(signupRequests.expiresAt, now));
    const expiresAt = new Date(now.getTime() + SIGNUP_LINK_HOURS * 3_600_000);
    await tx
      .insert(signupRequests)
      .values({ tokenHash: sha256(token), email, name: input.name, passwordHash, expiresAt, createdAt: now });
    await notify(
      tx,
      {
        userId: null,
        email,
        channels: ['email'],
        link: signupConfirmUrl(origin, token),
        notice: notice('signup_confirm', { siteName: s.siteName, email, hours: SIGNUP_LINK_HOURS }),
      },
      s,
    );
  });
}

/**
 * Confirms a sign-up with its link's token: the shopper's account is made and logged in (the login's answer), once.
 * An unknown, used or expired link is refused with its sentence; an address that got an account meanwhile (another
 * sign-up confirmed first) is refused as taken. Either refusal changes nothing. The new shopper is sent a welcome.
 */
export async function confirmSignup(
  db: Db,
  settings: SettingsService,
  input: { token: string; origin: string; ip?: string; userAgent?: string },
  now = new Date(),
): Promise<Extract<LoginOutcome, { kind: 'session' }>> {
  return db
    .transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(signupRequests)
        .where(eq(signupRequests.tokenHash, sha256(input.token)))
        .limit(1)
        .for('update');
      const refusal = signupLinkRefusal(request ?? null, now);
      if (refusal) throw new AppError(refusal.status, refusal.message, undefined, undefined, refusal.code);
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, request!.email)).limit(1);
      if (taken) throw conflict('account_email_taken', undefined, 'email_taken');
      const [user] = await tx
        .insert(users)
        .values({ email: request!.email, name: request!.name, role: SIGNUP_ROLE, passwordHash: request!.passwordHash })
        .returning();
      await tx
        .update(signupRequests)
        .set({ usedAt: now })
        .where(and(eq(signupRequests.email, request!.email), isNull(signupRequests.usedAt)));
      await audit(tx, { id: user!.id, ip: input.ip }, 'user.signup', 'user', user!.id, { email: user!.email });
      await emitWebhook(tx, 'user.created', `user:${user!.id}`, () => presentUser(user!));
      await welcome(tx, user!, input.origin);
      return openSession(tx, settings, user!, input, now);
    })
    .catch((err) => {
      throw isUniqueViolation(err, 'users_email_key') ? conflict('account_email_taken', undefined, 'email_taken') : err;
    });
}

/** The welcome a new shopper gets, by email and in the shop's notifications: where to shop, and where the account and wallet are. */
async function welcome(tx: Queryable, user: { id: string; name: string | null }, origin: string) {
  const s = { ...(await notificationSettings(tx)), emailNotifications: true };
  await notify(
    tx,
    {
      userId: user.id,
      channels: ['email', 'in_app'],
      link: `${origin}/shop`,
      notice: notice(user.name ? 'welcome_named' : 'welcome', {
        siteName: s.siteName,
        ...(user.name ? { name: user.name } : {}),
        shopUrl: `${origin}/shop`,
        accountUrl: `${origin}/shop/account`,
      }),
    },
    s,
  );
}
