import { can, type Capability } from '../../src/common/capabilities.js';
import { RESOURCES, type ResourceName } from '../../src/common/resources.js';

/** A route's `config`: the capability its caller needs (checked by the auth plugin before validation). */
export type RouteAccess = { capability: Capability };

export const allow = (capability: Capability): RouteAccess => ({ capability });

/** Anyone, without a token. */
export const PUBLIC = { public: true } as const;

/** Anyone, without a token; a logged-in caller is still known (e.g. for a coupon's per-customer limit). */
export const PUBLIC_IDENTIFIED = { public: true, identify: true } as const;

/** What reading and writing a resource of the admin app need, as route configs and as checks on a role. */
export function resourceAccess(resource: ResourceName) {
  const { read, write } = RESOURCES[resource];
  return {
    read: allow(read),
    write: allow(write),
    canRead: (role: string | null | undefined) => can(role, read),
    canWrite: (role: string | null | undefined) => can(role, write),
  };
}
