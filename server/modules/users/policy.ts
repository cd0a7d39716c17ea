/**
 * Users: staff read them, admins manage them. Who may change whom: nobody changes their own role, nor suspends,
 * deactivates or deletes themself, and the last active admin can be neither demoted nor taken out of service (the
 * platform would have none).
 */
import { say, type Said } from '../../lib/errors.js';
import { resourceAccess } from '../../lib/access.js';

export const userAccess = resourceAccess('users');

type Target = { id: string; role: string; status: string };
type Change = { role?: string; status?: string };

/** Whether the change takes an active admin out of the active admins. */
const losesAdmin = (target: Target, change: Change) =>
  target.role === 'admin' &&
  target.status === 'active' &&
  ((change.role !== undefined && change.role !== 'admin') ||
    (change.status !== undefined && change.status !== 'active'));

/** Why `actorId` may not make this change to their own account, or null: nobody changes their own role or takes themself out of service. */
export function selfChangeRefusal(actorId: string | null, target: Target, change: Change): Said | null {
  if (actorId === null || actorId !== target.id) return null;
  if (change.status !== undefined && change.status !== 'active') {
    return change.status === 'suspended' ? say('suspend_self') : say('deactivate_self');
  }
  if (change.role !== undefined && change.role !== target.role) return say('own_role');
  return null;
}

/** Why this change may not be made to `target`, or null; `activeAdmins` counts the active admins, target included. */
export function changeRefusal(target: Target, change: Change, activeAdmins: number): Said | null {
  if (losesAdmin(target, change) && activeAdmins <= 1) {
    return say('last_admin_change');
  }
  return null;
}

/** Why `target` may not be deleted by `actorId`, or null. */
export function deleteRefusal(actorId: string | null, target: Target, activeAdmins: number): Said | null {
  if (actorId === target.id) return say('delete_self');
  if (target.role === 'admin' && target.status === 'active' && activeAdmins <= 1) return say('last_admin_delete');
  return null;
}

/** A change of role or status ends the user's sessions: their next call must log in again under the new terms. */
export const endsSessions = (target: Target, change: Change) =>
  (change.status !== undefined && change.status !== target.status && change.status !== 'active') ||
  (change.role !== undefined && change.role !== target.role);
