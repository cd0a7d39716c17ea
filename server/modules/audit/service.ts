import { auditEvents } from '../../db/schema.js';
import type { Queryable } from '../../db/client.js';
import type { AuditEntity } from '../../../src/common/resources.js';
import { changed, kindOfAction } from '../../lib/live.js';

type Actor = { id: string; ip?: string } | null | undefined;

/**
 * The audit row, not yet written: to send beside the change's other writes (alongside in db/client.ts). The change is
 * announced to the live events stream too (lib/live.ts), published once it has committed.
 */
export function auditRow(
  db: Queryable,
  actor: Actor,
  action: string,
  entity: AuditEntity,
  entityId: string | null,
  data: unknown,
) {
  changed(entity, entityId, kindOfAction(action));
  return db
    .insert(auditEvents)
    .values({ actorId: actor?.id ?? null, action, entity, entityId, data: data ?? null, ip: actor?.ip ?? null });
}

/** Records who changed what; call it inside the transaction that makes the change. */
export async function audit(
  db: Queryable,
  actor: Actor,
  action: string,
  entity: AuditEntity,
  entityId: string | null,
  data: unknown,
) {
  await auditRow(db, actor, action, entity, entityId, data);
}
