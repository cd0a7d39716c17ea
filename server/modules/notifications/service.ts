import { and, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  BulkJob,
  EmailMessage,
  EmailMessageDetail,
  Notification,
  SendResult,
} from '../../../src/common/notifications.js';
import type {
  BulkInput,
  BulkListQuery,
  NotificationListQuery,
  OutboxListQuery,
  SendInput,
} from '../../../src/common/notifications.schemas.js';
import type { Db } from '../../db/client.js';
import { emailMessages, notificationBulks, notifications, users } from '../../db/schema.js';
import { forbidden, notFound, say, unprocessable } from '../../lib/errors.js';
import { Counter } from '../../lib/list.js';
import { after, listOrder, orderBy, type Page } from '../../lib/pages.js';
import type { Actor, AuthUser } from '../../types.js';
import { audit } from '../audit/service.js';
import { notificationSettings, notificationsQueued, notify } from './notify.js';
import { channelRefusal, notificationAccess } from './policy.js';
import { presentBulk, presentEmail, presentNotification } from './present.js';

const outboxCounter = new Counter({ exactTtlMs: 0 });
const allCounter = new Counter({ exactTtlMs: 0 });
const likeAny = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Which notifications a list shows: the caller's own, or (`all`) every user's by recipient and read state. */
function notificationFilter(
  caller: AuthUser,
  q: Omit<NotificationListQuery, 'limit' | 'offset'>,
  all: boolean,
): SQL | undefined {
  const filters: SQL[] = [];
  if (!all) filters.push(eq(notifications.userId, caller.id));
  if (q.userId) filters.push(eq(notifications.userId, q.userId));
  if (q.read !== undefined)
    filters.push(q.read ? sql`${notifications.readAt} is not null` : isNull(notifications.readAt));
  if (q.q)
    filters.push(
      sql`${notifications.userId} in (select ${users.id} from ${users} where ${ilike(users.email, likeAny(q.q))})`,
    );
  return filters.length ? and(...filters) : undefined;
}

/** A page of notifications under `where` by time (newest first unless told), each with its recipient's email when `all`. */
async function notificationPage(
  db: Db,
  where: SQL | undefined,
  all: boolean,
  q: Pick<NotificationListQuery, 'order'>,
  page: Page,
): Promise<Notification[]> {
  const order = listOrder([notifications.createdAt], notifications.id, q.order);
  const rows = await db
    .select({ n: notifications, userEmail: users.email })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(and(where, after(order, page.after)))
    .orderBy(...orderBy(order))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return rows.map((r) => presentNotification({ ...r.n, userEmail: all ? r.userEmail : null }));
}

/** Every user's notifications under the staff list's filters (its CSV export reads these a batch at a time). */
export const allNotificationRows = (db: Db, caller: AuthUser, q: NotificationListQuery, page: Page) =>
  notificationPage(db, notificationFilter(caller, q, true), true, q, page);

/** The caller's inbox (with their unread count), or with scope all (staff) every user's, by recipient and read state. */
export async function listNotifications(db: Db, caller: AuthUser, q: NotificationListQuery) {
  const all = q.scope === 'all' || !!q.userId || !!q.q;
  if (all && !notificationAccess.canRead(caller.role)) throw forbidden('forbidden');
  const where = notificationFilter(caller, q, all);
  const rows = await notificationPage(db, where, all, q, q);
  // Everyone's notifications (a bulk send writes one per user) are counted as every list is: exactly up to 10,000.
  const total = all
    ? await allCounter.count(db, notifications, where, JSON.stringify([q.userId ?? null, q.read ?? null, q.q ?? null]))
    : {
        total: Number((await db.select({ n: count() }).from(notifications).where(where))[0]?.n ?? 0),
        totalIsEstimate: false,
      };
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, caller.id), isNull(notifications.readAt)));
  return { notifications: rows, ...total, unread: Number(unread?.n ?? 0) };
}

/** Marks one of the caller's notifications read (another user's reads as not found). */
export async function markRead(db: Db, caller: AuthUser, id: string): Promise<Notification> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, caller.id)))
    .returning();
  if (!row) throw notFound('notification_not_found');
  return presentNotification(row);
}

export async function markAllRead(db: Db, caller: AuthUser): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, caller.id), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Sends to one user now: the in-app notification and/or the queued email, refused when settings turn a channel off. */
export async function sendNotification(db: Db, input: SendInput, actor: Actor): Promise<SendResult> {
  const result = await db.transaction(async (tx) => {
    const [user] = input.userId
      ? await tx.select().from(users).where(eq(users.id, input.userId)).limit(1)
      : await tx.select().from(users).where(eq(users.email, input.email!.trim().toLowerCase())).limit(1);
    if (!user)
      throw notFound(
        input.userId
          ? say('no_user_with_id', { id: input.userId })
          : say('no_user_with_email', { email: input.email ?? '' }),
      );
    const s = await notificationSettings(tx);
    const refusal = channelRefusal(input.channels, s);
    if (refusal) throw unprocessable(refusal, undefined, { channels: refusal }, 'channel_off');
    const sent = await notify(
      tx,
      { userId: user.id, title: input.title, body: input.body, channels: input.channels, link: input.link },
      s,
    );
    await audit(
      tx,
      actor,
      'notification.send',
      'notification',
      sent.notificationId ?? (sent.emailId ? `email:${sent.emailId}` : null),
      { to: user.email, title: input.title, channels: input.channels },
    );
    const [note] = sent.notificationId
      ? await tx.select().from(notifications).where(eq(notifications.id, sent.notificationId))
      : [];
    return { notification: note ? presentNotification(note) : null, emailId: sent.emailId };
  });
  if (result.emailId) {
    outboxCounter.touch();
    notificationsQueued();
  }
  return result;
}

const audienceFilter = (audience: string, before?: Date): SQL =>
  and(
    eq(users.status, 'active'),
    audience === 'all' ? undefined : eq(users.role, audience),
    before ? sql`${users.createdAt} <= ${before.toISOString()}::timestamptz` : undefined,
  )!;

/** Queues a bulk send to a role's (or every) active user; the worker reaches them in the background. */
export async function createBulk(db: Db, input: BulkInput, actor: Actor): Promise<BulkJob> {
  const bulk = await db.transaction(async (tx) => {
    const refusal = channelRefusal(input.channels, await notificationSettings(tx));
    if (refusal) throw unprocessable(refusal, undefined, { channels: refusal }, 'channel_off');
    const now = new Date();
    const [members] = await tx.select({ n: count() }).from(users).where(audienceFilter(input.audience, now));
    const total = Number(members?.n ?? 0);
    if (total === 0) {
      const [code, field] =
        input.audience === 'all'
          ? (['no_active_user', 'no_active_user_field'] as const)
          : (['no_active_role', 'no_active_role_field'] as const);
      throw unprocessable(
        code,
        { role: input.audience },
        { audience: say(field, { role: input.audience }) },
        'no_recipients',
      );
    }
    const [row] = await tx
      .insert(notificationBulks)
      .values({
        audience: input.audience,
        title: input.title,
        body: input.body,
        link: input.link,
        inApp: input.channels.includes('in_app'),
        email: input.channels.includes('email'),
        total,
        createdBy: actor?.id ?? null,
        createdAt: now,
      })
      .returning();
    await audit(tx, actor, 'notification.bulk', 'notification', row!.id, {
      audience: input.audience,
      title: input.title,
      channels: input.channels,
      total,
    });
    return row!;
  });
  notificationsQueued();
  return presentBulk(bulk);
}

export async function getBulk(db: Db, id: string): Promise<BulkJob> {
  const [row] = await db.select().from(notificationBulks).where(eq(notificationBulks.id, id)).limit(1);
  if (!row) throw notFound('bulk_notification_not_found');
  return presentBulk(row);
}

/** The bulk sends' sorts (a few rows per day: no index needed); an audience or a status is a group, newest first within it. */
const BULK_SORT_COLUMNS = {
  createdAt: [notificationBulks.createdAt],
  audience: [notificationBulks.audience, notificationBulks.createdAt],
  status: [notificationBulks.status, notificationBulks.createdAt],
} as const;

/** A page of the bulk sends in their sort (the list's page, or its CSV export's batch after a row). */
export async function bulkRows(db: Db, q: Pick<BulkListQuery, 'sort' | 'order'>, page: Page): Promise<BulkJob[]> {
  const order = listOrder([...BULK_SORT_COLUMNS[q.sort]], notificationBulks.id, q.order);
  const rows = await db
    .select()
    .from(notificationBulks)
    .where(after(order, page.after))
    .orderBy(...orderBy(order))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return rows.map(presentBulk);
}

export async function listBulks(db: Db, q: BulkListQuery) {
  const [total] = await db.select({ n: count() }).from(notificationBulks);
  return { jobs: await bulkRows(db, q, q), total: Number(total?.n ?? 0) };
}

function outboxFilter(q: OutboxListQuery): SQL | undefined {
  const filters: SQL[] = [];
  if (q.status) filters.push(eq(emailMessages.status, q.status));
  if (q.q) filters.push(or(ilike(emailMessages.toAddress, likeAny(q.q)), ilike(emailMessages.subject, likeAny(q.q)))!);
  return filters.length ? and(...filters) : undefined;
}

/** The outbox's sorts, each read in index order: a status is a group, newest first within it (the status index's order). */
const OUTBOX_SORT_COLUMNS = {
  createdAt: [emailMessages.createdAt],
  status: [emailMessages.status, emailMessages.createdAt],
} as const;

/** A page of the outbox in its sort (the list's page, or its CSV export's batch after a row). */
export async function outboxRows(db: Db, q: OutboxListQuery, page: Page): Promise<EmailMessage[]> {
  const order = listOrder([...OUTBOX_SORT_COLUMNS[q.sort]], emailMessages.id, q.order);
  const rows = await db
    .select()
    .from(emailMessages)
    .where(and(outboxFilter(q), after(order, page.after)))
    .orderBy(...orderBy(order))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return rows.map(presentEmail);
}

/**
 * One email's whole text for an admin. Its links may be secrets (a sign-up or set-password link), so each reading is
 * written to the audit log with who read it.
 */
export async function readOutboxMessage(db: Db, id: number, actor: Actor): Promise<EmailMessageDetail> {
  const [row] = await db.select().from(emailMessages).where(eq(emailMessages.id, id)).limit(1);
  if (!row) throw notFound('email_not_found');
  await audit(db, actor, 'email.read', 'email', String(id), { to: row.toAddress, subject: row.subject });
  return { ...presentEmail(row), body: row.body };
}

/** The email outbox and queue, newest first, by status and by address or subject. */
export async function listOutbox(db: Db, q: OutboxListQuery) {
  const [messages, total] = await Promise.all([
    outboxRows(db, q, q),
    outboxCounter.count(db, emailMessages, outboxFilter(q), JSON.stringify([q.status ?? null, q.q ?? null])),
  ]);
  return { messages, ...total };
}
