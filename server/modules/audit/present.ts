import type { AuditEvent } from '../../../src/common/audit.js';
import type { auditEvents } from '../../db/schema.js';
import { csvColumns, csvExport } from '../../lib/csv.js';

/** An audit event with who made it (their email, null when the user is gone or it was the system). */
export const presentAuditEvent = ({
  event: e,
  actorEmail,
}: {
  event: typeof auditEvents.$inferSelect;
  actorEmail: string | null;
}): AuditEvent => ({
  id: e.id,
  actorId: e.actorId,
  actorEmail,
  action: e.action,
  entity: e.entity,
  entityId: e.entityId,
  data: e.data,
  ip: e.ip,
  createdAt: e.createdAt.toISOString(),
});

/** The audit log's CSV (GET /api/audit/export.csv); `data` as its JSON text. */
export const auditCsv = csvExport(
  'audit',
  csvColumns<AuditEvent>({
    id: 'number',
    createdAt: 'date',
    actorId: 'text',
    actorEmail: 'text',
    action: 'text',
    entity: 'text',
    entityId: 'text',
    ip: 'text',
    data: 'text',
  }),
);
