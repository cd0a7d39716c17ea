import { and, eq, isNull } from 'drizzle-orm';
import { sessions, users } from '../../db/schema.js';
import type { Db, Queryable } from '../../db/client.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import { hashPassword, newToken, sha256, verifyPassword } from '../../lib/crypto.js';
import { cachesTrusted, invalidated, onInvalidation } from '../../lib/invalidation.js';
import type { AuthUser } from '../../types.js';
import type { SettingsService } from '../settings/service.js';
import { LOCK_MINUTES, lockedSentence, locksAccount, loginRefusal } from './policy.js';
import { displayName, presentSessionUser } from './present.js';

const INVALID = 'Invalid email or password.';
/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 30_000;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1]! : null;
}

export async function login(
  db: Db,
  settings: SettingsService,
  input: { email: string; password: string; ip?: string; userAgent?: string },
  now = new Date(),
) {
  const email = normaliseEmail(input.email);
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) {
    await verifyPassword(null, input.password);
    throw unauthorized(INVALID, 'invalid_credentials');
  }
  if (user.lockedUntil && user.lockedUntil > now) throw forbidden(lockedSentence(user.lockedUntil, now), 'account_locked');

  const ok = await verifyPassword(user.passwordHash, input.password);
  if (!ok) {
    const { maxLoginAttempts } = await settings.get();
    const failures = user.failedLoginCount + 1;
    if (locksAccount(failures, maxLoginAttempts)) {
      const until = new Date(now.getTime() + LOCK_MINUTES * 60_000);
      await db.update(users).set({ failedLoginCount: 0, lockedUntil: until }).where(eq(users.id, user.id));
      throw forbidden(lockedSentence(until, now), 'account_locked');
    }
    await db.update(users).set({ failedLoginCount: failures }).where(eq(users.id, user.id));
    throw unauthorized(INVALID, 'invalid_credentials');
  }
  const refusal = loginRefusal(user.status);
  if (refusal) throw forbidden(refusal.sentence, refusal.code);

  const token = newToken();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ failedLoginCount: 0, lockedUntil: null, lastLogin: now }).where(eq(users.id, user.id));
    await tx.insert(sessions).values({
      tokenHash: sha256(token), userId: user.id, createdAt: now, lastSeenAt: now,
      ip: input.ip ?? null, userAgent: input.userAgent?.slice(0, 300) ?? null,
    });
  });
  return { token, user: presentSessionUser({ ...user, name: displayName(user) }) };
}

type SessionRow = {
  sessionId: string; lastSeenAt: Date; revokedAt: Date | null;
  id: string; email: string; name: string | null; firstName: string | null; lastName: string | null;
  role: string; status: string;
};

/**
 * Sessions read in the last moments, by token hash: most requests then skip the session+user query.
 * Logout and revocation drop entries here and, once committed, on every other process (lib/invalidation.ts);
 * CACHE_MS bounds what a process whose notifications were lost could miss, and then it bypasses the cache.
 */
const CACHE_MS = 2_000;
const CACHE_MAX = 10_000;
const sessionCache = new Map<string, { row: SessionRow; at: number }>();

function forgetSessions(match: (row: SessionRow) => boolean) {
  for (const [key, entry] of sessionCache) if (match(entry.row)) sessionCache.delete(key);
}

onInvalidation((event) => {
  if (event === 'all') sessionCache.clear();
  else if (event.startsWith('session:')) forgetSessions((row) => row.sessionId === event.slice(8));
  else if (event.startsWith('user:')) forgetSessions((row) => row.id === event.slice(5));
});

async function loadSession(db: Db, tokenHash: string, now: Date): Promise<SessionRow | undefined> {
  const hit = sessionCache.get(tokenHash);
  if (hit && now.getTime() - hit.at < CACHE_MS && cachesTrusted()) return hit.row;
  const [row] = await db
    .select({
      sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt, revokedAt: sessions.revokedAt,
      id: users.id, email: users.email, name: users.name, firstName: users.firstName, lastName: users.lastName,
      role: users.role, status: users.status,
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

export async function authenticate(db: Db, settings: SettingsService, token: string, now = new Date()): Promise<AuthUser> {
  const tokenHash = sha256(token);
  const row = await loadSession(db, tokenHash, now);
  if (!row || row.revokedAt) throw unauthorized();
  if (row.status !== 'active') throw unauthorized('This account is not active. Please log in again.', 'account_inactive');
  const { sessionTimeout } = await settings.get();
  if (now.getTime() - row.lastSeenAt.getTime() > sessionTimeout * 60_000) {
    sessionCache.delete(tokenHash);
    await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, row.sessionId));
    throw unauthorized('Your session has expired. Please log in again.', 'session_expired');
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    row.lastSeenAt = now;
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return { id: row.id, email: row.email, name: displayName(row), role: row.role, sessionId: row.sessionId };
}

export async function logout(db: Db, sessionId: string, now = new Date()) {
  forgetSessions((row) => row.sessionId === sessionId);
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  invalidated(`session:${sessionId}`);
}

/** Ends every open session of a user (suspension, promotion, password change). */
export async function revokeAllSessions(db: Queryable, userId: string, now = new Date()) {
  forgetSessions((row) => row.id === userId);
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  invalidated(`user:${userId}`);
}

export async function createUser(
  db: Queryable,
  input: { email: string; password?: string; name?: string; role: string; status?: string; kycStatus?: string },
) {
  const [user] = await db.insert(users).values({
    email: normaliseEmail(input.email),
    name: input.name ?? null,
    role: input.role,
    status: input.status ?? 'active',
    kycStatus: input.kycStatus ?? 'pending',
    passwordHash: input.password ? await hashPassword(input.password) : null,
  }).returning();
  return user!;
}
