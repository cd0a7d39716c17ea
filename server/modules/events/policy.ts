/**
 * Who hears which change on the live events stream (issue 41): never more than the caller may read.
 *   - Staff hear a resource's changes when their role may read it (src/common/resources.ts); of finance's resources
 *     (those finance writes: payments, payouts, commissions, referrals, affiliates) only roles that may write them, so
 *     an operator hears none of them.
 *   - A shopper hears only their own orders and payments.
 *   - Everyone hears their own inbox (the bell); a send to very many (`id` null) tells every inbox.
 */
import { can } from '../../../src/common/capabilities.js';
import { RESOURCES, type ResourceName } from '../../../src/common/resources.js';
import { allow, PUBLIC } from '../../lib/access.js';

export const eventsAccess = {
  /** Any signed-in role asks for its ticket with its bearer token. */
  ticket: allow('self'),
  /** The stream carries no bearer token (an EventSource cannot send one): its ticket is checked by the route. */
  stream: { ...PUBLIC, refuses: [401] as const },
};

/** The inbox of one user: not a resource of the table (the bell and the inbox page read it). */
export const INBOX = 'inbox';

/** The resource an audit entity's changes are shown on (the first that audits it), or null. */
const byEntity = new Map<string, ResourceName>();
for (const [name, r] of Object.entries(RESOURCES) as [ResourceName, (typeof RESOURCES)[ResourceName]][]) {
  for (const entity of ('audit' in r ? r.audit : []) as readonly string[])
    if (!byEntity.has(entity)) byEntity.set(entity, name);
}
export const resourceOfEntity = (entity: string): string | null =>
  entity === INBOX ? INBOX : (byEntity.get(entity) ?? null);

/** The resources whose changes a shopper hears, their own records only. */
export const OWN_RESOURCES: ReadonlySet<string> = new Set(['orders', 'payments']);

export type Viewer = { id: string; role: string };

export const isStaff = (v: Viewer) => can(v.role, 'backoffice.read');

/**
 * Whether `viewer` hears a change of `resource`'s record. `owner` is the record's user (an order's or a payment's
 * buyer, an inbox's user), null for a guest's or unknown; it is only asked for when it matters (`needsOwner`).
 */
export function mayHear(viewer: Viewer, resource: string, owner: string | null, id: string | null): boolean {
  if (resource === INBOX) return id === null || id === viewer.id;
  if (!isStaff(viewer)) return OWN_RESOURCES.has(resource) && owner !== null && owner === viewer.id;
  const access = (RESOURCES as Record<string, { read: Parameters<typeof can>[1]; write: Parameters<typeof can>[1] }>)[
    resource
  ];
  if (!access || !can(viewer.role, access.read)) return false;
  return access.write !== 'finance.write' || can(viewer.role, 'finance.write');
}

/** Whether deciding for `viewer` needs the record's owner (a shopper's own orders and payments). */
export const needsOwner = (viewer: Viewer, resource: string) => !isStaff(viewer) && OWN_RESOURCES.has(resource);
