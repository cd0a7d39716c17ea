import { auditListQuery } from '../../../src/common/audit.schemas.js';
import { defineRoutes } from '../../lib/routes.js';
import { auditAccess as access } from './policy.js';
import { listAuditEvents } from './list.js';

export default defineRoutes('audit', (r, { db }) => {
  r.get('/api/audit', { config: access.read, schema: { querystring: auditListQuery, summary: 'Who changed what, newest first (admins)' } }, async (req) =>
    ({ ok: true, ...(await listAuditEvents(db, req.query)) }));
});
