/**
 * The login lockout, counted per typed email and client address (login_failures), so that nobody can lock the owner
 * out: an address that keeps failing is locked out of that email for LOCK_MINUTES, and failures from many addresses
 * slow every answer for that email (a bounded delay) instead. An unknown email is counted the same way, so the lockout
 * tells nobody which emails have accounts.
 */
import { and, eq, gte, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { loginFailures, users } from '../../db/schema.js';
import { FAILURE_WINDOW_MINUTES, LOCK_MINUTES, loginStandingOf, type LoginStanding } from './policy.js';

/** What a request without a known address is counted as. */
const addressOf = (ip: string | undefined) => ip || 'unknown';

/** Whether this address is locked out of this email now, and how long the email's answers wait. */
export async function loginStanding(
  db: Queryable,
  email: string,
  ip: string | undefined,
  now: Date,
  maxLoginAttempts: number,
): Promise<LoginStanding> {
  const rows = await db
    .select({
      ip: loginFailures.ip,
      failures: loginFailures.failures,
      lastFailedAt: loginFailures.lastFailedAt,
      lockedUntil: loginFailures.lockedUntil,
    })
    .from(loginFailures)
    .where(eq(loginFailures.email, email));
  return loginStandingOf(rows, addressOf(ip), now, maxLoginAttempts);
}

/**
 * Counts one failure of this address for this email (a wrong password or code), locking the pair at maxLoginAttempts
 * failures in a row within the window; answers the pair's lock end when it is locked now. The account's own counter
 * (users.failed_login_count, shown to staff) and its latest lock (users.locked_until) follow; stale rows are pruned.
 */
export async function recordFailure(
  db: Queryable,
  email: string,
  ip: string | undefined,
  now: Date,
  maxLoginAttempts: number,
): Promise<Date | null> {
  const address = addressOf(ip);
  const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MINUTES * 60_000);
  const until = new Date(now.getTime() + LOCK_MINUTES * 60_000);
  // A row whose last failure left the window, or whose lock has ended, starts again from one.
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const next = sql`(case when ${loginFailures.lastFailedAt} < ${at(windowStart)} or ${loginFailures.lockedUntil} <= ${at(now)} then 1 else ${loginFailures.failures} + 1 end)`;
  const [row] = await db
    .insert(loginFailures)
    .values({ email, ip: address, failures: 1, lastFailedAt: now, lockedUntil: maxLoginAttempts <= 1 ? until : null })
    .onConflictDoUpdate({
      target: [loginFailures.email, loginFailures.ip],
      set: {
        failures: next,
        lastFailedAt: now,
        lockedUntil: sql`(case when ${loginFailures.lockedUntil} > ${at(now)} then ${loginFailures.lockedUntil} when ${next} >= ${maxLoginAttempts} then ${at(until)} end)`,
      },
    })
    .returning({ lockedUntil: loginFailures.lockedUntil });
  await db
    .delete(loginFailures)
    .where(
      and(
        lt(loginFailures.lastFailedAt, windowStart),
        or(isNull(loginFailures.lockedUntil), lt(loginFailures.lockedUntil, now)),
        or(ne(loginFailures.email, email), ne(loginFailures.ip, address)),
      ),
    );
  const lockedUntil = row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
  await db
    .update(users)
    .set({
      failedLoginCount: sql`${users.failedLoginCount} + 1`,
      ...(lockedUntil ? { lockedUntil: sql`greatest(${users.lockedUntil}, ${at(lockedUntil)})` } : {}),
    })
    .where(eq(users.email, email));
  return lockedUntil;
}

/** A success from this address forgets that address's failures (the others' stay: the owner logging in unlocks nobody). */
export async function forgetFailures(db: Queryable, email: string, ip: string | undefined) {
  await db.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.ip, addressOf(ip))));
}

/** An admin's unlock, a password reset or a set-password link lifts every address's lock on this email. */
export async function liftLockout(db: Queryable, email: string) {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}

/** The recent failures of this email by address, newest first (the user page). */
export async function recentFailures(db: Queryable, email: string, now: Date) {
  const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MINUTES * 60_000);
  const rows = await db
    .select()
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.email, email),
        or(
          gte(loginFailures.lastFailedAt, windowStart),
          sql`${loginFailures.lockedUntil} > ${now.toISOString()}::timestamptz`,
        ),
      ),
    )
    .orderBy(sql`${loginFailures.lastFailedAt} desc`)
    .limit(20);
  return rows.map((r) => ({
    ip: r.ip,
    failures: r.failures,
    lastFailedAt: r.lastFailedAt.toISOString(),
    lockedUntil: r.lockedUntil && r.lockedUntil > now ? r.lockedUntil.toISOString() : null,
  }));
}

/** Waits `ms` (the account's delay) before an answer is sent. */
export const pause = (ms: number) =>
  ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
