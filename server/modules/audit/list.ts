import { and, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { AuditEvent } from '../../../src/common/audit.js';
import type { AuditListQuery } from '../../../src/common/audit.schemas.js';
import type { Db } from '../../db/client.js';
import { auditEvents, users } from '../../db/schema.js';
import { Counter } from '../../lib/list.js';

const counter = new Counter({ exactTtlMs: 0 });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The audit log, newest first; `actor` is a user id or an email (the whole address). */
export async function listAuditEvents(db: Db, q: AuditListQuery): Promise<{ events: AuditEvent[]; total: number; totalIsEstimate: boolean }> {
  const filters: SQL[] = [];
  if (q.actor) {
    const actor = q.actor.trim().toLowerCase();
    if (UUID.test(actor)) filters.push(eq(auditEvents.actorId, actor));
    else {
      const [who] = await db.select({ id: users.id }).from(users).where(eq(users.email, actor)).limit(1);
      if (!who) return { events: [], total: 0, totalIsEstimate: false };
      filters.push(eq(auditEvents.actorId, who.id));
    }
  }
  if (q.entity) filters.push(eq(auditEvents.entity, q.entity));
  if (q.entityId) filters.push(eq(auditEvents.entityId, q.entityId));
  if (q.action) filters.push(eq(auditEvents.action, q.action));
  if (q.startDate) filters.push(gte(auditEvents.createdAt, q.startDate));
  if (q.endDate) filters.push(lte(auditEvents.createdAt, q.endDate));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, total] = await Promise.all([
    db.select({ event: auditEvents, actorEmail: users.email }).from(auditEvents).leftJoin(users, eq(users.id, auditEvents.actorId))
      .where(where).orderBy(desc(auditEvents.createdAt), desc(auditEvents.id)).limit(q.limit).offset(q.offset),
    counter.count(db, auditEvents, where, JSON.stringify(q)),
  ]);
  return {
    events: rows.map(({ event: e, actorEmail }) => ({
      id: e.id, actorId: e.actorId, actorEmail, action: e.action, entity: e.entity, entityId: e.entityId, data: e.data, ip: e.ip, createdAt: e.createdAt.toISOString(),
    })),
    ...total,
  };
}
