import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { BulkJob, Notification, SendResult } from '../../../src/common/notifications.js';
import type { BulkInput, BulkListQuery, NotificationListQuery, OutboxListQuery, SendInput } from '../../../src/common/notifications.schemas.js';
import type { Db } from '../../db/client.js';
import { emailMessages, notificationBulks, notifications, users } from '../../db/schema.js';
import { forbidden, notFound, unprocessable } from '../../lib/errors.js';
import { Counter } from '../../lib/list.js';
import type { Actor, AuthUser } from '../../types.js';
import { audit } from '../audit/service.js';
import { notificationSettings, notificationsQueued, notify } from './notify.js';
import { channelRefusal, notificationAccess } from './policy.js';
import { presentBulk, presentEmail, presentNotification } from './present.js';

const outboxCounter = new Counter({ exactTtlMs: 0 });
const allCounter = new Counter({ exactTtlMs: 0 });
const likeAny = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The caller's inbox (with their unread count), or with scope all (staff) every user's, by recipient and read state. */
export async function listNotifications(db: Db, caller: AuthUser, q: NotificationListQuery) {
  const all = q.scope === 'all' || !!q.userId || !!q.q;
  if (all && !notificationAccess.canRead(caller.role)) throw forbidden('You do not have permission to do this.');
  const filters: SQL[] = [];
  if (!all) filters.push(eq(notifications.userId, caller.id));
  if (q.userId) filters.push(eq(notifications.userId, q.userId));
  if (q.read !== undefined) filters.push(q.read ? sql`${notifications.readAt} is not null` : isNull(notifications.readAt));
  if (q.q) filters.push(sql`${notifications.userId} in (select ${users.id} from ${users} where ${ilike(users.email, likeAny(q.q))})`);
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db.select({ n: notifications, userEmail: users.email }).from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId)).where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(q.limit).offset(q.offset);
  // Everyone's notifications (a bulk send writes one per user) are counted as every list is: exactly up to 10,000.
  const total = all
    ? await allCounter.count(db, notifications, where, JSON.stringify([q.userId ?? null, q.read ?? null, q.q ?? null]))
    : { total: Number((await db.select({ n: count() }).from(notifications).where(where))[0]?.n ?? 0), totalIsEstimate: false };
  const [unread] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, caller.id), isNull(notifications.readAt)));
  return {
    notifications: rows.map((r) => presentNotification({ ...r.n, userEmail: all ? r.userEmail : null })),
    ...total,
    unread: Number(unread?.n ?? 0),
  };
}

/** Marks one of the caller's notifications read (another user's reads as not found). */
export async function markRead(db: Db, caller: AuthUser, id: string): Promise<Notification> {
  const [row] = await db.update(notifications).set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, caller.id))).returning();
  if (!row) throw notFound('Notification not found.');
  return presentNotification(row);
}

export async function markAllRead(db: Db, caller: AuthUser): Promise<number> {
  const rows = await db.update(notifications).set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, caller.id), isNull(notifications.readAt))).returning({ id: notifications.id });
  return rows.length;
}

/** Sends to one user now: the in-app notification and/or the queued email, refused when settings turn a channel off. */
export async function sendNotification(db: Db, input: SendInput, actor: Actor): Promise<SendResult> {
  const result = await db.transaction(async (tx) => {
    const [user] = input.userId
      ? await tx.select().from(users).where(eq(users.id, input.userId)).limit(1)
      : await tx.select().from(users).where(eq(users.email, input.email!.trim().toLowerCase())).limit(1);
    if (!user) throw notFound(input.userId ? `No user has the id ${input.userId}.` : `No user has the email ${input.email}.`);
    const s = await notificationSettings(tx);
    const refusal = channelRefusal(input.channels, s);
    if (refusal) throw unprocessable(refusal, { channels: refusal }, 'channel_off');
    const sent = await notify(tx, { userId: user.id, title: input.title, body: input.body, channels: input.channels, link: input.link }, s);
    await audit(tx, actor, 'notification.send', 'notification', sent.notificationId ?? (sent.emailId ? `email:${sent.emailId}` : null),
      { to: user.email, title: input.title, channels: input.channels });
    const [note] = sent.notificationId ? await tx.select().from(notifications).where(eq(notifications.id, sent.notificationId)) : [];
    return { notification: note ? presentNotification(note) : null, emailId: sent.emailId };
  });
  if (result.emailId) { outboxCounter.touch(); notificationsQueued(); }
  return result;
}

const audienceFilter = (audience: string, before?: Date): SQL =>
  and(eq(users.status, 'active'), audience === 'all' ? undefined : eq(users.role, audience), before ? sql`${users.createdAt} <= ${before.toISOString()}::timestamptz` : undefined)!;

/** Queues a bulk send to a role's (or every) active user; the worker reaches them in the background. */
export async function createBulk(db: Db, input: BulkInput, actor: Actor): Promise<BulkJob> {
  const bulk = await db.transaction(async (tx) => {
    const refusal = channelRefusal(input.channels, await notificationSettings(tx));
    if (refusal) throw unprocessable(refusal, { channels: refusal }, 'channel_off');
    const now = new Date();
    const [members] = await tx.select({ n: count() }).from(users).where(audienceFilter(input.audience, now));
    const total = Number(members?.n ?? 0);
    if (total === 0) {
      const who = input.audience === 'all' ? 'There is no active user' : `No active user has the role ${input.audience}`;
      throw unprocessable(`${who}: nobody would receive this.`, { audience: `${who}.` }, 'no_recipients');
    }
    const [row] = await tx.insert(notificationBulks).values({
      audience: input.audience, title: input.title, body: input.body, link: input.link, inApp: input.channels.includes('in_app'),
      email: input.channels.includes('email'), total, createdBy: actor?.id ?? null, createdAt: now,
    }).returning();
    await audit(tx, actor, 'notification.bulk', 'notification', row!.id, { audience: input.audience, title: input.title, channels: input.channels, total });
    return row!;
  });
  notificationsQueued();
  return presentBulk(bulk);
}

export async function getBulk(db: Db, id: string): Promise<BulkJob> {
  const [row] = await db.select().from(notificationBulks).where(eq(notificationBulks.id, id)).limit(1);
  if (!row) throw notFound('Bulk notification not found.');
  return presentBulk(row);
}

export async function listBulks(db: Db, q: BulkListQuery) {
  const rows = await db.select().from(notificationBulks).orderBy(desc(notificationBulks.createdAt), desc(notificationBulks.id)).limit(q.limit).offset(q.offset);
  const [total] = await db.select({ n: count() }).from(notificationBulks);
  return { jobs: rows.map(presentBulk), total: Number(total?.n ?? 0) };
}

/** The email outbox and queue, newest first, by status and by address or subject. */
export async function listOutbox(db: Db, q: OutboxListQuery) {
  const filters: SQL[] = [];
  if (q.status) filters.push(eq(emailMessages.status, q.status));
  if (q.q) filters.push(or(ilike(emailMessages.toAddress, likeAny(q.q)), ilike(emailMessages.subject, likeAny(q.q)))!);
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db.select().from(emailMessages).where(where).orderBy(desc(emailMessages.createdAt), desc(emailMessages.id)).limit(q.limit).offset(q.offset);
  const total = await outboxCounter.count(db, emailMessages, where, JSON.stringify([q.status ?? null, q.q ?? null]));
  return { messages: rows.map(presentEmail), ...total };
}
