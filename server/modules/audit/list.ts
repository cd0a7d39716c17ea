import { and, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { AuditEvent } from '../../../src/common/audit.js';
import type { AuditListQuery } from '../../../src/common/audit.schemas.js';
import type { Db } from '../../db/client.js';
import { auditEvents, users } from '../../db/schema.js';
import { Counter } from '../../lib/list.js';
import { after, listOrder, orderBy, type Page } from '../../lib/pages.js';
import { presentAuditEvent } from './present.js';

const counter = new Counter({ exactTtlMs: 0 });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The log's filter; null when it names an actor email no user has (nothing can match). */
async function auditFilter(db: Db, q: AuditListQuery): Promise<SQL | undefined | null> {
  const filters: SQL[] = [];
  if (q.actor) {
    const actor = q.actor.trim().toLowerCase();
    if (UUID.test(actor)) filters.push(eq(auditEvents.actorId, actor));
    else {
      const [who] = await db.select({ id: users.id }).from(users).where(eq(users.email, actor)).limit(1);
      if (!who) return null;
      filters.push(eq(auditEvents.actorId, who.id));
    }
  }
  if (q.entity) filters.push(eq(auditEvents.entity, q.entity));
  if (q.entityId) filters.push(eq(auditEvents.entityId, q.entityId));
  if (q.action) filters.push(eq(auditEvents.action, q.action));
  if (q.startDate) filters.push(gte(auditEvents.createdAt, q.startDate));
  if (q.endDate) filters.push(lte(auditEvents.createdAt, q.endDate));
  return filters.length ? and(...filters) : undefined;
}

const AUDIT_ORDER = listOrder([auditEvents.createdAt], auditEvents.id, 'desc');

/** One page of the log, newest first (by offset for the JSON list, after a row for the CSV export). */
export async function auditRows(db: Db, q: AuditListQuery, page: Page): Promise<AuditEvent[]> {
  const where = await auditFilter(db, q);
  if (where === null) return [];
  const rows = await db.select({ event: auditEvents, actorEmail: users.email }).from(auditEvents).leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(and(where, after(AUDIT_ORDER, page.after))).orderBy(...orderBy(AUDIT_ORDER)).limit(page.limit).offset(page.offset ?? 0);
  return rows.map(presentAuditEvent);
}

/** The audit log, newest first; `actor` is a user id or an email (the whole address). */
export async function listAuditEvents(db: Db, q: AuditListQuery): Promise<{ events: AuditEvent[]; total: number; totalIsEstimate: boolean }> {
  const where = await auditFilter(db, q);
  if (where === null) return { events: [], total: 0, totalIsEstimate: false };
  const [rows, total] = await Promise.all([auditRows(db, q, q), counter.count(db, auditEvents, where, JSON.stringify(q))]);
  return { events: rows, ...total };
}
