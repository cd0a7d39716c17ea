import { z } from 'zod';
import { optionalDateTime } from './dates.schemas.js';
import { AUDIT_SORTS } from './audit.js';
import { listQuery, sortOf } from './list.schemas.js';
import { optionalText } from './text.js';
import { answerText, instant, listTotal, okWith } from './answers.schemas.js';
import type { AuditEvent } from './audit.js';

/** GET /api/audit: newest first unless sorted otherwise, filtered by who (an email or a user id), which record, what action and when. */
export const auditListQuery = listQuery.omit({ q: true }).extend({
  sort: sortOf(AUDIT_SORTS, 'createdAt'),
  actor: optionalText('actor', 254),
  entity: optionalText('entity', 40),
  entityId: optionalText('entityId', 80),
  action: optionalText('action', 80),
  startDate: optionalDateTime('startDate'),
  endDate: optionalDateTime('endDate'),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

const auditEventAnswer = z.object({
  id: z.number().int(),
  actorId: answerText.nullable().describe('null: the system'),
  actorEmail: answerText.nullable().describe('null when the user is gone or it was the system'),
  action: answerText,
  entity: answerText,
  entityId: answerText.nullable(),
  data: z
    .unknown()
    .describe(
      'What the change carried: the fields given, or {field: {from, to}} for an edit (older edits: {before, after})',
    ),
  ip: answerText.nullable(),
  createdAt: instant,
}) satisfies z.ZodType<AuditEvent>;

export const auditPage = okWith({ events: z.array(auditEventAnswer), ...listTotal });
