import { notificationReadBody } from '../../../src/common/bulk.schemas.js';
import { idParams } from '../../../src/common/list.schemas.js';
import { eachRow } from '../../lib/bulk.js';
import {
  bulkBody,
  bulkJobOne,
  bulkJobPage,
  bulkListQuery,
  notificationListQuery,
  notificationOne,
  notificationPage,
  notificationSent,
  notificationsMarkedRead,
  emailIdParams,
  outboxListQuery,
  outboxMessageOne,
  outboxPage,
  sendBody,
} from '../../../src/common/notifications.schemas.js';
import { bulkAnswer } from '../../../src/common/answers.schemas.js';
import { streamCsv } from '../../lib/csv.js';
import { keysetPages } from '../../lib/pages.js';
import { defineRoutes } from '../../lib/routes.js';
import { notificationAccess as access } from './policy.js';
import { bulkCsv, emailCsv, notificationCsv } from './present.js';
import {
  allNotificationRows,
  bulkRows,
  createBulk,
  getBulk,
  listBulks,
  listNotifications,
  readOutboxMessage,
  listOutbox,
  markAllRead,
  markRead,
  outboxRows,
  sendNotification,
} from './service.js';

export default defineRoutes('notifications', (r, { db }) => {
  r.get(
    '/api/notifications',
    {
      config: access.own,
      schema: {
        querystring: notificationListQuery,
        response: { 200: notificationPage },
        summary: 'The caller’s notifications and unread count; staff: scope=all or userId for every user’s',
      },
    },
    async (req) => ({ ok: true, ...(await listNotifications(db, req.user!, req.query)) }),
  );

  // The staff view (every user's), whatever `scope` says: an inbox of one's own is not a list to export.
  r.get(
    '/api/notifications/export.csv',
    {
      config: access.read,
      schema: {
        querystring: notificationListQuery,
        summary: 'Every user’s notifications under the filters as CSV (staff; every row, streamed)',
      },
    },
    (req, reply) =>
      streamCsv(reply, {
        name: 'notifications',
        columns: notificationCsv,
        pages: keysetPages((page) => allNotificationRows(db, req.user!, req.query, page)),
      }),
  );

  r.put(
    '/api/notifications/read-all',
    {
      config: access.own,
      schema: { response: { 200: notificationsMarkedRead }, summary: 'Mark all of the caller’s notifications read' },
    },
    async (req) => ({ ok: true, updated: await markAllRead(db, req.user!) }),
  );

  r.put(
    '/api/notifications/read',
    {
      config: access.own,
      schema: {
        body: notificationReadBody,
        response: { 200: bulkAnswer },
        summary: 'Mark the selected notifications of the caller read, each on its own; answers each one’s outcome',
      },
    },
    async (req) => ({ ok: true, ...(await eachRow(req.body.ids, (id) => markRead(db, req.user!, id))) }),
  );

  r.put(
    '/api/notifications/:id/read',
    {
      config: access.own,
      schema: {
        params: idParams,
        response: { 200: notificationOne },
        summary: 'Mark one of the caller’s notifications read',
      },
    },
    async (req) => ({ ok: true, notification: await markRead(db, req.user!, req.params.id) }),
  );

  r.post(
    '/api/notifications/send',
    {
      config: { ...access.write, refuses: [404, 422] },
      schema: {
        body: sendBody,
        response: { 201: notificationSent },
        summary: 'Notify one user: in the app and/or by email',
      },
    },
    async (req, reply) => reply.status(201).send({ ok: true, ...(await sendNotification(db, req.body, req.user)) }),
  );

  r.post(
    '/api/notifications/bulk',
    {
      config: { ...access.write, refuses: [422] },
      schema: {
        body: bulkBody,
        response: { 202: bulkJobOne },
        summary: 'Notify a role’s or every active user, in the background',
      },
    },
    async (req, reply) => reply.status(202).send({ ok: true, job: await createBulk(db, req.body, req.user) }),
  );

  r.get(
    '/api/notifications/bulk',
    {
      config: access.read,
      schema: {
        querystring: bulkListQuery,
        response: { 200: bulkJobPage },
        summary: 'Bulk sends, newest first, with their progress',
      },
    },
    async (req) => ({ ok: true, ...(await listBulks(db, req.query)) }),
  );

  r.get(
    '/api/notifications/bulk/export.csv',
    {
      config: access.read,
      schema: { querystring: bulkListQuery, summary: 'The bulk sends as CSV (every row, streamed)' },
    },
    (req, reply) =>
      streamCsv(reply, {
        name: 'notification-bulks',
        columns: bulkCsv,
        pages: keysetPages((page) => bulkRows(db, req.query, page)),
      }),
  );

  r.get(
    '/api/notifications/bulk/:id',
    {
      config: access.read,
      schema: {
        params: idParams,
        response: { 200: bulkJobOne },
        summary: 'A bulk send’s progress: total, sent, failed, status',
      },
    },
    async (req) => ({ ok: true, job: await getBulk(db, req.params.id) }),
  );

  r.get(
    '/api/notifications/outbox',
    {
      config: access.outbox,
      schema: {
        querystring: outboxListQuery,
        response: { 200: outboxPage },
        summary: 'Emails queued, sent, failed or kept in the outbox (admins)',
      },
    },
    async (req) => ({ ok: true, ...(await listOutbox(db, req.query)) }),
  );

  r.get(
    '/api/notifications/outbox/:id',
    {
      config: { ...access.outbox, refuses: [404] },
      schema: {
        params: emailIdParams,
        response: { 200: outboxMessageOne },
        summary: 'One email’s whole text, links included (admins; each reading is audited)',
      },
    },
    async (req) => ({ ok: true, message: await readOutboxMessage(db, req.params.id, req.user!) }),
  );

  r.get(
    '/api/notifications/outbox/export.csv',
    {
      config: access.outbox,
      schema: { querystring: outboxListQuery, summary: 'The filtered outbox as CSV (admins; every row, streamed)' },
    },
    (req, reply) =>
      streamCsv(reply, {
        name: 'outbox',
        columns: emailCsv,
        pages: keysetPages((page) => outboxRows(db, req.query, page)),
      }),
  );
});
