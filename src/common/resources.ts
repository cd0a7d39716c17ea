/**
 * Every screen of the admin app by its resource name (its route): what reading and writing it need, its place in the
 * side menu, the record types its changes are audited as, and for a record resource where its API lives, which answer
 * fields hold a list and one record, whether the list has a CSV export, and the admin route that shows the list.
 * Derived from here: the server's module policies and each list's CSV registration, the admin's menu, canAccess and
 * dataProvider, the audit log's record types, and the tests' lists of screens, exports and guarded routes
 * (tests/unit/resource-registry.test.ts checks that nothing else lists them).
 */
import { can, type Capability } from './capabilities.js';

export type Access = { read: Capability; write: Capability };
/** `/api/{path}` answers `{ok, [list]: [...], total}` and `/api/{path}/{id}` answers `{ok, [one]: {...}}`. */
export type ResourceApi = { path: string; list: string; one: string; query?: Record<string, string>; csv?: false };
/** A side-menu entry: its place (1 first), its label under `app.menu.*`, its icon's name (src/admin/layout/nav.ts). */
export type MenuEntry = { order: number; label: string; icon: string; shoppersOnly?: true };
/** `audit`: the `entity` names its changes are recorded under in the audit log. */
/** `route`: where the admin shows a record resource's list, when not at `/{name}` (a tab of another screen). */
type Resource = Access & { api?: ResourceApi; route?: `/${string}`; menu?: MenuEntry; audit?: readonly string[] };

const staff = (write: Capability): Access => ({ read: 'backoffice.read', write });
const own: Access = { read: 'self', write: 'self' };
/**
 * `query`: parameters every list call and CSV export of the resource sends (a view of a shared API, e.g. everyone's
 * notifications); `csv: false` for a list without a CSV export.
 */
/** Listed in the side menu at `order`; `shoppersOnly`: listed only for roles without the back office. */
const menu = <L extends string, I extends string>(order: number, label: L, icon: I, shoppersOnly?: true) => ({
  menu: { order, label, icon, ...(shoppersOnly && { shoppersOnly }) },
});
const audit = <E extends string>(...entities: E[]) => ({ audit: entities });
/** The list is shown at `route` rather than at `/{name}`. */
const shownAt = (route: `/${string}`) => ({ route });

const api = (
  path: string,
  list: string,
  one: string,
  opts: Pick<ResourceApi, 'query' | 'csv'> = {},
): { api: ResourceApi } => ({ api: { path, list, one, ...opts } });

export const RESOURCES = {
  dashboard: { ...staff('catalog.write'), ...menu(1, 'dashboard', 'Dashboard') },
  products: {
    ...staff('catalog.write'),
    ...api('products', 'products', 'product'),
    ...menu(2, 'products', 'Inventory'),
    ...audit('product'),
  },
  orders: {
    ...staff('orders.create'),
    ...api('orders', 'orders', 'order'),
    ...menu(3, 'orders', 'Receipt'),
    ...audit('order'),
  },
  payments: {
    ...staff('finance.write'),
    ...api('payments', 'payments', 'payment'),
    ...menu(4, 'payments', 'Payment'),
    ...audit('payment'),
  },
  payouts: {
    ...staff('finance.write'),
    ...api('payouts', 'payouts', 'payout'),
    ...menu(5, 'payouts', 'Payout'),
    ...audit('payout'),
  },
  commissions: {
    ...staff('finance.write'),
    ...api('commissions', 'commissions', 'commission'),
    ...shownAt('/referrals/history'),
    ...audit('commission'),
  },
  /** Referral management: the network, commissions and the agent levels' rates. */
  referrals: { ...staff('finance.write'), ...menu(6, 'referrals', 'Share'), ...audit('agent_level') },
  /** Referral management's network tab (who referred whom). */
  'referral-network': {
    ...staff('finance.write'),
    ...api('referrals', 'referrals', 'referral'),
    ...shownAt('/referrals'),
  },
  affiliates: {
    ...staff('finance.write'),
    ...api('affiliates', 'affiliates', 'affiliate'),
    ...menu(7, 'affiliates', 'Handshake'),
  },
  coupons: {
    ...staff('catalog.write'),
    ...api('coupons', 'coupons', 'coupon'),
    ...menu(8, 'coupons', 'Coupon'),
    ...audit('coupon'),
  },
  'mint-queue': {
    ...staff('catalog.write'),
    ...api('mint-jobs', 'jobs', 'job'),
    ...menu(9, 'mint_queue', 'Token'),
    ...audit('mint_job'),
  },
  users: {
    read: 'users.read',
    write: 'users.write',
    ...api('users', 'users', 'user'),
    ...menu(10, 'users', 'People'),
    ...audit('user'),
  },
  /** The KYC review queue (reached from Users: the menu has no KYC item); finance may not see identity documents. */
  kyc: { read: 'kyc.review', write: 'kyc.review', ...api('kyc', 'sessions', 'session'), ...audit('kyc') },
  /** The member card, levels, points and conversions. */
  membership: { ...own, ...menu(11, 'membership', 'Membership'), ...audit('member', 'member_level', 'conversion') },
  /** The member card's three histories (the caller's own, or for staff the member looked up). */
  'membership-points': {
    ...own,
    ...api('membership/points/history', 'points', 'entry', { csv: false }),
    ...shownAt('/membership/points'),
  },
  'membership-redemptions': {
    ...own,
    ...api('membership/redemptions/history', 'redemptions', 'redemption', { csv: false }),
    ...shownAt('/membership/redemptions'),
  },
  'membership-conversions': {
    ...own,
    ...api('membership/conversions/history', 'conversions', 'conversion', { csv: false }),
    ...shownAt('/membership/conversions'),
  },
  /** Staff's list of members' redemptions (approve, reject); membership levels and points adjustments share its write. */
  redemptions: {
    ...staff('catalog.write'),
    ...api('redemptions', 'redemptions', 'redemption'),
    ...audit('redemption'),
  },
  /** The shopper's own referral page: routed for everyone, in the menu only for non-staff roles. */
  'referral-dashboard': { ...own, ...menu(18, 'referral_dashboard', 'Link', true) },
  'domain-management': { ...staff('catalog.write'), ...menu(12, 'domain_management', 'Dns') },
  /** Domain Management's tabs: the DNS records and the two logs. */
  'dns-records': {
    ...staff('catalog.write'),
    ...api('domain/records', 'records', 'record'),
    ...shownAt('/domain-management/records'),
    ...audit('dns_record'),
  },
  'dns-query-logs': {
    ...staff('catalog.write'),
    ...api('domain/query/logs', 'logs', 'log'),
    ...shownAt('/domain-management/query_logs'),
  },
  'dns-script-logs': {
    ...staff('catalog.write'),
    ...api('domain/script/logs', 'logs', 'log'),
    ...shownAt('/domain-management/script_logs'),
  },
  'payment-sdk': { ...staff('finance.write'), ...menu(13, 'payment_sdk', 'Code') },
  settings: {
    read: 'settings.manage',
    write: 'settings.manage',
    ...menu(14, 'settings', 'Settings'),
    ...audit('settings'),
  },
  /** Settings' Audit tab: the audit log (admins). */
  audit: {
    read: 'settings.manage',
    write: 'settings.manage',
    ...api('audit', 'events', 'event'),
    ...shownAt('/settings/audit'),
  },
  reports: { ...staff('catalog.write'), ...menu(15, 'reports', 'Assessment') },
  /** The System page: this server, its loops and queues (admins; GET /api/system). */
  system: { read: 'settings.manage', write: 'settings.manage', ...menu(17, 'system', 'Monitor') },
  /** Sending notifications (one, bulk) and reading all users' (PRODUCT.md, Roles: admin and operator write, finance reads). */
  notifications: { ...staff('catalog.write'), ...audit('notification') },
  /** The notifications page's lists: bulk sends, every user's notifications (staff read), the email outbox (admins, in Settings). */
  'notification-bulks': {
    ...staff('catalog.write'),
    ...api('notifications/bulk', 'jobs', 'job'),
    ...shownAt('/notifications/bulk'),
  },
  'notifications-all': {
    ...staff('catalog.write'),
    ...api('notifications', 'notifications', 'notification', { query: { scope: 'all' } }),
    ...shownAt('/notifications/all'),
  },
  'notifications-outbox': {
    read: 'settings.manage',
    write: 'settings.manage',
    ...api('notifications/outbox', 'messages', 'message'),
    ...shownAt('/settings/outbox'),
    ...audit('email'),
  },
  /** Webhook endpoints and their delivery logs (admins). */
  webhooks: {
    read: 'settings.manage',
    write: 'settings.manage',
    ...api('webhooks', 'webhooks', 'webhook', { csv: false }),
    ...menu(16, 'webhooks', 'Webhook'),
    ...audit('webhook'),
  },
  /** The caller's own inbox (the bell's "See all"). */
  inbox: { ...own, ...api('notifications', 'notifications', 'notification'), ...shownAt('/notifications') },
} as const satisfies Record<string, Resource>;

export type ResourceName = keyof typeof RESOURCES;
type Defined = (typeof RESOURCES)[ResourceName];
/** The icon names the menu uses; the admin maps each to its component. */
export type MenuIcon = Extract<Defined, { menu: unknown }>['menu']['icon'];
/** The record types the audit log names, for its entity filter and the server's audit(). */
export type AuditEntity = Extract<Defined, { audit: unknown }>['audit'][number];

const entries = Object.entries(RESOURCES) as [ResourceName, Resource][];

/** The side menu's entries in order, each with its resource name (its route). */
export const MENU: readonly (MenuEntry & { resource: ResourceName })[] = entries
  .flatMap(([resource, r]) => (r.menu ? [{ resource, ...r.menu }] : []))
  .sort((a, b) => a.order - b.order);

/** Every record type the audit log names, in the registry's order. */
export const AUDIT_ENTITIES = entries.flatMap(([, r]) => r.audit ?? []) as readonly AuditEntity[];

/** The resources whose list has a CSV export (`GET /api/{path}/export.csv`), one per API path. */
export const CSV_RESOURCES: readonly ResourceName[] = entries
  .filter(([, r], i) => r.api && r.api.csv !== false && entries.findIndex(([, o]) => o.api?.path === r.api!.path) === i)
  .map(([name]) => name);

/** Every record resource's list and the admin route that shows it (`/{name}` unless its entry says `route`). */
export const LIST_SCREENS: readonly { resource: ResourceName; path: string }[] = entries
  .filter(([, r]) => r.api)
  .map(([resource, r]) => ({ resource, path: r.route ?? `/${resource}` }));

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
