import { and, eq, isNull, sql } from 'drizzle-orm';
import { CHALLENGE_MINUTES, type Restriction } from '../../../src/common/two-factor.js';
import type { SessionUser } from '../../../src/common/users.js';
import { loginChallenges, sessions, users } from '../../db/schema.js';
import type { Db, Queryable } from '../../db/client.js';
import { AppError, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { hashPassword, newToken, sha256, verifyPassword } from '../../lib/crypto.js';
import { cachesTrusted, caughtUp, invalidated, onInvalidation } from '../../lib/invalidation.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { AuthUser } from '../../types.js';
import type { SettingsService } from '../settings/service.js';
import { forgetFailures, loginStanding, pause, recordFailure } from './lockout.js';
import { lockedMessage, loginRefusal, mustEnrol, sessionRestriction } from './policy.js';
import { displayName, presentSessionUser } from './present.js';
import { spendSecondFactor } from './two-factor.js';

/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 30_000;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1]! : null;
}

type UserRow = typeof users.$inferSelect;
type Client = { ip?: string; userAgent?: string };

/** A login that went through (a session), or one that needs its second factor (a challenge). */
export type LoginOutcome =
  | { kind: 'session'; token: string; user: SessionUser; restriction: Restriction | null }
  | { kind: 'challenge'; challenge: string; expiresAt: Date };

/**
 * Counts a wrong second factor or current password given after the password step (at login, enrolment or turning 2FA
 * off) toward the lockout of this address (lockout.ts), and answers the error to throw: the lock's sentence once it is
 * reached (the caller has proved the password, so it may be told), else `refusal`. Throw it after the transaction
 * commits, or the count is rolled back with it.
 */
export async function registerFailure(
  db: Queryable,
  settings: SettingsService,
  user: UserRow,
  ip: string | undefined,
  now: Date,
  refusal: AppError,
): Promise<AppError> {
  const { maxLoginAttempts } = await settings.get(db);
  const until = await recordFailure(db, user.email, ip, now, maxLoginAttempts);
  return until ? lockedRefusal(until, now) : refusal;
}

const lockedRefusal = (until: Date, now: Date) => forbidden(lockedMessage(until, now), undefined, 'account_locked');

/** This address's lock on the account, as the error to answer a caller who has proved the password; null: none. */
async function addressLockRefusal(
  db: Queryable,
  settings: SettingsService,
  user: UserRow,
  ip: string | undefined,
  now: Date,
): Promise<AppError | null> {
  const { maxLoginAttempts } = await settings.get(db);
  const { lockedUntil } = await loginStanding(db, user.email, ip, now, maxLoginAttempts);
  return lockedUntil ? lockedRefusal(lockedUntil, now) : null;
}

/** The user's row, locked for the caller's transaction (a failed attempt's count must not race another's). */
export async function lockedUser(db: Queryable, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  if (!row) throw notFound('user_not_found');
  return row;
}

/**
 * Runs `work` in a transaction on the caller's locked row, refused while the caller's address is locked out of the
 * account (or it is not active). When `work` answers 'wrong' (a wrong current password or code), the attempt counts
 * toward that address's lockout as at login: `wrong()` (or the lock's sentence) is thrown after the commit, so the count stays.
 */
export async function withCountedAttempt<T>(
  db: Db,
  settings: SettingsService,
  who: { id: string; ip?: string },
  now: Date,
  wrong: () => AppError,
  work: (tx: Queryable, user: UserRow) => Promise<T | 'wrong'>,
): Promise<T> {
  const result = await db.transaction(async (tx): Promise<T | AppError> => {
    const user = await lockedUser(tx, who.id);
    const standing = (await addressLockRefusal(tx, settings, user, who.ip, now)) ?? standingRefusal(user);
    if (standing) return standing;
    const done = await work(tx, user);
    return done === 'wrong' ? registerFailure(tx, settings, user, who.ip, now, wrong()) : done;
  });
  if (result instanceof AppError) throw result;
  return result;
}

/** Why a known account may not go on: a status other than active. */
export function standingRefusal(user: UserRow): AppError | null {
  const refusal = loginRefusal(user.status);
  return refusal ? forbidden(refusal.message, undefined, refusal.code) : null;
}

/**
 * Opens a session (this address's failures forgotten, the login time kept); a user without 2FA must enrol first when
 * settings say so. Also the end of a shop sign-up whose email was confirmed.
 */
export async function openSession(
  tx: Queryable,
  settings: SettingsService,
  user: UserRow,
  client: Client,
  now: Date,
): Promise<Extract<LoginOutcome, { kind: 'session' }>> {
  const { twoFactorAuth } = await settings.get(tx);
  const requiresEnrolment = mustEnrol(twoFactorAuth, user.totpSecret !== null);
  const token = newToken();
  await tx.update(users).set({ failedLoginCount: 0, lastLogin: now }).where(eq(users.id, user.id));
  await forgetFailures(tx, user.email, client.ip);
  await tx.insert(sessions).values({
    tokenHash: sha256(token),
    userId: user.id,
    createdAt: now,
    lastSeenAt: now,
    requiresEnrolment,
    ip: client.ip ?? null,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
  });
  const restriction = sessionRestriction({ mustChangePassword: user.mustChangePassword, requiresEnrolment });
  return { kind: 'session', token, user: presentSessionUser({ ...user, name: displayName(user) }), restriction };
}

/**
 * The password step. An account with 2FA gets a challenge instead of a token: no session exists until its second
 * factor is given (verifyLoginChallenge), and the failed-attempt count is kept until then, so that knowing the
 * password does not buy unlimited guesses at the code.
 *
 * An unknown email, a wrong password and an address locked out of the account get the same answer after the same
 * work (a password check, a dummy one for an unknown email; the failure counted; the email's delay), so neither the
 * answer nor its time tells whether an account exists or is locked.
 */
export async function login(
  db: Db,
  settings: SettingsService,
  input: { email: string; password: string } & Client,
  now = new Date(),
): Promise<LoginOutcome> {
  const email = normaliseEmail(input.email);
  const { maxLoginAttempts } = await settings.get();
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const standing = await loginStanding(db, email, input.ip, now, maxLoginAttempts);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok || standing.lockedUntil) {
    await recordFailure(db, email, input.ip, now, maxLoginAttempts);
    await pause(standing.delayMs);
    throw unauthorized('invalid_credentials');
  }
  await pause(standing.delayMs);
  const refusal = standingRefusal(user);
  if (refusal) throw refusal;

  if (user.totpSecret) {
    const challenge = newToken();
    const expiresAt = new Date(now.getTime() + CHALLENGE_MINUTES * 60_000);
    await db
      .insert(loginChallenges)
      .values({ tokenHash: sha256(challenge), userId: user.id, expiresAt, createdAt: now });
    return { kind: 'challenge', challenge, expiresAt };
  }
  return db.transaction((tx) => openSession(tx, settings, user, input, now));
}

const challengeInvalid = () => unauthorized('challenge_invalid');
const codeInvalid = () => unauthorized('invalid_code');

/**
 * The second step: the challenge of login() with a current TOTP code or an unused recovery code. The challenge is
 * single use and bound to its user; a wrong code counts toward the lockout like a wrong password.
 */
export async function verifyLoginChallenge(
  db: Db,
  settings: SettingsService,
  box: SecretBox,
  input: { challenge: string; code: string } & Client,
  now = new Date(),
): Promise<LoginOutcome> {
  const result = await db.transaction(async (tx): Promise<LoginOutcome | AppError> => {
    const [challenge] = await tx
      .select()
      .from(loginChallenges)
      .where(eq(loginChallenges.tokenHash, sha256(input.challenge)))
      .limit(1)
      .for('update');
    if (!challenge || challenge.usedAt || challenge.expiresAt <= now) return challengeInvalid();
    const [user] = await tx.select().from(users).where(eq(users.id, challenge.userId)).limit(1).for('update');
    if (!user?.totpSecret) return challengeInvalid();
    const refusal = (await addressLockRefusal(tx, settings, user, input.ip, now)) ?? standingRefusal(user);
    if (refusal) return refusal;
    if (!(await spendSecondFactor(tx, box, user, input.code, now)))
      return registerFailure(tx, settings, user, input.ip, now, codeInvalid());
    await tx.update(loginChallenges).set({ usedAt: now }).where(eq(loginChallenges.id, challenge.id));
    return openSession(tx, settings, user, input, now);
  });
  // A refusal is answered after the commit, so that the failed attempt it counted is kept.
  if (result instanceof AppError) throw result;
  return result;
}

type SessionRow = {
  sessionId: string;
  createdAt: Date;
  lastSeenAt: Date;
  revokedAt: Date | null;
  enrolled: boolean;
  id: string;
  email: string;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  role: string;
  status: string;
  mustChangePassword: boolean;
};

/**
 * Sessions read in the last moments, by token hash: most requests then skip the session+user query.
 * Logout and revocation drop entries here and, once committed, on every other process (lib/invalidation.ts);
 * CACHE_MS bounds what a process whose notifications were lost could miss, and then it bypasses the cache.
 */
const CACHE_MS = 2_000;
const CACHE_MAX = 10_000;
const sessionCache = new Map<string, { row: SessionRow; at: number }>();

export function forgetSessions(match: (row: SessionRow) => boolean) {
  for (const [key, entry] of sessionCache) if (match(entry.row)) sessionCache.delete(key);
}

onInvalidation((event) => {
  if (event === 'all') sessionCache.clear();
  else if (event.startsWith('session:')) forgetSessions((row) => row.sessionId === event.slice(8));
  else if (event.startsWith('user:')) forgetSessions((row) => row.id === event.slice(5));
});

async function loadSession(db: Db, tokenHash: string, now: Date): Promise<SessionRow | undefined> {
  const hit = sessionCache.get(tokenHash);
  if (hit && now.getTime() - hit.at < CACHE_MS && cachesTrusted()) {
    await caughtUp(); // a logout or suspension committed on another process has dropped the entry by then
    if (sessionCache.get(tokenHash) === hit && cachesTrusted()) return hit.row;
  }
  const [row] = await db
    .select({
      sessionId: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      revokedAt: sessions.revokedAt,
      enrolled: sql<boolean>`${users.totpSecret} is not null`,
      id: users.id,
      email: users.email,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      status: users.status,
      mustChangePassword: users.mustChangePassword,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (sessionCache.size >= CACHE_MAX) sessionCache.clear();
  if (row) sessionCache.set(tokenHash, { row, at: now.getTime() });
  else sessionCache.delete(tokenHash);
  return row;
}

export async function authenticate(
  db: Db,
  settings: SettingsService,
  token: string,
  now = new Date(),
): Promise<AuthUser> {
  const tokenHash = sha256(token);
  const row = await loadSession(db, tokenHash, now);
  if (!row || row.revokedAt) throw unauthorized();
  if (row.status !== 'active') throw unauthorized('account_inactive');
  const { sessionTimeout, sessionMaxHours, twoFactorAuth } = await settings.get();
  const idle = now.getTime() - row.lastSeenAt.getTime() > sessionTimeout * 60_000;
  if (idle || now.getTime() - row.createdAt.getTime() > sessionMaxHours * 3_600_000) {
    sessionCache.delete(tokenHash);
    await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, row.sessionId));
    throw unauthorized('session_expired');
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    row.lastSeenAt = now;
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  // Decided on every request, not only at login: turning "Require 2FA" on restricts sessions already open.
  const restriction = sessionRestriction({
    mustChangePassword: row.mustChangePassword,
    requiresEnrolment: mustEnrol(twoFactorAuth, row.enrolled),
  });
  return {
    id: row.id,
    email: row.email,
    name: displayName(row),
    role: row.role,
    sessionId: row.sessionId,
    restriction,
  };
}

/**
 * A session as the live events stream sees it (modules/events): its user and its token's hash (which keys the
 * stream's tickets), or null once it has ended: revoked (logout, suspension), the account no longer active, idle or
 * older than the settings allow. Read fresh from the database; it neither touches nor revokes the session.
 */
export async function sessionStanding(
  db: Db,
  settings: SettingsService,
  sessionId: string,
  now = new Date(),
): Promise<{ user: AuthUser; tokenHash: string; endsAt: Date } | null> {
  const [row] = await db
    .select({
      tokenHash: sessions.tokenHash,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      revokedAt: sessions.revokedAt,
      id: users.id,
      email: users.email,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      status: users.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  if (!row || row.revokedAt || row.status !== 'active') return null;
  const { sessionTimeout, sessionMaxHours } = await settings.get();
  const endsAt = new Date(
    Math.min(row.lastSeenAt.getTime() + sessionTimeout * 60_000, row.createdAt.getTime() + sessionMaxHours * 3_600_000),
  );
  if (endsAt <= now) return null;
  const user = { id: row.id, email: row.email, name: displayName(row), role: row.role, sessionId, restriction: null };
  return { user, tokenHash: row.tokenHash, endsAt };
}

export async function logout(db: Db, sessionId: string, now = new Date()) {
  forgetSessions((row) => row.sessionId === sessionId);
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  invalidated(`session:${sessionId}`);
}

/** Ends every open session of a user (suspension, promotion, password change). */
export async function revokeAllSessions(db: Queryable, userId: string, now = new Date()) {
  forgetSessions((row) => row.id === userId);
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  invalidated(`user:${userId}`);
}

export async function createUser(
  db: Queryable,
  input: {
    email: string;
    password?: string;
    /** A hash of the password made before (the test factories hash their one password once). */
    passwordHash?: string;
    name?: string;
    role: string;
    status?: string;
    kycStatus?: string;
  },
) {
  const [user] = await db
    .insert(users)
    .values({
      email: normaliseEmail(input.email),
      name: input.name ?? null,
      role: input.role,
      status: input.status ?? 'active',
      kycStatus: input.kycStatus ?? 'pending',
      passwordHash: input.passwordHash ?? (input.password ? await hashPassword(input.password) : null),
    })
    .returning();
  return user!;
}
