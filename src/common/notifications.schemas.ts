/** What the notification routes take. */
import { z } from 'zod';
import { answerText, instant, listTotal, messageParams, nullableInstant, okWith } from './answers.schemas.js';
import { listQuery, sortOf } from './list.schemas.js';
import {
  AUDIENCES,
  BODY_MAX,
  BULK_SORTS,
  BULK_STATUSES,
  CHANNELS,
  EMAIL_STATUSES,
  LINK_MAX,
  NOTIFICATION_SORTS,
  OUTBOX_SORTS,
  TITLE_MAX,
  type BulkJob,
  type EmailMessage,
  type EmailMessageDetail,
  type Notification,
} from './notifications.js';
import { optionalText, text } from './text.js';

const channels = z
  .array(z.enum(CHANNELS, { error: `Each channel must be one of ${CHANNELS.join(', ')}.` }), {
    error: 'Channels must be a list: in_app, email or both.',
  })
  .min(1, 'Choose at least one channel: in_app, email or both.')
  .max(2, 'Channels can list in_app and email once each.')
  .refine((list) => new Set(list).size === list.length, 'Channels can list in_app and email once each.')
  .default(['in_app']);

const link = optionalText('Link', LINK_MAX).refine(
  (v) => v === null || (v.startsWith('/') && !v.startsWith('//')) || (/^https?:\/\//i.test(v) && URL.canParse(v)),
  'Link must be a path on this site (/…) or an http(s) address.',
);

const message = {
  title: text('Title', { max: TITLE_MAX }),
  body: text('Body', { max: BODY_MAX }),
  channels,
};

export const sendBody = z
  .object({
    userId: text('User id', { max: 36, tooLong: 'User id must be a UUID.' }).uuid('User id must be a UUID.').optional(),
    email: text('Email', { max: 254 }).email('Email must be a valid email address.').optional(),
    ...message,
    link,
  })
  .refine((b) => !!b.userId || !!b.email, { message: 'Name the recipient (userId or email).', path: ['userId'] });
export type SendInput = z.infer<typeof sendBody>;

export const bulkBody = z.object({
  audience: z.enum(AUDIENCES, { error: `Audience must be one of ${AUDIENCES.join(', ')}.` }),
  ...message,
  link,
});
export type BulkInput = z.infer<typeof bulkBody>;

const flag = (label: string) =>
  z
    .enum(['true', 'false'], { error: `${label} must be true or false.` })
    .transform((v) => v === 'true')
    .optional();

export const notificationListQuery = listQuery.extend({
  sort: sortOf(NOTIFICATION_SORTS, 'createdAt'),
  /** all: every user's (staff; `q` then searches the recipient's email); mine (default): the caller's own. */
  scope: z.enum(['mine', 'all'], { error: 'scope must be mine or all.' }).default('mine'),
  /** With scope all: one recipient's. */
  userId: text('userId', { max: 36, tooLong: 'userId must be a UUID.' }).uuid('userId must be a UUID.').optional(),
  read: flag('read'),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

export const outboxListQuery = listQuery.extend({
  sort: sortOf(OUTBOX_SORTS, 'createdAt'),
  status: z.enum(EMAIL_STATUSES, { error: `status must be one of ${EMAIL_STATUSES.join(', ')}.` }).optional(),
});
export type OutboxListQuery = z.infer<typeof outboxListQuery>;

export const bulkListQuery = listQuery.omit({ q: true }).extend({ sort: sortOf(BULK_SORTS, 'createdAt') });
export type BulkListQuery = z.infer<typeof bulkListQuery>;

// What the notification routes answer.

const count = z.number().int();

/** A notification as the API answers it (`Notification`, server/modules/notifications/present.ts). */
export const notificationAnswer = z.object({
  id: answerText,
  userId: answerText,
  userEmail: answerText.optional().describe('The recipient’s email, in the staff view of every user’s notifications'),
  title: answerText.describe('In English'),
  body: answerText.describe('In English'),
  messageCode: answerText
    .nullable()
    .describe(
      'What an event said, to show with `params` in the reader’s language; null: `title` and `body` as written',
    ),
  params: messageParams.nullable(),
  link: answerText.nullable().describe('A path in the app or an http(s) address'),
  read: z.boolean(),
  readAt: nullableInstant,
  bulkId: answerText.nullable().describe('The bulk send it came from'),
  createdAt: instant,
}) satisfies z.ZodType<Notification>;

export const notificationOne = okWith({ notification: notificationAnswer });
export const notificationPage = okWith({
  notifications: z.array(notificationAnswer),
  ...listTotal,
  unread: count.describe('The caller’s own unread notifications'),
});
export const notificationsMarkedRead = okWith({ updated: count.describe('How many were unread') });
export const notificationSent = okWith({
  notification: notificationAnswer.nullable().describe('The in-app notification; null when only emailed'),
  emailId: count.nullable().describe('The queued email; null when not emailed'),
});

/** A bulk send and its progress (`BulkJob`). */
export const bulkJobAnswer = z.object({
  id: answerText,
  audience: z.enum(AUDIENCES),
  title: answerText,
  body: answerText,
  channels: z.array(z.enum(CHANNELS)),
  status: z.enum(BULK_STATUSES),
  total: count.describe('Recipients: counted when it was queued, exact once all of them were reached'),
  sent: count.describe('Recipients reached so far'),
  failed: count,
  skipped: count.describe('Emails not sent because email notifications were turned off before their turn'),
  createdBy: answerText.nullable(),
  createdAt: instant,
  finishedAt: nullableInstant,
}) satisfies z.ZodType<BulkJob>;

export const bulkJobOne = okWith({ job: bulkJobAnswer });
export const bulkJobPage = okWith({ jobs: z.array(bulkJobAnswer), total: count });

/** An email as the outbox lists it (`EmailMessage`). */
export const emailAnswer = z.object({
  id: count,
  to: answerText,
  userId: answerText.nullable(),
  subject: answerText,
  bodyPreview: answerText.describe('The body’s first 160 characters'),
  status: z.enum(EMAIL_STATUSES),
  attempts: count,
  lastError: answerText.nullable(),
  bulkId: answerText.nullable(),
  createdAt: instant,
  sentAt: nullableInstant,
}) satisfies z.ZodType<EmailMessage>;

export const outboxPage = okWith({ messages: z.array(emailAnswer), ...listTotal });

const EMAIL_ID = 'The email id must be a whole number of at least 1.';
export const emailIdParams = z.object({
  id: z.coerce.number({ error: EMAIL_ID }).int(EMAIL_ID).min(1, EMAIL_ID).max(Number.MAX_SAFE_INTEGER, EMAIL_ID),
});

/** GET /api/notifications/outbox/{id}: one email's whole text (`EmailMessageDetail`). */
export const outboxMessageOne = okWith({
  message: emailAnswer.extend({
    body: answerText.describe('The whole text, links included'),
  }) satisfies z.ZodType<EmailMessageDetail>,
});
