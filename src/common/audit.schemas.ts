import { z } from 'zod';
import { listQuery } from './list.schemas.js';
import { optionalText } from './text.js';

const date = (label: string) => optionalText(label, 40)
  .refine((v) => v === null || !Number.isNaN(Date.parse(v)), `${label} must be a date (YYYY-MM-DD or an ISO date and time).`)
  .transform((v) => (v === null ? null : new Date(v)));

/** GET /api/audit: newest first, filtered by who (an email or a user id), which record, what action and when. */
export const auditListQuery = listQuery.omit({ q: true, order: true }).extend({
  actor: optionalText('actor', 254),
  entity: optionalText('entity', 40),
  entityId: optionalText('entityId', 80),
  action: optionalText('action', 80),
  startDate: date('startDate'),
  endDate: date('endDate'),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

