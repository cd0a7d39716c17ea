/**
 * Record changes for the live events stream (modules/events): `changed(entity, id, kind)` is called where a change is
 * made (audit() calls it for every audited change, notify() for a new notification, the mint worker for a job's
 * outcome) and travels as a `live:<entity>:<kind>:<id>` invalidation, so it is published once the change has
 * committed (a request's answer, a loop's pass, or the safety timer) and reaches every process, the sender's included
 * (lib/invalidation.ts). A change whose transaction then rolls back may still be announced: the event only says
 * "look again", and looking again finds the record as it is.
 */
import { invalidated } from './invalidation.js';

export const LIVE_KINDS = ['created', 'updated', 'deleted'] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

/** A record change as it crosses processes: its audit entity (or `inbox` for a user's notification), id and kind. */
export type LiveChange = { entity: string; id: string | null; kind: LiveKind };

const PREFIX = 'live:';

/** The kind of change an audit action names (`order.create`, `mint.approve`, `user.delete`…). */
export function kindOfAction(action: string): LiveKind {
  if (/creat|insert|signup|register|invite/.test(action)) return 'created';
  if (/delet|remov/.test(action)) return 'deleted';
  return 'updated';
}

/** Announces that a record changed (see the file's header); `id` null: something of that type changed. */
export function changed(entity: string, id: string | null, kind: LiveKind = 'updated') {
  invalidated(`${PREFIX}${entity}:${kind}:${id ?? ''}`);
}

/** The change an invalidation carries, or null when it is not one. */
export function parseChange(event: string): LiveChange | null {
  if (!event.startsWith(PREFIX)) return null;
  const [entity, kind, ...rest] = event.slice(PREFIX.length).split(':');
  if (!entity || !LIVE_KINDS.includes(kind as LiveKind)) return null;
  const id = rest.join(':');
  return { entity, id: id === '' ? null : id, kind: kind as LiveKind };
}
