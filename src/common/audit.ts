/** The audit log as both sides see it (GET /api/audit). */

/** One recorded change: who (null: the system), what, on which record, the values given, from where, when. */
export type AuditEvent = {
  id: number;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  /** What the change carried: the fields given, or `{field: {from, to}}` for an edit (older edits: `{before, after}`). */
  data: unknown;
  ip: string | null;
  createdAt: string;
};

/** One field an edit changed, as the API showed it before and after. */
export type AuditChange = { from: unknown; to: unknown };

/** What the audit log sorts by (createdAt, newest first, by default). */
export const AUDIT_SORTS = ['createdAt', 'action'] as const;

/** Records the audit log names, for its entity filter: each resource's in src/common/resources.ts. */
export { AUDIT_ENTITIES, type AuditEntity } from './resources.js';
