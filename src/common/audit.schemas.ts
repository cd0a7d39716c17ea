import { z } from 'zod';
import { optionalDateTime } from './dates.schemas.js';
import { listQuery } from './list.schemas.js';
import { optionalText } from './text.js';


/** GET /api/audit: newest first, filtered by who (an email or a user id), which record, what action and when. */
export const auditListQuery = listQuery.omit({ q: true, order: true }).extend({
  actor: optionalText('actor', 254),
  entity: optionalText('entity', 40),
  entityId: optionalText('entityId', 80),
  action: optionalText('action', 80),
  startDate: optionalDateTime('startDate'),
  endDate: optionalDateTime('endDate'),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

