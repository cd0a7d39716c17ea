import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/common/capabilities.js';
import { apiOf, RESOURCES, roleCanAccess, type ResourceName } from '../../src/common/resources.js';
import {
  auditEvents,
  coupons,
  dnsRecords,
  dnsScriptLogs,
  emailMessages,
  kycSessions,
  memberLevels,
  members,
  mintJobs,
  notificationBulks,
  notifications,
  orders,
  payments,
  pointsEntries,
  products,
  redemptions,
  users,
} from '../../server/db/schema.js';
import {
  buildCoupon,
  buildDnsRecord,
  buildKycSession,
  buildOrder,
  buildPayment,
  buildProduct,
  buildUser,
  couponInput,
  dnsRecordInput,
  freshWallet,
  productInput,
  type Role,
} from './factories.js';
import { notRecorded } from './sql-coverage.js';
import { createTestApp, type TestApp } from './harness.js';

// Who may call each products/orders/coupons/payments endpoint (PRODUCT.md, Roles): every role not allowed gets 403,
// no token gets 401, and a refused request changes nothing. Who is allowed is written out here, not read from
// the capability table, so that the table itself is under test.

const STAFF: Role[] = ['admin', 'finance', 'operator'];
const WRITERS: Role[] = ['admin', 'operator'];
const FINANCE: Role[] = ['admin', 'finance'];
const REVIEWERS: Role[] = ['admin', 'operator'];
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const FORBIDDEN = 'You do not have permission to do this.';

let t: TestApp;
let customerEmail: string;
let orderId: string;
beforeAll(async () => {
  t = await createTestApp();
  customerEmail = (await buildUser(t)).email;
  // Log every role in now, so that the snapshots below see only what the request under test wrote.
  for (const role of ROLES) await t.tokenFor(role);
  orderId = (await buildOrder(t, { userEmail: customerEmail })).id;
});
afterAll(async () => {
  await t.close();
});

const count = async (
  table:
    | typeof orders
    | typeof payments
    | typeof mintJobs
    | typeof auditEvents
    | typeof dnsScriptLogs
    | typeof notifications
    | typeof emailMessages
    | typeof notificationBulks
    | typeof redemptions
    | typeof pointsEntries,
) => Number((await t.db.select({ n: sql<string>`count(*)` }).from(table))[0]!.n);

/** Every product row as stored (stock, prices, updatedAt...) and how many orders, payments, mint jobs and audit events exist. */
async function snapshot() {
  // The test's own reads, not the app's: left out of its SQL coverage (they run on PGlite only).
  return notRecorded(async () => ({
    products: await t.db.select().from(products).orderBy(asc(products.id)),
    coupons: await t.db.select().from(coupons).orderBy(asc(coupons.id)),
    kyc: await t.db.select().from(kycSessions).orderBy(asc(kycSessions.id)),
    dnsRecords: await t.db.select().from(dnsRecords).orderBy(asc(dnsRecords.id)),
    dnsScriptLogs: await count(dnsScriptLogs),
    orders: await count(orders),
    payments: await count(payments),
    mintJobs: await count(mintJobs),
    audit: await count(auditEvents),
    notifications: await count(notifications),
    emails: await count(emailMessages),
    bulks: await count(notificationBulks),
    members: await t.db.select().from(members).orderBy(asc(members.userId)),
    levels: await t.db.select().from(memberLevels).orderBy(asc(memberLevels.rank)),
    redemptions: await count(redemptions),
    pointsEntries: await count(pointsEntries),
  }));
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Request = { method: Method; url: string; body?: unknown };
/** `refusal`: what an allowed role gets past the role check when no data can make the call succeed here (no chain in this app). */
type Endpoint = { route: string; allowed: Role[]; ok: number; request: () => Promise<Request>; refusal?: string };

const endpoints: Endpoint[] = [
  // The referral network, users and the audit log: staff read, finance and admins decide, admins alone read the audit and reconcile.
  ...[
    '/api/commissions',
    '/api/commissions/stats',
    '/api/commissions/cost-stats',
    '/api/agent-levels',
    '/api/referrals',
    '/api/referrals/summary',
    '/api/affiliates',
    '/api/payouts',
    '/api/users',
  ].map((url): Endpoint => ({
    route: `GET ${url}`,
    allowed: STAFF,
    ok: 200,
    request: async () => ({ method: 'GET', url }),
  })),
  // Reports: staff read every kind and its CSV.
  ...['dashboard', 'sales', 'users', 'financial', 'referrals']
    .flatMap((kind) => [`/api/reports/${kind}?dateRange=7d`, `/api/reports/export/${kind}`])
    .map((url): Endpoint => ({
      route: `GET ${url.split('?')[0]}`,
      allowed: STAFF,
      ok: 200,
      request: async () => ({ method: 'GET', url }),
    })),
  ...['/api/audit', '/api/reconcile', '/api/debug/env', '/api/system'].map((url): Endpoint => ({
    route: `GET ${url}`,
    allowed: ['admin'],
    ok: 200,
    request: async () => ({ method: 'GET', url }),
  })),
  // Pay on chain: finance and admins (an unknown payout: 404 once past the role check); anyone sets their own payout wallet.
  {
    route: 'GET /api/payouts/{id}/onchain-quote',
    allowed: FINANCE,
    ok: 404,
    refusal: 'Payout not found.',
    request: async () => ({ method: 'GET', url: `/api/payouts/${UNKNOWN}/onchain-quote` }),
  },
  {
    route: 'POST /api/payouts/{id}/approve',
    allowed: FINANCE,
    ok: 404,
    refusal: 'Payout not found.',
    request: async () => ({ method: 'POST', url: `/api/payouts/${UNKNOWN}/approve` }),
  },
  {
    route: 'POST /api/payouts/{id}/pay-onchain',
    allowed: FINANCE,
    ok: 404,
    refusal: 'Payout not found.',
    request: async () => ({ method: 'POST', url: `/api/payouts/${UNKNOWN}/pay-onchain`, body: {} }),
  },
  {
    route: 'PUT /api/referrals/wallet',
    allowed: [...STAFF, 'user'],
    ok: 200,
    request: async () => ({ method: 'PUT', url: '/api/referrals/wallet', body: { walletAddress: null } }),
  },
  {
    route: 'PUT /api/agent-levels/{id}',
    allowed: FINANCE,
    ok: 200,
    request: async () => ({ method: 'PUT', url: '/api/agent-levels/2', body: { commissionrate: 0.005 } }),
  },
  {
    route: 'POST /api/commissions/bulk',
    allowed: FINANCE,
    ok: 200,
    request: async () => ({
      method: 'POST',
      url: '/api/commissions/bulk',
      body: { ids: [UNKNOWN], action: 'reject', reason: 'Fraudulent order' },
    }),
  },
  // Bulk actions: the resource's writers, each row then checked on its own (an unknown one answers 200 with its refusal).
  {
    route: 'POST /api/products/bulk',
    allowed: WRITERS,
    ok: 200,
    request: async () => ({
      method: 'POST',
      url: '/api/products/bulk',
      body: { ids: [(await buildProduct(t)).id, UNKNOWN], action: 'status', status: 'inactive' },
    }),
  },
  {
    route: 'POST /api/coupons/bulk',
    allowed: WRITERS,
    ok: 200,
    request: async () => ({
      method: 'POST',
      url: '/api/coupons/bulk',
      body: { ids: [(await buildCoupon(t)).id], action: 'expire' },
    }),
  },
  {
    route: 'POST /api/orders/bulk',
    allowed: WRITERS,
    ok: 200,
    request: async () => ({
      method: 'POST',
      url: '/api/orders/bulk',
      body: { ids: [(await buildOrder(t, { userEmail: customerEmail })).id], action: 'fail' },
    }),
  },
  {
    route: 'POST /api/mint-jobs/bulk',
    allowed: WRITERS,
    ok: 200,
    request: async () => ({ method: 'POST', url: '/api/mint-jobs/bulk', body: { ids: [UNKNOWN], action: 'retry' } }),
  },
  {
    route: 'POST /api/users/bulk',
    allowed: ['admin'],
    ok: 200,
    request: async () => ({
      method: 'POST',
      url: '/api/users/bulk',
      body: { ids: [(await buildUser(t)).id], action: 'suspend' },
    }),
  },
  {
    route: 'POST /api/domain/records/bulk',
    allowed: WRITERS,
    ok: 200,
    request: async () => ({
      method: 'POST',
      url: '/api/domain/records/bulk',
      body: { ids: [(await buildDnsRecord(t)).id], action: 'deactivate' },
    }),
  },
  {
    route: 'POST /api/users',
    allowed: ['admin'],
    ok: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/users',
      body: {
        email: `colleague.${Date.now()}.${Math.random()}@test.dev`,
        role: 'operator',
        password: 'a-long-password',
      },
    }),
  },
  // Notifications: everyone reads their own; staff read everyone's and the bulk sends; admins and operators send; admins read the outbox.
  {
    route: 'GET /api/notifications',
    allowed: [...ROLES],
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/notifications' }),
  },
  {
    route: 'PUT /api/notifications/read-all',
    allowed: [...ROLES],
    ok: 200,
    request: async () => ({ method: 'PUT', url: '/api/notifications/read-all' }),
  },
  {
    route: 'PUT /api/notifications/read',
    allowed: [...ROLES],
    ok: 200,
    request: async () => ({ method: 'PUT', url: '/api/notifications/read', body: { ids: [UNKNOWN] } }),
  },
  {
    route: 'GET /api/notifications?scope=all',
    allowed: STAFF,
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/notifications?scope=all' }),
  },
  {
    route: 'GET /api/notifications/bulk',
    allowed: STAFF,
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/notifications/bulk' }),
  },
  {
    route: 'GET /api/notifications/outbox',
    allowed: ['admin'],
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/notifications/outbox' }),
  },
  {
    route: 'GET /api/notifications/outbox/{id}',
    allowed: ['admin'],
    ok: 200,
    request: async () => {
      const shopper = await buildUser(t);
      const sent = await t.call('POST', '/api/notifications/send', {
        body: { email: shopper.email, title: 'x', body: 'y', channels: ['email'] },
      });
      return { method: 'GET', url: `/api/notifications/outbox/${sent.json().emailId}` };
    },
  },
  {
    route: 'POST /api/notifications/send',
    allowed: WRITERS,
    ok: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/notifications/send',
      body: { email: customerEmail, title: 'Hello', body: 'A message.', channels: ['in_app', 'email'] },
    }),
  },
  {
    route: 'POST /api/notifications/bulk',
    allowed: WRITERS,
    ok: 202,
    request: async () => ({
      method: 'POST',
      url: '/api/notifications/bulk',
      body: { audience: 'user', title: 'Hello all', body: 'A message.', channels: ['in_app'] },
    }),
  },
  {
    route: 'GET /api/notifications/bulk/{id}',
    allowed: STAFF,
    ok: 200,
    request: async () => ({
      method: 'GET',
      url: `/api/notifications/bulk/${(await t.call('POST', '/api/notifications/bulk', { body: { audience: 'all', title: 'x', body: 'y' } })).json().job.id}`,
    }),
  },
  // Admins reset another user's password or 2FA; every role may read and change its own 2FA and password.
  {
    route: 'POST /api/users/{id}/reset-password',
    allowed: ['admin'],
    ok: 200,
    request: async () => ({ method: 'POST', url: `/api/users/${(await buildUser(t)).id}/reset-password` }),
  },
  {
    route: 'POST /api/users/{id}/reset-2fa',
    allowed: ['admin'],
    ok: 200,
    request: async () => {
      const u = await buildUser(t);
      await t.db
        .update(users)
        .set({ totpSecret: 'plain:JBSWY3DPEHPK3PXP', totpEnabledAt: new Date() })
        .where(eq(users.id, u.id));
      return { method: 'POST', url: `/api/users/${u.id}/reset-2fa` };
    },
  },
  {
    route: 'GET /api/auth/2fa',
    allowed: [...ROLES],
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/auth/2fa' }),
  },
  // KYC: each user's own sessions; admins and operators review, finance does not (its 403 keeps identity documents from it).
  {
    route: 'GET /api/kyc',
    allowed: REVIEWERS,
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/kyc?status=pending' }),
  },
  {
    route: 'GET /api/kyc/me',
    allowed: [...ROLES],
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/kyc/me' }),
  },
  {
    route: 'GET /api/kyc/{id}',
    allowed: REVIEWERS,
    ok: 200,
    request: async () => ({ method: 'GET', url: `/api/kyc/${(await buildKycSession(t)).id}` }),
  },
  {
    route: 'GET /api/kyc/{id}/status',
    allowed: REVIEWERS,
    ok: 200,
    request: async () => ({ method: 'GET', url: `/api/kyc/${(await buildKycSession(t)).id}/status` }),
  },
  {
    route: 'PUT /api/kyc/{id}/status',
    allowed: REVIEWERS,
    ok: 200,
    request: async () => ({
      method: 'PUT',
      url: `/api/kyc/${(await buildKycSession(t)).id}/status`,
      body: { status: 'rejected', reason: 'The photo is blurred.' },
    }),
  },
  {
    route: 'GET /api/products',
    allowed: STAFF,
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/products' }),
  },
  {
    route: 'GET /api/products/stats',
    allowed: STAFF,
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/products/stats' }),
  },
  {
    route: 'GET /api/products/{id}',
    allowed: STAFF,
    ok: 200,
    request: async () => ({ method: 'GET', url: `/api/products/${(await buildProduct(t)).id}` }),
  },
  {
    route: 'POST /api/products',
    allowed: WRITERS,
    ok: 201,
    request: async () => ({ method: 'POST', url: '/api/products', body: productInput() }),
  },
  {
    route: 'PUT /api/products/{id}',
    allowed: WRITERS,
    ok: 200,
    request: async () => ({
      method: 'PUT',
      url: `/api/products/${(await buildProduct(t)).id}`,
      body: { title: 'Changed', stock: 1, status: 'inactive' },
    }),
  },
  {
    route: 'DELETE /api/products/{id}',
    allowed: WRITERS,
    ok: 200,
    request: async () => ({ method: 'DELETE', url: `/api/products/${(await buildProduct(t)).id}` }),
  },
  { route: 'GET /api/orders', allowed: STAFF, ok: 200, request: async () => ({ method: 'GET', url: '/api/orders' }) },
  {
    route: 'GET /api/orders/stats',
    allowed: STAFF,
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/orders/stats' }),
  },
  {
    route: 'GET /api/orders/{id}',
    allowed: STAFF,
    ok: 200,
    request: async () => ({ method: 'GET', url: `/api/orders/${orderId}` }),
  },
  {
    route: 'POST /api/orders',
    allowed: WRITERS,
    ok: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/orders',
      body: { userEmail: customerEmail, productId: (await buildProduct(t)).id, qty: 2 },
    }),
  },
  {
    route: 'POST /api/orders/mock',
    allowed: WRITERS,
    ok: 201,
    request: async () => ({
      method: 'POST',
      url: '/api/orders/mock',
      body: { userEmail: customerEmail, productId: (await buildProduct(t)).id, qty: 2 },
    }),
  },
  { route: 'GET /api/coupons', allowed: STAFF, ok: 200, request: async () => ({ method: 'GET', url: '/api/coupons' }) },
  {
    route: 'GET /api/coupons/{id}',
    allowed: STAFF,
    ok: 200,
    request: async () => ({ method: 'GET', url: `/api/coupons/${(await buildCoupon(t)).id}` }),
  },
  {
    route: 'POST /api/coupons',
    allowed: WRITERS,
    ok: 201,
    request: async () => ({ method: 'POST', url: '/api/coupons', body: couponInput() }),
  },
  {
    route: 'PUT /api/coupons/{id}',
    allowed: WRITERS,
    ok: 200,
    request: async () => ({
      method: 'PUT',
      url: `/api/coupons/${(await buildCoupon(t)).id}`,
      body: { discountValue: 15 },
    }),
  },
  {
    route: 'DELETE /api/coupons/{id}',
    allowed: WRITERS,
    ok: 200,
    request: async () => ({ method: 'DELETE', url: `/api/coupons/${(await buildCoupon(t)).id}` }),
  },
  {
    route: 'GET /api/payments',
    allowed: STAFF,
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/payments' }),
  },
  {
    route: 'GET /api/payments/{id}',
    allowed: STAFF,
    ok: 200,
    request: async () => ({ method: 'GET', url: `/api/payments/${(await buildPayment(t)).id}` }),
  },
  {
    route: 'POST /api/payments/{id}/refund',
    allowed: FINANCE,
    ok: 200,
    request: async () => ({
      method: 'POST',
      url: `/api/payments/${(await buildPayment(t)).id}/refund`,
      body: { amount: 1, reason: 'Damaged' },
    }),
  },
  {
    route: 'POST /api/payment-sdk/create',
    allowed: FINANCE,
    ok: 201,
    request: async () => {
      // A new buyer: the shared customer's mock orders earn points and a member level, whose discount would change the amount.
      const order = await buildOrder(t, { userEmail: (await buildUser(t)).email, product: { priceFiat: '9.00' } });
      return {
        method: 'POST',
        url: '/api/payment-sdk/create',
        body: { provider: 'sandbox', amount: 9, currency: 'USD', orderId: order.id },
      };
    },
  },
  {
    route: 'POST /api/payment-sdk/refund',
    allowed: FINANCE,
    ok: 200,
    request: async () => ({
      method: 'POST',
      url: '/api/payment-sdk/refund',
      body: { paymentId: (await buildPayment(t)).id, amount: 1, reason: 'Damaged' },
    }),
  },
  {
    route: 'GET /api/shop/orders',
    allowed: [...ROLES],
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/shop/orders' }),
  },
  // Membership: anyone reads their own; admins and operators edit levels, add points and decide redemptions; staff list them.
  ...[
    '/api/membership/info',
    '/api/membership/points/history',
    '/api/membership/redemptions/history',
    '/api/membership/conversions/history',
  ].map((url): Endpoint => ({
    route: `GET ${url}`,
    allowed: [...ROLES],
    ok: 200,
    request: async () => ({ method: 'GET', url }),
  })),
  {
    route: 'PUT /api/membership/levels/{name}',
    allowed: WRITERS,
    ok: 200,
    request: async () => ({ method: 'PUT', url: '/api/membership/levels/PLATINUM', body: { prioritySupport: true } }),
  },
  {
    route: 'POST /api/membership/points/add',
    allowed: WRITERS,
    ok: 200,
    request: async () => ({
      method: 'POST',
      url: '/api/membership/points/add',
      body: { email: customerEmail, amount: 5, reason: 'Goodwill' },
    }),
  },
  {
    route: 'POST /api/membership/tokens/convert',
    allowed: [...ROLES],
    ok: 422,
    refusal:
      'Add a wallet address on your Account page, under Wallet, before converting points: the tokens are minted to it.',
    request: async () => ({
      method: 'POST',
      url: '/api/membership/tokens/convert',
      body: { fromToken: 'POINTS', toToken: 'LOYALTY', amount: 100 },
    }),
  },
  {
    route: 'POST /api/redemptions',
    allowed: [...ROLES],
    ok: 422,
    refusal: 'The product does not exist.',
    request: async () => ({ method: 'POST', url: '/api/redemptions', body: { productId: UNKNOWN, quantity: 1 } }),
  },
  {
    route: 'GET /api/redemptions',
    allowed: STAFF,
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/redemptions?status=PENDING' }),
  },
  {
    route: 'GET /api/redemptions/{id}',
    allowed: [...ROLES],
    ok: 404,
    refusal: 'Redemption not found.',
    request: async () => ({ method: 'GET', url: `/api/redemptions/${UNKNOWN}` }),
  },
  {
    route: 'PUT /api/redemptions/{id}/status',
    allowed: WRITERS,
    ok: 404,
    refusal: 'Redemption not found.',
    request: async () => ({ method: 'PUT', url: `/api/redemptions/${UNKNOWN}/status`, body: { status: 'REJECTED' } }),
  },
  // A tokenised product's documents: staff read the history, the catalogue's writers attach (a JSON body: 415, past the role check).
  {
    route: 'GET /api/products/{id}/documents',
    allowed: STAFF,
    ok: 200,
    request: async () => ({ method: 'GET', url: `/api/products/${(await buildProduct(t)).id}/documents` }),
  },
  {
    route: 'POST /api/products/{id}/documents',
    allowed: WRITERS,
    ok: 415,
    refusal: 'Send the form as multipart/form-data with the file in the "document" field.',
    request: async () => ({
      method: 'POST',
      url: `/api/products/${(await buildProduct(t)).id}/documents`,
      body: { kind: 'appraisal' },
    }),
  },
  // A tokenised product's holders: staff read them, the catalogue's writers freeze a wallet for its token (a product
  // without a token: 409, past the role check).
  {
    route: 'GET /api/products/{id}/holders',
    allowed: STAFF,
    ok: 200,
    request: async () => ({ method: 'GET', url: `/api/products/${(await buildProduct(t)).id}/holders` }),
  },
  ...(['freeze', 'unfreeze'] as const).map((action): Endpoint => ({
    route: `POST /api/products/{id}/holders/${action}`,
    allowed: WRITERS,
    ok: 409,
    refusal: 'Only a tokenised product’s token can be frozen: give "Unminted print" a token id first.',
    request: async () => ({
      method: 'POST',
      url: `/api/products/${(await buildProduct(t, { title: 'Unminted print' })).id}/holders/${action}`,
      body: { wallet: freshWallet(), reason: 'Court order' },
    }),
  })),
  // Each list's CSV export: the list's own readers.
  ...[
    'products',
    'orders',
    'mint-jobs',
    'coupons',
    'payments',
    'payouts',
    'commissions',
    'affiliates',
    'referrals',
    'users',
    'domain/records',
    'redemptions',
  ].map((list): Endpoint => ({
    route: `GET /api/${list}/export.csv`,
    allowed: STAFF,
    ok: 200,
    request: async () => ({ method: 'GET', url: `/api/${list}/export.csv` }),
  })),
  {
    route: 'GET /api/audit/export.csv',
    allowed: ['admin'],
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/audit/export.csv' }),
  },
  ...['domain/query/logs', 'domain/script/logs', 'notifications', 'notifications/bulk'].map((list): Endpoint => ({
    route: `GET /api/${list}/export.csv`,
    allowed: STAFF,
    ok: 200,
    request: async () => ({ method: 'GET', url: `/api/${list}/export.csv` }),
  })),
  {
    route: 'GET /api/notifications/outbox/export.csv',
    allowed: ['admin'],
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/notifications/outbox/export.csv' }),
  },
  {
    route: 'GET /api/kyc/export.csv',
    allowed: REVIEWERS,
    ok: 200,
    request: async () => ({ method: 'GET', url: '/api/kyc/export.csv?status=pending' }),
  },
  // Domain management: staff read, admins and operators write (DNS records are catalogue work).
  ...['/api/domain/records', '/api/domain/query/logs', '/api/domain/script/logs'].map((url): Endpoint => ({
    route: `GET ${url}`,
    allowed: STAFF,
    ok: 200,
    request: async () => ({ method: 'GET', url }),
  })),
  {
    route: 'GET /api/domain/records/{id}',
    allowed: STAFF,
    ok: 200,
    request: async () => ({ method: 'GET', url: `/api/domain/records/${(await buildDnsRecord(t)).id}` }),
  },
  {
    route: 'POST /api/domain/record/create',
    allowed: WRITERS,
    ok: 201,
    request: async () => ({ method: 'POST', url: '/api/domain/record/create', body: dnsRecordInput() }),
  },
  {
    route: 'PUT /api/domain/records/{id}',
    allowed: WRITERS,
    ok: 200,
    request: async () => ({
      method: 'PUT',
      url: `/api/domain/records/${(await buildDnsRecord(t)).id}`,
      body: { ttl: 600, isActive: false },
    }),
  },
  {
    route: 'DELETE /api/domain/records/{id}',
    allowed: WRITERS,
    ok: 200,
    request: async () => ({ method: 'DELETE', url: `/api/domain/records/${(await buildDnsRecord(t)).id}` }),
  },
  {
    route: 'POST /api/domain/script/execute',
    allowed: WRITERS,
    ok: 200,
    request: async () => ({
      method: 'POST',
      url: '/api/domain/script/execute',
      body: { scriptName: 'Create DNS Record', parameters: dnsRecordInput() },
    }),
  },
];

/**
 * Every list and export the registry names (src/common/resources.ts), with the roles its read capability admits: a new
 * resource is covered without a line here. The rows above, written out by hand, pin who those readers are.
 */
const fromRegistry = (Object.keys(RESOURCES) as ResourceName[]).flatMap((name) => {
  const api = apiOf(name);
  if (!api) return [];
  const query = new URLSearchParams(api.query).toString();
  const urls = [`/api/${api.path}`, ...(api.csv === false ? [] : [`/api/${api.path}/export.csv`])].map((u) =>
    query ? `${u}?${query}` : u,
  );
  const readers = ROLES.filter((role) => roleCanAccess(role, name, 'list'));
  return urls.map((url): Endpoint => ({
    route: `GET ${url}`,
    allowed: readers,
    ok: 200,
    request: async () => ({ method: 'GET', url }),
  }));
});
for (const e of fromRegistry) if (!endpoints.some((o) => o.route === e.route)) endpoints.push(e);

const denied = endpoints.flatMap((e) => ROLES.filter((r) => !e.allowed.includes(r)).map((role) => ({ ...e, role })));
const allowed = endpoints.flatMap((e) => e.allowed.map((role) => ({ ...e, role })));

describe('access matrix: products, orders, coupons, payments and own orders', () => {
  it.each(endpoints)('$route: 401 without a token or with a bad one, nothing changed', async (e) => {
    const req = await e.request();
    const before = await snapshot();
    for (const auth of [{ as: null }, { token: 'not-a-real-token' }]) {
      const res = await t.call(req.method, req.url, { ...auth, body: req.body });
      expect(res.statusCode, JSON.stringify(auth)).toBe(401);
      expect(res.json()).toMatchObject({
        ok: false,
        code: expect.any(String),
        error: expect.stringMatching(/log in/i),
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each(denied)('$route: 403 for $role, nothing changed', async (e) => {
    const req = await e.request();
    const before = await snapshot();
    const res = await t.call(req.method, req.url, { as: e.role, body: req.body });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ ok: false, code: 'forbidden', error: FORBIDDEN });
    expect(await snapshot()).toEqual(before);
  });

  it.each(denied.filter((e) => e.route.startsWith('POST') || e.route.startsWith('PUT')))(
    '$route: 403 for $role even with an invalid body',
    async (e) => {
      const req = await e.request();
      const res = await t.call(req.method, req.url, { as: e.role, body: { qty: -1, title: '', stock: 'many' } });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden', error: FORBIDDEN });
    },
  );

  it.each(allowed)('$route: $role passes', async (e) => {
    const req = await e.request();
    const res = await t.call(req.method, req.url, { as: e.role, body: req.body });
    expect(res.statusCode, res.body).toBe(e.ok);
    // An export answers CSV with its heading; a named refusal its sentence; everything else JSON with ok.
    if (/^text\/csv/.test(res.headers['content-type'] ?? '')) expect(res.body).toMatch(/^\uFEFF?\w[^\r\n]*\r\n/);
    else if (e.refusal) expect(res.json().error).toBe(e.refusal);
    else expect(res.json().ok).toBe(true);
  });
});

describe('unknown and malformed ids', () => {
  const byId: [Method, string, unknown, string][] = [
    ['GET', '/api/products/', undefined, 'Product not found.'],
    ['PUT', '/api/products/', { stock: 3 }, 'Product not found.'],
    ['DELETE', '/api/products/', undefined, 'Product not found.'],
    ['GET', '/api/orders/', undefined, 'Order not found.'],
    ['GET', '/api/coupons/', undefined, 'Coupon not found.'],
    ['GET', '/api/payments/', undefined, 'Payment not found.'],
    ['PUT', '/api/coupons/', { discountValue: 5 }, 'Coupon not found.'],
    ['DELETE', '/api/coupons/', undefined, 'Coupon not found.'],
    ['GET', '/api/domain/records/', undefined, 'DNS record not found.'],
    ['PUT', '/api/domain/records/', { ttl: 600 }, 'DNS record not found.'],
    ['DELETE', '/api/domain/records/', undefined, 'DNS record not found.'],
  ];

  it.each(byId)('%s %s{unknown uuid}: 404 with a sentence, nothing changed', async (method, base, body, sentence) => {
    const before = await snapshot();
    for (const role of method === 'GET' ? STAFF : WRITERS) {
      const res = await t.call(method, `${base}${UNKNOWN}`, { as: role, body });
      expect(res.statusCode, role).toBe(404);
      expect(res.json()).toMatchObject({ ok: false, code: 'not_found', error: sentence });
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each(byId)('%s %s{not a uuid}: 400 naming id, nothing changed', async (method, base, body) => {
    const before = await snapshot();
    for (const bad of ['42', 'not-a-uuid', `${UNKNOWN}x`]) {
      const res = await t.call(method, `${base}${bad}`, { body });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, code: 'validation', fields: { id: expect.any(String) } });
      expect(res.json().error).toContain('"id"');
    }
    expect(await snapshot()).toEqual(before);
  });
});
