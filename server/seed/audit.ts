import { dateOf } from './domain.js';
import type { At } from './format.js';
import { missing, shown, str, userRef, type Ctx, type Rec } from './records.js';
import type { SeedAuditEvent } from './types.js';

/** An audit action as the services write them: `entity.verb` in lower case (payout.completed, user.kyc). */
const ACTION = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/;

/**
 * The audit log for parseSeedFile (Settings → Audit): who did what to which record and when, in the file's order
 * (the seed numbers them again). An actor that is not in the file is a problem; no actor is the system's own change.
 */
export function parseAuditEvents(ctx: Ctx, records: Rec[], userIds: Set<string>): SeedAuditEvent[] {
  return records.flatMap((r, i) => {
    const at: At = { collection: 'auditEvents', index: i };
    const skip = (field: string, message: string) => (ctx.notes.problem(at, field, message, 'skipped the entry'), []);
    const action = str(r.action);
    if (!action || !ACTION.test(action))
      return skip(
        'action',
        missing(r.action) ? 'missing' : `${shown(r.action)} is not an action such as "payout.completed"`,
      );
    const entity = str(r.entity);
    if (!entity) return skip('entity', 'missing');
    if (!missing(r.actorId) && !userRef(ctx, at, r, 'actorId', userIds)) return [];
    if (r.data !== undefined && r.data !== null && typeof r.data !== 'object')
      return skip('data', `${shown(r.data)} is not an object`);
    return [
      {
        actorId: missing(r.actorId) ? null : ctx.ids.get('users', r.actorId),
        action,
        entity,
        entityId: str(r.entityId),
        data: r.data ?? null,
        ip: str(r.ip),
        createdAt: dateOf(ctx, at, r, 'createdAt') ?? ctx.now,
      },
    ];
  });
}
