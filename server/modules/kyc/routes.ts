import {
  kycListQuery,
  kycSessionFields,
  kycSessionList,
  kycSessionOne,
  kycSessionPage,
  kycStatusAnswer,
  kycStatusBody,
} from '../../../src/common/kyc.schemas.js';
import { idParams } from '../../../src/common/list.schemas.js';
import { MIME_OF, type FileKind } from '../../lib/uploads.js';
import { streamCsv } from '../../lib/csv.js';
import { keysetPages } from '../../lib/pages.js';
import { defineRoutes } from '../../lib/routes.js';
import { FILE_FIELD, readKycUpload } from './documents.js';
import { kycAccess as access } from './policy.js';
import { kycCsv } from './present.js';
import { decideKyc, getKycDocument, getKycSession, kycDir, kycRows, listKyc, ownKyc, submitKyc } from './service.js';

export default defineRoutes('kyc', (r, { db, config }) => {
  const dir = kycDir(config.privateUploadsDir);

  r.post(
    '/api/kyc/session',
    {
      config: {
        ...access.own,
        upload: {
          file: FILE_FIELD,
          description: 'The identity document: JPEG, PNG, WebP or PDF, at most 5 MB',
          fields: kycSessionFields,
        },
        refuses: [409],
      },
      schema: {
        response: { 201: kycSessionOne },
        summary:
          'Send your own KYC: multipart/form-data with legalName, dateOfBirth (YYYY-MM-DD, an adult), country (ISO code), documentType, ' +
          'documentNumber and one file "document" (JPEG, PNG, WebP or PDF, at most 5 MB). One pending session at a time.',
      },
    },
    async (req, reply) =>
      reply.status(201).send({ ok: true, session: await submitKyc(db, dir, await readKycUpload(req), req.user!) }),
  );

  r.get(
    '/api/kyc/me',
    {
      config: access.own,
      schema: { response: { 200: kycSessionList }, summary: 'Your own KYC sessions, newest first' },
    },
    async (req) => ({ ok: true, sessions: await ownKyc(db, req.user!.id) }),
  );

  r.get(
    '/api/kyc',
    {
      config: access.review,
      schema: {
        querystring: kycListQuery,
        response: { 200: kycSessionPage },
        summary: 'The KYC review queue: status filter, search, pages, sorts (admins and operators)',
      },
    },
    async (req) => ({ ok: true, ...(await listKyc(db, req.query)) }),
  );

  r.get(
    '/api/kyc/export.csv',
    {
      config: access.review,
      schema: { querystring: kycListQuery, summary: 'The filtered, sorted review queue as CSV (every row, streamed)' },
    },
    (req, reply) =>
      streamCsv(reply, { name: 'kyc', columns: kycCsv, pages: keysetPages((page) => kycRows(db, req.query, page)) }),
  );

  r.get(
    '/api/kyc/:id',
    {
      config: access.own,
      schema: {
        params: idParams,
        response: { 200: kycSessionOne },
        summary: 'A KYC session (its owner, admins and operators)',
      },
    },
    async (req) => ({ ok: true, session: await getKycSession(db, req.params.id, req.user!) }),
  );

  r.get(
    '/api/kyc/:id/status',
    {
      config: access.own,
      schema: {
        params: idParams,
        response: { 200: kycStatusAnswer },
        summary: 'A KYC session’s status (its owner, admins and operators)',
      },
    },
    async (req) => {
      const session = await getKycSession(db, req.params.id, req.user!);
      return { ok: true, status: session.status, reason: session.reason, session };
    },
  );

  r.get(
    '/api/kyc/:id/document',
    {
      config: { ...access.own, sends: { types: Object.values(MIME_OF), description: 'The document as it was sent' } },
      schema: { params: idParams, summary: 'A KYC session’s document file (its owner, admins and operators)' },
    },
    async (req, reply) => {
      const doc = await getKycDocument(db, dir, req.params.id, req.user!);
      return reply
        .header('content-type', MIME_OF[doc.kind as FileKind])
        .header('content-disposition', `inline; filename="kyc-${req.params.id}.${doc.kind}"`)
        .header('cache-control', 'private, no-store')
        .send(doc.bytes);
    },
  );

  r.put(
    '/api/kyc/:id/status',
    {
      config: { ...access.review, refuses: [409] },
      schema: {
        params: idParams,
        body: kycStatusBody,
        response: { 200: kycSessionOne },
        summary: 'Approve, verify or reject a pending KYC session (a reason is required to reject)',
      },
    },
    async (req) => ({ ok: true, session: await decideKyc(db, req.params.id, req.body, req.user) }),
  );
});
