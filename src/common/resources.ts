/**
 * Every screen of the admin app by its resource name (its route): what reading and writing it need, and
 * for a record resource where its API lives and which answer fields hold a list and one record (SPEC §7).
 * The server's module policies take their capabilities from here; the admin's canAccess and dataProvider read it too.
 */
import { can, type Capability } from './capabilities.js';

export type Access = { read: Capability; write: Capability };
/** `/api/{path}` answers `{ok, [list]: [...], total}` and `/api/{path}/{id}` answers `{ok, [one]: {...}}`. */
export type ResourceApi = { path: string; list: string; one: string };
type Resource = Access & { api?: ResourceApi };

const staff = (write: Capability): Access => ({ read: 'backoffice.read', write });
const own: Access = { read: 'self', write: 'self' };
const api = (path: string, list: string, one: string): { api: ResourceApi } => ({ api: { path, list, one } });

export const RESOURCES = {
  dashboard: staff('catalog.write'),
  products: { ...staff('catalog.write'), ...api('products', 'products', 'product') },
  orders: { ...staff('orders.create'), ...api('orders', 'orders', 'order') },
  payments: { ...staff('finance.write'), ...api('payments', 'payments', 'payment') },
  payouts: { ...staff('finance.write'), ...api('payouts', 'payouts', 'payout') },
  commissions: staff('finance.write'),
  referrals: staff('finance.write'),
  affiliates: { ...staff('finance.write'), ...api('affiliates', 'affiliates', 'affiliate') },
  coupons: { ...staff('catalog.write'), ...api('coupons', 'coupons', 'coupon') },
  'mint-queue': { ...staff('catalog.write'), ...api('mint-jobs', 'jobs', 'job') },
  users: { read: 'users.read', write: 'users.write', ...api('users', 'users', 'user') },
  /** The KYC review queue (reached from Users: SPEC §2's nav has no KYC item); finance may not see identity documents. */
  kyc: { read: 'kyc.review', write: 'kyc.review', ...api('kyc', 'sessions', 'session') },
  membership: own,
  /** Staff's list of members' redemptions (approve, reject); membership levels and points adjustments share its write. */
  redemptions: { ...staff('catalog.write'), ...api('redemptions', 'redemptions', 'redemption') },
  'referral-dashboard': own,
  'domain-management': staff('catalog.write'),
  'payment-sdk': staff('finance.write'),
  settings: { read: 'settings.manage', write: 'settings.manage' },
  reports: staff('catalog.write'),
  /** Sending notifications (one, bulk) and reading all users' (DESIGN roles: admin and operator write, finance reads). */
  notifications: staff('catalog.write'),
  /** The caller's own inbox (the bell's "See all"). */
  inbox: own,
} as const satisfies Record<string, Resource>;

export type ResourceName = keyof typeof RESOURCES;

const byName = RESOURCES as Record<string, Resource>;

/** react-admin's actions that change a record; every other one (list, show, export…) reads. */
const WRITE_ACTIONS = new Set(['create', 'edit', 'delete', 'clone']);

/** The capability a (resource, action) pair needs; a resource missing from the table is staff-read, catalogue-write. */
export function capabilityFor(resource: string, action: string): Capability {
  const access = byName[resource] ?? staff('catalog.write');
  return WRITE_ACTIONS.has(action) ? access.write : access.read;
}

export const roleCanAccess = (role: string | undefined | null, resource: string, action: string) =>
  can(role, capabilityFor(resource, action));

/** Where a record resource's API lives, or undefined for a screen without one. */
export const apiOf = (resource: string): ResourceApi | undefined => byName[resource]?.api;
