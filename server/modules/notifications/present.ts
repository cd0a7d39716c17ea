import type {
  Audience,
  BulkJob,
  BulkStatus,
  Channel,
  EmailMessage,
  EmailStatus,
  Notification,
} from '../../../src/common/notifications.js';
import type { emailMessages, notificationBulks, notifications } from '../../db/schema.js';
import { csvColumn, csvColumns, csvExport } from '../../lib/csv.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const PREVIEW = 160;

export function presentNotification(
  n: typeof notifications.$inferSelect & { userEmail?: string | null },
): Notification {
  return {
    id: n.id,
    userId: n.userId,
    ...(n.userEmail ? { userEmail: n.userEmail } : {}),
    title: n.title,
    body: n.body,
    messageCode: n.messageCode,
    params: n.params,
    link: n.link,
    read: n.readAt !== null,
    readAt: iso(n.readAt),
    bulkId: n.bulkId,
    createdAt: n.createdAt.toISOString(),
  };
}

export function presentEmail(m: typeof emailMessages.$inferSelect): EmailMessage {
  const preview = m.body.length > PREVIEW ? `${m.body.slice(0, PREVIEW - 1)}…` : m.body;
  return {
    id: m.id,
    to: m.toAddress,
    userId: m.userId,
    subject: m.subject,
    bodyPreview: preview,
    status: m.status as EmailStatus,
    attempts: m.attempts,
    lastError: m.lastError,
    bulkId: m.bulkId,
    createdAt: m.createdAt.toISOString(),
    sentAt: iso(m.sentAt),
  };
}

export function presentBulk(b: typeof notificationBulks.$inferSelect): BulkJob {
  const channels: Channel[] = [...(b.inApp ? ['in_app' as const] : []), ...(b.email ? ['email' as const] : [])];
  return {
    id: b.id,
    audience: b.audience as Audience,
    title: b.title,
    body: b.body,
    channels,
    status: b.status as BulkStatus,
    total: b.total,
    sent: b.sent,
    failed: b.failed,
    skipped: b.skipped,
    createdBy: b.createdBy,
    createdAt: b.createdAt.toISOString(),
    finishedAt: iso(b.finishedAt),
  };
}

/** Every user's notifications as CSV (GET /api/notifications/export.csv, staff). */
export const notificationCsv = csvExport(
  'notifications-all',
  csvColumns<Notification>({
    id: 'text',
    userId: 'text',
    userEmail: 'text',
    title: 'text',
    body: 'text',
    link: 'text',
    read: 'bool',
    readAt: 'date',
    bulkId: 'text',
    createdAt: 'date',
  }),
);

/** The email outbox as CSV (GET /api/notifications/outbox/export.csv, admins). */
export const emailCsv = csvExport(
  'notifications-outbox',
  csvColumns<EmailMessage>({
    id: 'text',
    to: 'text',
    userId: 'text',
    subject: 'text',
    bodyPreview: 'text',
    status: 'text',
    attempts: 'number',
    lastError: 'text',
    bulkId: 'text',
    createdAt: 'date',
    sentAt: 'date',
  }),
);

/** The bulk sends as CSV (GET /api/notifications/bulk/export.csv, staff); the channels joined by a space. */
export const bulkCsv = csvExport('notification-bulks', [
  ...csvColumns<BulkJob>({ id: 'text', audience: 'text', title: 'text', body: 'text' }),
  csvColumn<BulkJob>('channels', 'text', (b) => b.channels.join(' ')),
  ...csvColumns<BulkJob>({
    status: 'text',
    total: 'number',
    sent: 'number',
    failed: 'number',
    skipped: 'number',
    createdBy: 'text',
    createdAt: 'date',
    finishedAt: 'date',
  }),
]);
