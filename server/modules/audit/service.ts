import { auditEvents } from '../../db/schema.js';
import type { Queryable } from '../../db/client.js';
import type { AuditData, AuditEntity } from '../../../src/common/audit-fields.js';
import { changed, kindOfAction } from '../../lib/live.js';

type Actor = { id: string; ip?: string } | null | undefined;

/**
 * The audit row, not yet written: to send beside the change's other writes (alongside in db/client.ts). The change is
 * announced to the live events stream too (lib/live.ts), published once it has committed. `data` may carry only the
 * fields src/common/audit-fields.ts lists for the entity (each has its label in the audit log's catalogue).
 */
export function auditRow<E extends AuditEntity, D>(
  db: Queryable,
  actor: Actor,
  action: string,
  entity: E,
  entityId: string | null,
  data: AuditData<E, D>,
) {
  changed(entity, entityId, kindOfAction(action));
  return db
    .insert(auditEvents)
    .values({ actorId: actor?.id ?? null, action, entity, entityId, data: data ?? null, ip: actor?.ip ?? null });
}

/** Records who changed what; call it inside the transaction that makes the change. */
export async function audit<E extends AuditEntity, D>(
  db: Queryable,
  actor: Actor,
  action: string,
  entity: E,
  entityId: string | null,
  data: AuditData<E, D>,
) {
  await auditRow(db, actor, action, entity, entityId, data);
}

/** An entry's details written by a statement rather than audit() (checkout, a paid order): checked the same way. */
export const auditEntry = <E extends AuditEntity, D>(_entity: E, data: AuditData<E, D>) => data;
