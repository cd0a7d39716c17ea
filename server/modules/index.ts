/**
 * The registry: every module's routes, registered in this order by server/app.ts.
 * A new module is a folder here (routes.ts, service.ts, policy.ts, present.ts) and one line below; a module without
 * one of those four says why on its line. A folder of commands only (backup/: npm run backup and restore) has no line.
 */
import affiliates from './affiliates/routes.js';
import audit from './audit/routes.js';
import auth from './auth/routes.js';
import cart from './cart/routes.js';
import checkout from './checkout/routes.js';
import commissions from './commissions/routes.js';
import coupons from './coupons/routes.js';
import dashboard from './dashboard/routes.js';
import debug from './debug/routes.js';
import domain from './domain/routes.js';
import events from './events/routes.js';
import health from './health/routes.js';
import holders from './holders/routes.js';
import kyc from './kyc/routes.js';
import membership from './membership/routes.js';
import mint from './mint/routes.js';
import notifications from './notifications/routes.js';
import orders from './orders/routes.js';
import paymentSdk from './payments/sdk-routes.js';
import payments from './payments/routes.js';
import payouts from './payouts/routes.js';
import products from './products/routes.js';
import reconcile from './reconcile/routes.js';
import redemptions from './redemptions/routes.js';
import referrals from './referrals/routes.js';
import reports from './reports/routes.js';
import settings from './settings/routes.js';
import shop from './shop/routes.js';
import stripe from './payments/stripe-routes.js';
import system from './system/routes.js';
import tokens from './tokens/routes.js';
import users from './users/routes.js';
import webhooks from './webhooks/routes.js';

export const MODULES = [
  health, // routes.ts and service.ts (the readiness checks): no rules, no row to present
  auth,
  settings,
  products,
  orders,
  dashboard,
  mint,
  shop,
  coupons,
  cart,
  checkout,
  payments,
  paymentSdk,
  stripe,
  users,
  kyc,
  audit,
  commissions,
  referrals,
  payouts,
  affiliates,
  reconcile, // no policy.ts or present.ts: an admin's read-only check (allow in routes.ts) whose service's checks are the answer
  notifications,
  debug, // no service.ts: it reads the process's configuration, nothing stored
  reports,
  domain,
  membership,
  webhooks,
  events, // no present.ts of records: the stream's wire form is present.ts's few lines
  system, // no policy.ts or present.ts: an admin's read-only view (allow in routes.ts) of live figures, nothing stored
  tokens,
  holders, // the holders indexer's loop starts with the mint worker (mint/runtime.ts)
  redemptions, // borrows membership's policy.ts and present.ts: a redemption spends the points ledger's balance
] as const;
