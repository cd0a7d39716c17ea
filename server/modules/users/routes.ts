import { userBulkBody } from '../../../src/common/bulk.schemas.js';
import { idParams } from '../../../src/common/list.schemas.js';
import { eachRow } from '../../lib/bulk.js';
import {
  passwordResetAnswer,
  passwordResetBody,
  userCreateBody,
  userCreatedAnswer,
  userDetailOne,
  userListQuery,
  userOne,
  userPage,
  userPatch,
  userRemovalAnswer,
} from '../../../src/common/users.schemas.js';
import { bulkAnswer } from '../../../src/common/answers.schemas.js';
import { siteOrigin } from '../../lib/site.js';
import { streamCsv } from '../../lib/csv.js';
import { keysetPages } from '../../lib/pages.js';
import { defineRoutes } from '../../lib/routes.js';
import { userAccess as access } from './policy.js';
import { userCsv } from './present.js';
import {
  createUser,
  deleteUser,
  getUser,
  listUsers,
  reactivateUser,
  resetUserPassword,
  resetUserTwoFactor,
  suspendUser,
  unlockUser,
  updateUser,
  userRows,
} from './service.js';

export default defineRoutes('users', (r, { db, settings }) => {
  r.get(
    '/api/users',
    {
      config: access.read,
      schema: {
        querystring: userListQuery,
        response: { 200: userPage },
        summary: 'Users, with the total, active and verified counts',
      },
    },
    async (req) => ({ ok: true, ...(await listUsers(db, req.query)) }),
  );

  r.get(
    '/api/users/export.csv',
    {
      config: access.read,
      schema: { querystring: userListQuery, summary: 'The filtered, sorted list as CSV (every row, streamed)' },
    },
    (req, reply) =>
      streamCsv(reply, {
        name: 'users',
        columns: userCsv,
        pages: keysetPages((page) => userRows(db, req.query, page)),
      }),
  );

  r.get(
    '/api/users/:id',
    {
      config: access.read,
      schema: {
        params: idParams,
        response: { 200: userDetailOne },
        summary: 'A user with their orders count and open sessions',
      },
    },
    async (req) => ({ ok: true, user: await getUser(db, req.params.id) }),
  );

  r.post(
    '/api/users',
    {
      config: { ...access.write, refuses: [409] },
      schema: {
        body: userCreateBody,
        response: { 201: userCreatedAnswer },
        summary: 'Add a user with an initial password or a one-time set-password link (emailed, and answered once)',
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        ok: true,
        ...(await createUser(db, req.body, siteOrigin(req, (await settings.get()).siteUrl), req.user)),
      }),
  );

  r.put(
    '/api/users/:id',
    {
      config: { ...access.write, refuses: [409] },
      schema: {
        params: idParams,
        body: userPatch,
        response: { 200: userOne },
        summary: 'Change a user (a new role or status ends their sessions)',
      },
    },
    async (req) => ({ ok: true, user: await updateUser(db, req.params.id, req.body, req.user) }),
  );

  r.delete(
    '/api/users/:id',
    {
      config: { ...access.write, refuses: [409] },
      schema: {
        params: idParams,
        response: { 200: userRemovalAnswer },
        summary: 'Delete a user, or deactivate one who has records',
      },
    },
    async (req) => ({ ok: true, ...(await deleteUser(db, req.params.id, req.user)) }),
  );

  r.post(
    '/api/users/:id/suspend',
    {
      config: access.write,
      schema: { params: idParams, response: { 200: userOne }, summary: 'Suspend a user: every session ends at once' },
    },
    async (req) => ({ ok: true, user: await suspendUser(db, req.params.id, req.user) }),
  );

  r.post(
    '/api/users/:id/reactivate',
    {
      config: access.write,
      schema: {
        params: idParams,
        response: { 200: userOne },
        summary: 'Make a suspended or inactive user active again',
      },
    },
    async (req) => ({ ok: true, user: await reactivateUser(db, req.params.id, req.user) }),
  );

  r.post(
    '/api/users/bulk',
    {
      config: access.write,
      schema: {
        body: userBulkBody,
        response: { 200: bulkAnswer },
        summary: 'Suspend or reactivate the selected users, each on its own; answers each one’s outcome',
      },
    },
    async (req) => ({
      ok: true,
      ...(await eachRow(req.body.ids, (id) =>
        req.body.action === 'suspend' ? suspendUser(db, id, req.user) : reactivateUser(db, id, req.user),
      )),
    }),
  );

  r.post(
    '/api/users/:id/unlock',
    {
      config: access.write,
      schema: { params: idParams, response: { 200: userOne }, summary: 'Lift a lockout after failed logins' },
    },
    async (req) => ({ ok: true, user: await unlockUser(db, req.params.id, req.user) }),
  );

  r.post(
    '/api/users/:id/reset-password',
    {
      config: { ...access.write, refuses: [409] },
      schema: {
        params: idParams,
        body: passwordResetBody,
        response: { 200: passwordResetAnswer },
        summary:
          'Reset a user’s password: a temporary one they must change at their next login, or a one-time set-password link (answered once)',
      },
    },
    async (req) => ({
      ok: true,
      ...(await resetUserPassword(
        db,
        req.params.id,
        req.body?.method ?? 'temporary',
        siteOrigin(req, (await settings.get()).siteUrl),
        req.user,
      )),
    }),
  );

  r.post(
    '/api/users/:id/reset-2fa',
    {
      config: { ...access.write, refuses: [409] },
      schema: { params: idParams, response: { 200: userOne }, summary: "Remove a user's two-factor enrolment" },
    },
    async (req) => ({ ok: true, user: await resetUserTwoFactor(db, req.params.id, req.user) }),
  );
});
