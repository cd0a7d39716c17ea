import {
  AUDIENCES,
  BODY_MAX,
  BULK_STATUSES,
  EMAIL_STATUSES,
  LINK_MAX,
  TITLE_MAX,
} from '../../src/common/notifications.js';
import { isNoticeCode, noticeText, type Notice, type NoticeParams } from '../../src/common/notices-catalogue.js';
import { dateOf, flag } from './domain.js';
import type { At } from './format.js';
import { count, first, missing, oneOf, shown, str, userRef, type Ctx, type Rec } from './records.js';
import type { SeedEmailMessage, SeedNotification, SeedNotificationBulk } from './types.js';

/**
 * Notifications' records for parseSeedFile: bulk sends, the in-app inboxes and the email queue and outbox. What a
 * bulk send reached is its own notifications and emails (each recipient once, as the worker writes them).
 */

/** Text a record needs, at most `max` characters: null with a problem when it is missing or too long. */
function text(ctx: Ctx, at: At, r: Rec, field: string, max: number, what: string): string | null {
  const given = str(r[field]);
  if (given && [...given].length <= max) return given;
  ctx.notes.problem(at, field, given ? `is longer than ${max} characters` : 'missing', `skipped the ${what}`);
  return null;
}

/** The file's bulk sends: every id it names (`named`) and those loaded (`loaded`; the rest had a problem of their own). */
export type Bulks = { named: Set<string>; loaded: Set<string> };

/**
 * The bulk send a record names (optional): its id; null when it names none, or one skipped for its own problem (then
 * the record stays, as if sent on its own); false, with a problem, when the file has no such send.
 */
function bulkRef(ctx: Ctx, at: At, r: Rec, bulks: Bulks, what: string): string | null | false {
  const given = first(r, 'bulkId');
  if (missing(given)) return null;
  const id = ctx.ids.get('notificationBulks', given);
  if (id && bulks.loaded.has(id)) return id;
  if (id && bulks.named.has(id)) return null;
  ctx.notes.problem(at, 'bulkId', `bulk send ${shown(given)} does not exist`, `skipped the ${what}`);
  return false;
}

export function parseNotificationBulks(ctx: Ctx, records: Rec[], userIds: Set<string>): SeedNotificationBulk[] {
  return records.flatMap((r, i) => {
    const at: At = { collection: 'notificationBulks', index: i, id: r.id };
    const title = text(ctx, at, r, 'title', TITLE_MAX, 'bulk send');
    const body = text(ctx, at, r, 'body', BODY_MAX, 'bulk send');
    if (!title || !body) return [];
    const audience = str(r.audience)?.toLowerCase();
    if (!AUDIENCES.includes(audience as 'all')) {
      ctx.notes.problem(
        at,
        'audience',
        missing(r.audience) ? 'missing' : `${shown(r.audience)} is not one of ${AUDIENCES.join(', ')}`,
        'skipped the bulk send',
      );
      return [];
    }
    const status = oneOf(ctx, at, 'status', BULK_STATUSES, r.status, 'queued');
    const total = count(ctx, at, 'total', r.total);
    const [sent, failed, skipped] = [
      count(ctx, at, 'sent', r.sent),
      count(ctx, at, 'failed', r.failed),
      count(ctx, at, 'skipped', r.skipped),
    ];
    // As the worker finishes one: every recipient reached settled (sent, failed or skipped).
    if (status === 'completed' && sent + failed + skipped < total) {
      ctx.notes.problem(
        at,
        'total',
        `${total} recipients but only ${sent + failed + skipped} sent, failed or skipped: not completed`,
        'skipped the bulk send',
      );
      return [];
    }
    const created = dateOf(ctx, at, r, 'createdAt') ?? ctx.now;
    return [
      {
        id: ctx.ids.get('notificationBulks', r.id) ?? ctx.ids.get('notificationBulks', `#${i}`)!,
        audience: audience!,
        title,
        body,
        link: str(r.link)?.slice(0, LINK_MAX) ?? null,
        inApp: flag(ctx, at, r, 'inApp', true),
        email: flag(ctx, at, r, 'email', false),
        status,
        total,
        reached: count(ctx, at, 'reached', r.reached),
        sent,
        failed,
        skipped,
        cursor: missing(r.cursor) ? null : ctx.ids.get('users', r.cursor),
        createdBy: userRef(ctx, at, r, 'createdBy', userIds),
        createdAt: created,
        expandedAt: dateOf(ctx, at, r, 'expandedAt'),
        finishedAt: dateOf(ctx, at, r, 'finishedAt'),
      },
    ];
  });
}

/**
 * What an event said (optional `messageCode` and `params`, notices-catalogue.ts): null when the record has no code, or
 * one the catalogue does not know or with params that are not an object of texts and numbers (then it keeps its text).
 */
function noticeOf(ctx: Ctx, at: At, r: Rec): Notice | null {
  if (missing(r.messageCode)) return null;
  const params = r.params ?? {};
  const plain =
    typeof params === 'object' &&
    !Array.isArray(params) &&
    Object.values(params).every((v) => typeof v === 'string' || typeof v === 'number');
  if (isNoticeCode(r.messageCode) && plain) return { messageCode: r.messageCode, params: params as NoticeParams };
  const wrong = plain ? `${shown(r.messageCode)} is not a message code` : 'params must be texts and numbers by name';
  ctx.notes.problem(at, plain ? 'messageCode' : 'params', wrong, 'kept its title and body without a message code');
  return null;
}

export function parseNotifications(ctx: Ctx, records: Rec[], userIds: Set<string>, bulks: Bulks): SeedNotification[] {
  const reached = new Set<string>();
  return records.flatMap((r, i) => {
    const at: At = { collection: 'notifications', index: i, id: r.id };
    const userId = userRef(ctx, at, r, 'userId', userIds);
    if (!userId) {
      if (missing(r.userId)) ctx.notes.problem(at, 'userId', 'missing', 'skipped the notification');
      return [];
    }
    const said = noticeOf(ctx, at, r);
    const words = said && noticeText(said.messageCode, said.params);
    const title = words?.title ?? text(ctx, at, r, 'title', TITLE_MAX, 'notification');
    const body = words?.body ?? text(ctx, at, r, 'body', BODY_MAX, 'notification');
    const bulkId = bulkRef(ctx, at, r, bulks, 'notification');
    if (!title || !body || bulkId === false) return [];
    if (bulkId && reached.has(`${bulkId}/${userId}`)) {
      ctx.notes.problem(
        at,
        'userId',
        `${shown(r.userId)} already has this bulk send's notification`,
        'skipped the notification',
      );
      return [];
    }
    if (bulkId) reached.add(`${bulkId}/${userId}`);
    return [
      {
        id: ctx.ids.get('notifications', r.id) ?? ctx.ids.get('notifications', `#${i}`)!,
        userId,
        title,
        body,
        messageCode: said?.messageCode ?? null,
        params: said?.params ?? null,
        link: str(r.link),
        bulkId,
        readAt: dateOf(ctx, at, r, 'readAt'),
        createdAt: dateOf(ctx, at, r, 'createdAt') ?? ctx.now,
      },
    ];
  });
}

export function parseEmailMessages(ctx: Ctx, records: Rec[], userIds: Set<string>, bulks: Bulks): SeedEmailMessage[] {
  const reached = new Set<string>();
  return records.flatMap((r, i) => {
    const at: At = { collection: 'emailMessages', index: i, id: r.id };
    const to = str(first(r, 'to', 'toAddress'));
    if (!to?.includes('@')) {
      ctx.notes.problem(
        at,
        'to',
        missing(to) ? 'missing' : `${shown(to)} is not an email address`,
        'skipped the email',
      );
      return [];
    }
    const subject = text(ctx, at, r, 'subject', TITLE_MAX, 'email');
    const body = text(ctx, at, r, 'body', Infinity, 'email');
    const bulkId = bulkRef(ctx, at, r, bulks, 'email');
    if (!subject || !body || bulkId === false) return [];
    const userId = userRef(ctx, at, r, 'userId', userIds);
    if (bulkId && userId && reached.has(`${bulkId}/${userId}`)) {
      ctx.notes.problem(at, 'userId', `${shown(r.userId)} already has this bulk send's email`, 'skipped the email');
      return [];
    }
    if (bulkId && userId) reached.add(`${bulkId}/${userId}`);
    const created = dateOf(ctx, at, r, 'createdAt') ?? ctx.now;
    return [
      {
        userId,
        toAddress: to,
        subject,
        body,
        bulkId,
        status: oneOf(ctx, at, 'status', EMAIL_STATUSES, r.status, 'queued'),
        attempts: count(ctx, at, 'attempts', r.attempts),
        nextAttemptAt: dateOf(ctx, at, r, 'nextAttemptAt') ?? created,
        leaseUntil: dateOf(ctx, at, r, 'leaseUntil'),
        lastError: str(r.lastError),
        messageId: str(r.messageId),
        createdAt: created,
        sentAt: dateOf(ctx, at, r, 'sentAt'),
      },
    ];
  });
}
