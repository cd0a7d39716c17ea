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

/** The log's sorts, each read by its index (an action is a group, newest first within it). */
const SORT_COLUMNS = {
  createdAt: [auditEvents.createdAt],
  action: [auditEvents.action, auditEvents.createdAt],
} as const;

/** One page of the log in its sort, newest first by default (by offset for the JSON list, after a row for the CSV export). */
export async function auditRows(db: Db, q: AuditListQuery, page: Page): Promise<AuditEvent[]> {
  const where = await auditFilter(db, q);
  if (where === null) return [];
  const order = listOrder([...SORT_COLUMNS[q.sort]], auditEvents.id, q.order);
  const rows = await db
    .select({ event: auditEvents, actorEmail: users.email })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(and(where, after(order, page.after)))
    .orderBy(...orderBy(order))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return rows.map(presentAuditEvent);
}

/** The audit log in its sort (newest first by default); `actor` is a user id or an email (the whole address). */
export async function listAuditEvents(
  db: Db,
  q: AuditListQuery,
): Promise<{ events: AuditEvent[]; total: number; totalIsEstimate: boolean }> {
  const where = await auditFilter(db, q);
  if (where === null) return { events: [], total: 0, totalIsEstimate: false };
  const [rows, total] = await Promise.all([
    auditRows(db, q, q),
    counter.count(db, auditEvents, where, JSON.stringify(q)),
  ]);
  return { events: rows, ...total };
}
