/**
 * Notifications as both sides see them: a user's in-app inbox, the emails queued for delivery (and the outbox an
 * admin reads when no SMTP server is configured), and bulk sends to a role or to everyone with their progress.
 */
import { ROLES } from './capabilities.js';

/** Where a notification goes: the bell and inbox in the app, and/or an email. */
export const CHANNELS = ['in_app', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Who a bulk send reaches: every active user, or the active users of one role. */
export const AUDIENCES = ['all', ...ROLES] as const;
export type Audience = (typeof AUDIENCES)[number];

/**
 * An email's life: queued → sending (a worker holds it) → sent (by SMTP) | outbox (no SMTP: kept for the admin) |
 * failed (after its retries, or refused for good) | skipped (email notifications were turned off before it went).
 */
export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'outbox', 'failed', 'skipped'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** A bulk send: queued → running (recipients being reached) → completed. */
export const BULK_STATUSES = ['queued', 'running', 'completed'] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];

/** What each staff list of notifications sorts by (createdAt, newest first, by default). */
export const NOTIFICATION_SORTS = ['createdAt'] as const;
export const OUTBOX_SORTS = ['createdAt', 'status'] as const;
export const BULK_SORTS = ['createdAt', 'audience', 'status'] as const;

export const TITLE_MAX = 200;
export const BODY_MAX = 5000;
export const LINK_MAX = 2000;
/** How many attempts an email gets before it is marked failed. */
export const MAX_EMAIL_ATTEMPTS = 5;

/** One notification in a user's inbox. */
export type Notification = {
  id: string;
  userId: string;
  /** Staff reading all users' notifications see whose it is. */
  userEmail?: string;
  /** In English; a reader sees `messageCode` with `params` in their language when there is one (notices-catalogue.ts). */
  title: string;
  body: string;
  /** What an event said; null for what staff wrote (shown as written) and for notifications older than the codes. */
  messageCode: string | null;
  params: Record<string, string | number> | null;
  /** A path in the app or an absolute address (e.g. a transaction's page). */
  link: string | null;
  read: boolean;
  readAt: string | null;
  /** The bulk send it came from, if any. */
  bulkId: string | null;
  createdAt: string;
};

/** One email as the outbox lists it (the body cut to a preview). */
export type EmailMessage = {
  id: number;
  to: string;
  userId: string | null;
  subject: string;
  bodyPreview: string;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  bulkId: string | null;
  createdAt: string;
  sentAt: string | null;
};

/** One email opened from the outbox: its whole text, with the links it carries. */
export type EmailMessageDetail = EmailMessage & { body: string };

/** A bulk send and its progress. */
export type BulkJob = {
  id: string;
  audience: Audience;
  title: string;
  body: string;
  channels: Channel[];
  status: BulkStatus;
  /** Recipients: counted when it was queued, exact once all of them were reached. */
  total: number;
  /** Recipients reached so far (their notification written; with email, their email delivered). */
  sent: number;
  failed: number;
  /** Emails not sent because email notifications were turned off before their turn. */
  skipped: number;
  createdBy: string | null;
  createdAt: string;
  finishedAt: string | null;
};

/** POST /api/notifications/send answers what was queued on each channel. */
export type SendResult = { notification: Notification | null; emailId: number | null };
