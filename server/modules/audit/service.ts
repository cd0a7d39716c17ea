import { auditEvents } from '../../db/schema.js';
import type { Queryable } from '../../db/client.js';

/** Records who changed what; call it inside the transaction that makes the change. */
export async function audit(
  db: Queryable,
  actor: { id: string; ip?: string } | null | undefined,
  action: string,
  entity: string,
  entityId: string | null,
  data: unknown,
) {
  await db.insert(auditEvents).values({ actorId: actor?.id ?? null, action, entity, entityId, data: data ?? null, ip: actor?.ip ?? null });
}
