import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { emitWebhook } from '../webhooks/outbox.js';
import type {
  PasswordReset,
  User,
  UserCreated,
  UserDetail,
  UserRemoval,
  UserStats,
} from '../../../src/common/users.js';
import type { UserCreateInput, UserListQuery, UserPatch } from '../../../src/common/users.schemas.js';
import type { Db, Queryable, Tx } from '../../db/client.js';
import { orders, searchOf, sessions, users } from '../../db/schema.js';
import { hashPassword } from '../../lib/crypto.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { Counter } from '../../lib/list.js';
import { after, listOrder, orderBy, type Page } from '../../lib/pages.js';
import { ownSearchFilter } from '../../lib/search.js';
import { uniqueText } from '../../lib/unique.js';
import type { Actor } from '../../types.js';
import { changes } from '../audit/changes.js';
import { audit } from '../audit/service.js';
import { recoveryCodesLeft, resetTwoFactor } from '../auth/enrolment.js';
import { liftLockout, recentFailures } from '../auth/lockout.js';
import { resetPassword } from '../auth/password.js';
import { issuePasswordLink } from '../auth/password-links.js';
import { normaliseEmail, revokeAllSessions } from '../auth/service.js';
import { notificationSettings, notify } from '../notifications/notify.js';
import { changeRefusal, deleteRefusal, endsSessions, selfChangeRefusal } from './policy.js';
import { presentSession, presentUser } from './present.js';
import { notice } from '../../../src/common/notices-catalogue.js';

type Row = typeof users.$inferSelect;
const counter = new Counter();

const SORT_COLUMNS = {
  createdAt: users.createdAt,
  email: users.email,
  name: users.name,
  lastLogin: users.lastLogin,
  role: users.role,
} as const;

const uniqueEmail = uniqueText({
  table: users,
  id: users.id,
  column: users.email,
  index: 'users_email_key',
  taken: (value) => new AppError(409, 'email_taken', { value }, { email: 'email_used_by_other' }),
});

function userFilter(q: UserListQuery) {
  const filters: SQL[] = [];
  if (q.status) filters.push(eq(users.status, q.status));
  if (q.role) filters.push(eq(users.role, q.role));
  if (q.kycStatus) filters.push(eq(users.kycStatus, q.kycStatus));
  // Any part of the id, email, name, first or last name ("Ada Lovelace" finds first plus last): lib/search.ts.
  if (q.q?.trim()) filters.push(ownSearchFilter(q.q, searchOf.users(users)));
  return filters.length ? and(...filters) : undefined;
}

/** One page of the list (by offset for the JSON list, after a row for the CSV export). */
export async function userRows(db: Db, q: UserListQuery, page: Page): Promise<User[]> {
  const order = listOrder([SORT_COLUMNS[q.sort]], users.id, q.order);
  const rows = await db
    .select()
    .from(users)
    .where(and(userFilter(q), after(order, page.after)))
    .orderBy(...orderBy(order))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  const now = new Date();
  return rows.map((u) => presentUser(u, now));
}

export async function listUsers(
  db: Db,
  q: UserListQuery,
): Promise<{ users: User[]; total: number; totalIsEstimate: boolean; stats: UserStats }> {
  const [rows, total, all, active, verified] = await Promise.all([
    userRows(db, q, q),
    counter.count(db, users, userFilter(q), JSON.stringify([q.status, q.role, q.kycStatus, q.q])),
    counter.count(db, users, undefined, 'all'),
    counter.count(db, users, eq(users.status, 'active'), 'status=active'),
    counter.count(db, users, eq(users.kycStatus, 'verified'), 'kyc=verified'),
  ]);
  return { users: rows, ...total, stats: { total: all.total, active: active.total, verified: verified.total } };
}

async function findUser(db: Queryable, id: string, lock = false): Promise<Row> {
  const query = db.select().from(users).where(eq(users.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('user_not_found');
  return row;
}

export async function getUser(db: Db, id: string): Promise<UserDetail> {
  const row = await findUser(db, id);
  const [[placed], open] = await Promise.all([
    db.select({ n: count() }).from(orders).where(eq(orders.userId, id)),
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)))
      .orderBy(desc(sessions.lastSeenAt))
      .limit(20),
  ]);
  return {
    ...presentUser(row),
    ordersCount: Number(placed?.n ?? 0),
    failedLoginCount: row.failedLoginCount,
    sessions: open.map(presentSession),
    loginFailures: await recentFailures(db, row.email, new Date()),
    twoFactorEnabledAt: row.totpSecret && row.totpEnabledAt ? row.totpEnabledAt.toISOString() : null,
    recoveryCodesLeft: row.totpSecret ? await recoveryCodesLeft(db, id) : 0,
  };
}

/** An admin's reset of a user's password: the temporary password, answered once. */
export async function resetUserPassword(
  db: Db,
  id: string,
  method: 'temporary' | 'link',
  origin: string,
  actor: Actor,
): Promise<PasswordReset> {
  const given = await resetPassword(db, id, actor, method === 'link' ? { method, origin } : { method });
  return { ...given, user: presentUser(await findUser(db, id)) } as PasswordReset;
}

/** An admin's reset of a user's 2FA (their sessions must enrol again at once when settings require it). */
export async function resetUserTwoFactor(db: Db, id: string, actor: Actor): Promise<User> {
  await resetTwoFactor(db, id, actor);
  return presentUser(await findUser(db, id));
}

/** Active admins, counted under a lock on them so two changes cannot each leave the other as the last one. */
async function activeAdmins(tx: Tx): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
    .for('update');
  return rows.length;
}

/** A new user with their initial password, or with none and a set-password link (emailed to them, answered once). */
export async function createUser(db: Db, input: UserCreateInput, origin: string, actor: Actor): Promise<UserCreated> {
  const email = normaliseEmail(input.email);
  const { password, passwordSetup, ...fields } = input;
  const passwordHash = password !== undefined ? await hashPassword(password) : null;
  return db
    .transaction(async (tx) => {
      await uniqueEmail.assertFree(tx, email);
      const [row] = await tx
        .insert(users)
        .values({ ...fields, email, passwordHash })
        .returning();
      await audit(tx, actor, 'user.create', 'user', row!.id, { ...fields, email, passwordSetup });
      await emitWebhook(tx, 'user.created', `user:${row!.id}`, () => presentUser(row!));
      const setPasswordLink =
        passwordSetup === 'link' ? await issuePasswordLink(tx, row!, 'invite', origin, actor) : null;
      counter.touch();
      return { user: presentUser(row!), setPasswordLink };
    })
    .catch((err) => uniqueEmail.rethrow(err, email));
}

/** Applies a change under the user's lock: the rules of policy.ts, the email kept unique, sessions ended when role or status change. */
async function changeUser(tx: Tx, id: string, patch: UserPatch, actor: Actor, action: string): Promise<User> {
  const target = await findUser(tx, id, true);
  const own = selfChangeRefusal(actor?.id ?? null, target, patch);
  if (own) throw forbidden(own, undefined, 'user_change_refused');
  const admins = target.role === 'admin' ? await activeAdmins(tx) : 0;
  const refusal = changeRefusal(target, patch, admins);
  if (refusal) throw conflict(refusal, undefined, 'user_change_refused');
  const values = { ...patch, ...(patch.email !== undefined ? { email: normaliseEmail(patch.email) } : {}) };
  if (values.email !== undefined && values.email !== target.email) await uniqueEmail.assertFree(tx, values.email, id);
  const now = new Date();
  const [row] = await tx
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  if (endsSessions(target, patch)) await revokeAllSessions(tx, id, now);
  if (values.status === 'suspended' && target.status !== 'suspended') {
    // By email: a suspended user cannot log in to read the bell.
    const s = await notificationSettings(tx);
    await notify(
      tx,
      {
        userId: id,
        channels: ['email'],
        notice: notice('account_suspended', { siteName: s.siteName, email: row!.email }),
      },
      s,
    );
  }
  await audit(tx, actor, action, 'user', id, changes(presentUser(target, now), presentUser(row!, now), DERIVED));
  counter.touch();
  return presentUser(row!);
}

/** Fields of the API's user that follow from others (`isActive` from `status`), left out of an edit's audit entry. */
const DERIVED = ['updatedAt', 'isActive'] as const;

export async function updateUser(db: Db, id: string, patch: UserPatch, actor: Actor): Promise<User> {
  return db
    .transaction((tx) => changeUser(tx, id, patch, actor, 'user.update'))
    .catch((err) => uniqueEmail.rethrow(err, patch.email ?? ''));
}

export const suspendUser = (db: Db, id: string, actor: Actor) =>
  db.transaction((tx) => changeUser(tx, id, { status: 'suspended' }, actor, 'user.suspend'));
export const reactivateUser = (db: Db, id: string, actor: Actor) =>
  db.transaction((tx) => changeUser(tx, id, { status: 'active' }, actor, 'user.reactivate'));

/** Lifts every address's lockout of this account after too many failed logins. */
export async function unlockUser(db: Db, id: string, actor: Actor): Promise<User> {
  return db.transaction(async (tx) => {
    const user = await findUser(tx, id, true);
    await liftLockout(tx, user.email);
    const [row] = await tx
      .update(users)
      .set({ failedLoginCount: 0, lockedUntil: null, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    await audit(tx, actor, 'user.unlock', 'user', id, null);
    return presentUser(row!);
  });
}

/**
 * Erases a user who has left nothing behind; one with orders (or anything else that names them: payments,
 * commissions, referred users…) is deactivated instead, so the records keep their owner. The answer says which.
 */
export async function deleteUser(db: Db, id: string, actor: Actor): Promise<UserRemoval> {
  return db.transaction(async (tx) => {
    const target = await findUser(tx, id, true);
    const refusal = deleteRefusal(actor?.id ?? null, target, target.role === 'admin' ? await activeAdmins(tx) : 0);
    if (refusal) throw conflict(refusal, undefined, 'user_delete_refused');
    const [placed] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, id)).limit(1);
    if (!placed) {
      const erased = await tx
        .transaction(async (inner) => {
          await inner.delete(users).where(eq(users.id, id));
          return true;
        })
        .catch((err: unknown) => {
          if (
            (err as { code?: string }).code === '23503' ||
            (err as { cause?: { code?: string } }).cause?.code === '23503'
          )
            return false;
          throw err;
        });
      if (erased) {
        await audit(tx, actor, 'user.delete', 'user', id, { email: target.email });
        counter.touch();
        return { outcome: 'deleted', message: `User ${target.email} was deleted.`, user: null };
      }
    }
    const user = await changeUser(tx, id, { status: 'inactive' }, actor, 'user.deactivate');
    return {
      outcome: 'deactivated',
      message: `User ${target.email} has records, so the account was deactivated instead of deleted.`,
      user,
    };
  });
}
