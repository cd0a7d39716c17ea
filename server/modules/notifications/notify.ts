/**
 * The one way any module tells a user something: `notify(tx, …)` inside the transaction of the event (an order paid, a
 * mint succeeded, a payout completed, an account suspended, a KYC decision…). It writes the in-app notification and
 * queues the email as rows of that transaction, so they exist exactly when the event does; the worker (worker.ts)
 * delivers the email later. The settings `notifications` (in-app) and `emailNotifications` (email) are read here, from
 * the database, so a change applies to the next event without a restart; a hot path that already holds them from the
 * settings cache (dropped by every save, on every process) builds its rows with notificationRows instead. It imports
 * no other module, so every module may call it (like audit()).
 */
import { inArray } from 'drizzle-orm';
import { DEFAULT_SETTINGS } from '../../../src/common/settings.js';
import type { Channel } from '../../../src/common/notifications.js';
import { noticeText, type Notice } from '../../../src/common/notices-catalogue.js';
import { NOTICE_LEVELS_ZH, NOTICE_MESSAGES_ZH } from '../../../src/common/notices-catalogue.zh.js';
import { changed } from '../../lib/live.js';
import { publicOrigin } from '../../lib/site.js';
import type { Queryable } from '../../db/client.js';
import { emailMessages, notifications, settings as settingsTable, users } from '../../db/schema.js';
import { currentRequestId } from '../../lib/request-id.js';

export type NotifyInput = {
  /** The recipient; null with `email` for someone without an account (a guest's order). */
  userId: string | null;
  /** Where the email goes; unset, the user's address is read from their account (a guest has only this). */
  email?: string | null;
  channels: readonly Channel[];
  /** A path in the app (/…) or an absolute address; emails get it absolute (emailText) under the body. */
  link?: string | null;
} & (
  | {
      /** What an event says (notices-catalogue.ts): stored as it is, shown in each reader's language. */ notice: Notice;
    }
  | { /** What staff wrote, shown as written. */ title: string; body: string }
);

export type NotifyResult = { notificationId: string | null; emailId: number | null };

/** The settings that gate and shape notifications, read fresh from the database (never a process's cached copy). */
export type NotificationSettings = {
  notifications: boolean;
  emailNotifications: boolean;
  siteUrl: string;
  siteName: string;
  /** The site's language: emails are written in it (an address has no reader's choice). */
  language: string;
};

export async function notificationSettings(db: Queryable): Promise<NotificationSettings> {
  const keys = ['notifications', 'emailNotifications', 'siteUrl', 'siteName', 'language'] as const;
  const rows = await db
    .select({ key: settingsTable.key, value: settingsTable.value })
    .from(settingsTable)
    .where(inArray(settingsTable.key, [...keys]));
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  const pick = <K extends (typeof keys)[number]>(k: K) =>
    (typeof stored[k] === typeof DEFAULT_SETTINGS[k] ? stored[k] : DEFAULT_SETTINGS[k]) as NotificationSettings[K];
  return {
    notifications: pick('notifications'),
    emailNotifications: pick('emailNotifications'),
    siteUrl: pick('siteUrl'),
    siteName: pick('siteName'),
    language: pick('language'),
  };
}

/**
 * The email's text: the body, then the link made absolute, since a mail client has no page to resolve a path against:
 * from the Site URL setting, else from the address this server is reached at (PUBLIC_URL, else what the start banner
 * prints).
 */
export function emailText(body: string, link: string | null | undefined, siteUrl: string): string {
  if (!link) return body;
  const absolute = link.startsWith('/') ? new URL(link, siteUrl || publicOrigin()).toString() : link;
  return `${body}\n\n${absolute}`;
}

/** The English title and body of what is said, and its code and params (null for what staff wrote). */
function spoken(item: NotifyInput) {
  if (!('notice' in item)) return { title: item.title, body: item.body, messageCode: null, params: null };
  const { messageCode, params } = item.notice;
  return { ...noticeText(messageCode, params)!, messageCode, params };
}

/** What an email says: an event's notice in the site's language, what staff wrote as written. */
function emailWords(item: NotifyInput, language: string) {
  if ('notice' in item && language === 'zh')
    return noticeText(item.notice.messageCode, item.notice.params, NOTICE_MESSAGES_ZH, NOTICE_LEVELS_ZH)!;
  return spoken(item);
}

/** The channels that will carry a notification now: those asked for and turned on in settings. */
export function openChannels(
  asked: readonly Channel[],
  s: Pick<NotificationSettings, 'notifications' | 'emailNotifications'>,
): Channel[] {
  return asked.filter((c) => (c === 'in_app' ? s.notifications : s.emailNotifications));
}

/** The columns of an in-app notification's row and of an email's (inAppRow, emailRow). */
export const IN_APP_ROW_KEYS = ['userId', 'title', 'body', 'messageCode', 'params', 'link'] as const;
export const EMAIL_ROW_KEYS = ['userId', 'toAddress', 'subject', 'body', 'requestId'] as const;

const inAppRow = (item: NotifyInput) =>
  ({ userId: item.userId!, ...spoken(item), link: item.link ?? null }) satisfies Record<
    (typeof IN_APP_ROW_KEYS)[number],
    unknown
  >;
const emailRow = (item: NotifyInput, to: string, s: NotificationSettings) => {
  const words = emailWords(item, s.language);
  return {
    userId: item.userId,
    toAddress: to,
    subject: words.title,
    body: emailText(words.body, item.link, s.siteUrl),
    requestId: currentRequestId(),
  } satisfies Record<(typeof EMAIL_ROW_KEYS)[number], unknown>;
};

/**
 * The rows notify() would write for `input`, as values (each null when its channel stays closed), with the settings the
 * caller holds; null when the email's address must first be read from the account. For a statement built once
 * (db/built-once.ts) that writes them beside the event's other writes.
 */
export function notificationValues(input: NotifyInput, s: NotificationSettings): NotificationValues | null {
  const open = openChannels(input.channels, s);
  const mail = open.includes('email') && !!(input.userId || input.email);
  if (mail && !input.email) return null;
  return {
    inApp: input.userId && open.includes('in_app') ? inAppRow(input) : null,
    email: mail ? emailRow(input, input.email!, s) : null,
  };
}

export type NotificationValues = {
  inApp: ReturnType<typeof inAppRow> | null;
  email: ReturnType<typeof emailRow> | null;
};

/** Above this many recipients, one send announces "every inbox changed" rather than one change per recipient. */
const LIVE_RECIPIENTS_MAX = 50;

/** Tells several people at once in the caller's transaction: one settings read and at most two inserts. */
export async function notifyMany(
  tx: Queryable,
  items: readonly NotifyInput[],
  known?: NotificationSettings,
): Promise<NotifyResult[]> {
  if (items.length === 0) return [];
  const s = known ?? (await notificationSettings(tx));
  const results: NotifyResult[] = items.map(() => ({ notificationId: null, emailId: null }));
  const inApp = items
    .map((item, i) => ({ item, i }))
    .filter(({ item }) => item.userId && openChannels(item.channels, s).includes('in_app'));
  if (inApp.length > 0) {
    const rows = await tx
      .insert(notifications)
      .values(inApp.map(({ item }) => inAppRow(item)))
      .returning({ id: notifications.id });
    rows.forEach((row, k) => {
      results[inApp[k]!.i]!.notificationId = row.id;
    });
    // Each recipient's bell looks again (lib/live.ts); a large send says so once, for every inbox.
    const to = new Set(inApp.map(({ item }) => item.userId!));
    if (to.size > LIVE_RECIPIENTS_MAX) changed('inbox', null, 'created');
    else for (const userId of to) changed('inbox', userId, 'created');
  }
  const mail = items
    .map((item, i) => ({ item, i }))
    .filter(({ item }) => (item.userId || item.email) && openChannels(item.channels, s).includes('email'));
  if (mail.length > 0) {
    // A user's address is the one their account has at this moment.
    const ids = [
      ...new Set(
        mail
          .filter(({ item }) => !item.email)
          .map(({ item }) => item.userId)
          .filter((id): id is string => !!id),
      ),
    ];
    const found = ids.length
      ? await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids))
      : [];
    const address = new Map(found.map((u) => [u.id, u.email]));
    const addressed = mail
      .map((m) => ({ ...m, to: m.item.email ?? (m.item.userId ? address.get(m.item.userId) : null) ?? null }))
      .filter((m): m is typeof m & { to: string } => !!m.to);
    if (addressed.length > 0) {
      const rows = await tx
        .insert(emailMessages)
        .values(addressed.map(({ item, to }) => emailRow(item, to, s)))
        .returning({ id: emailMessages.id });
      rows.forEach((row, k) => {
        results[addressed[k]!.i]!.emailId = row.id;
      });
    }
  }
  return results;
}

/** Tells one person (see notifyMany): call it inside the transaction of the event. */
export async function notify(tx: Queryable, input: NotifyInput, known?: NotificationSettings): Promise<NotifyResult> {
  return (await notifyMany(tx, [input], known))[0]!;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** In-process workers listen here to start at once instead of at their next poll. */
export function onNotificationsQueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Call after the transaction that queued emails or a bulk send has committed (the worker polls anyway). */
export function notificationsQueued() {
  for (const listener of listeners) listener();
}
