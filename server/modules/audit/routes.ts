import { auditListQuery, auditPage } from '../../../src/common/audit.schemas.js';
import { streamCsv } from '../../lib/csv.js';
import { keysetPages } from '../../lib/pages.js';
import { defineRoutes } from '../../lib/routes.js';
import { auditAccess as access } from './policy.js';
import { auditRows, listAuditEvents } from './list.js';
import { auditCsv } from './present.js';

export default defineRoutes('audit', (r, { db }) => {
  r.get(
    '/api/audit',
    {
      config: access.read,
      schema: {
        querystring: auditListQuery,
        response: { 200: auditPage },
        summary: 'Who changed what, newest first (admins)',
      },
    },
    async (req) => ({ ok: true, ...(await listAuditEvents(db, req.query)) }),
  );

  r.get(
    '/api/audit/export.csv',
    {
      config: access.read,
      schema: { querystring: auditListQuery, summary: 'The filtered, sorted list as CSV (every row, streamed)' },
    },
    (req, reply) =>
      streamCsv(reply, {
        name: 'audit',
        columns: auditCsv,
        pages: keysetPages((page) => auditRows(db, req.query, page)),
      }),
  );
});
