/** Who may do what: the one table the server's policies, the auth plugin and the admin app all read (PRODUCT.md, Roles). */
export const ROLES = ['admin', 'finance', 'operator', 'user'] as const;
export type Role = (typeof ROLES)[number];

const STAFF: readonly Role[] = ['admin', 'finance', 'operator'];

export const CAPABILITIES = {
  /** dashboard, reports, read orders / products / referrals / affiliates */
  'backoffice.read': STAFF,
  /** products, coupons, DNS, mint queue, membership levels, notifications */
  'catalog.write': ['admin', 'operator'],
  /** create orders for a customer, and test (mock) orders */
  'orders.create': ['admin', 'operator'],
  /** payments, refunds, payouts, commission decisions, agent-level rates, payment SDK */
  'finance.write': ['admin', 'finance'],
  'users.read': STAFF,
  'users.write': ['admin'],
  'kyc.review': ['admin', 'operator'],
  'settings.manage': ['admin'],
  /** debug endpoints such as POST /api/debug/mint */
  'debug.use': ['admin'],
  /** the shopper's own things: shop, own orders, membership, referral page, KYC */
  self: ROLES,
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof CAPABILITIES;

export function can(role: string | undefined | null, capability: Capability): boolean {
  return !!role && (CAPABILITIES[capability] as readonly string[]).includes(role);
}
