/**
 * Every screen of the admin app by its resource name (its route): what reading and writing it need, and
 * for a record resource where its API lives and which answer fields hold a list and one record.
 * The server's module policies take their capabilities from here; the admin's canAccess and dataProvider read it too.
 */
import { can, type Capability } from './capabilities.js';

export type Access = { read: Capability; write: Capability };
/** `/api/{path}` answers `{ok, [list]: [...], total}` and `/api/{path}/{id}` answers `{ok, [one]: {...}}`. */
export type ResourceApi = { path: string; list: string; one: string; query?: Record<string, string>; csv?: false };
type Resource = Access & { api?: ResourceApi };

const staff = (write: Capability): Access => ({ read: 'backoffice.read', write });
const own: Access = { read: 'self', write: 'self' };
/**
 * `query`: parameters every list call and CSV export of the resource sends (a view of a shared API, e.g. everyone's
 * notifications); `csv: false` for a list without a CSV export.
 */
const api = (path: string, list: string, one: string, opts: Pick<ResourceApi, 'query' | 'csv'> = {}): { api: ResourceApi } => ({ api: { path, list, one, ...opts } });

export const RESOURCES = {
  dashboard: staff('catalog.write'),
  products: { ...staff('catalog.write'), ...api('products', 'products', 'product') },
  orders: { ...staff('orders.create'), ...api('orders', 'orders', 'order') },
  payments: { ...staff('finance.write'), ...api('payments', 'payments', 'payment') },
  payouts: { ...staff('finance.write'), ...api('payouts', 'payouts', 'payout') },
  commissions: { ...staff('finance.write'), ...api('commissions', 'commissions', 'commission') },
  referrals: staff('finance.write'),
  /** Referral management's network tab (who referred whom). */
  'referral-network': { ...staff('finance.write'), ...api('referrals', 'referrals', 'referral') },
  affiliates: { ...staff('finance.write'), ...api('affiliates', 'affiliates', 'affiliate') },
  coupons: { ...staff('catalog.write'), ...api('coupons', 'coupons', 'coupon') },
  'mint-queue': { ...staff('catalog.write'), ...api('mint-jobs', 'jobs', 'job') },
  users: { read: 'users.read', write: 'users.write', ...api('users', 'users', 'user') },
  /** The KYC review queue (reached from Users: the menu has no KYC item); finance may not see identity documents. */
  kyc: { read: 'kyc.review', write: 'kyc.review', ...api('kyc', 'sessions', 'session') },
  membership: own,
  /** The member card's three histories (the caller's own, or for staff the member looked up). */
  'membership-points': { ...own, ...api('membership/points/history', 'points', 'entry', { csv: false }) },
  'membership-redemptions': { ...own, ...api('membership/redemptions/history', 'redemptions', 'redemption', { csv: false }) },
  'membership-conversions': { ...own, ...api('membership/conversions/history', 'conversions', 'conversion', { csv: false }) },
  /** Staff's list of members' redemptions (approve, reject); membership levels and points adjustments share its write. */
  redemptions: { ...staff('catalog.write'), ...api('redemptions', 'redemptions', 'redemption') },
  'referral-dashboard': own,
  'domain-management': staff('catalog.write'),
  /** Domain Management's tabs: the DNS records and the two logs. */
  'dns-records': { ...staff('catalog.write'), ...api('domain/records', 'records', 'record') },
  'dns-query-logs': { ...staff('catalog.write'), ...api('domain/query/logs', 'logs', 'log') },
  'dns-script-logs': { ...staff('catalog.write'), ...api('domain/script/logs', 'logs', 'log') },
  'payment-sdk': staff('finance.write'),
  settings: { read: 'settings.manage', write: 'settings.manage' },
  /** Settings' Audit tab: the audit log (admins). */
  audit: { read: 'settings.manage', write: 'settings.manage', ...api('audit', 'events', 'event') },
  reports: staff('catalog.write'),
  /** Sending notifications (one, bulk) and reading all users' (PRODUCT.md, Roles: admin and operator write, finance reads). */
  notifications: staff('catalog.write'),
  /** The notifications page's lists: bulk sends, every user's notifications (staff read), the email outbox (admins, in Settings). */
  'notification-bulks': { ...staff('catalog.write'), ...api('notifications/bulk', 'jobs', 'job') },
  'notifications-all': { ...staff('catalog.write'), ...api('notifications', 'notifications', 'notification', { query: { scope: 'all' } }) },
  'notifications-outbox': { read: 'settings.manage', write: 'settings.manage', ...api('notifications/outbox', 'messages', 'message') },
  /** The caller's own inbox (the bell's "See all"). */
  inbox: { ...own, ...api('notifications', 'notifications', 'notification') },
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
