/**
 * Writes db.json, the demo data (json-server format), deterministically: `npm run demo-data`. One consistent history:
 * accounts, products, orders and payments; coupons used on some orders; a two-level referral network with its clicks;
 * its commissions in every state and the payouts that paid or held them, a refund after a payout and the clawbacks it
 * leaves, one deducted by a later payout (what `npm run reconcile` checks); the managed
 * DNS zone's records with their query and script logs; a bulk send, the inboxes and the outbox;
 * points staff added and redemptions; identity checks waiting, approved and rejected.
 * Run once and commit the output; re-running yields the same file. Dates span 2025-12-01..2026-11-30;
 * the seed moves them so that the newest is the moment it runs (see server/seed/seed.ts).
 *
 * Each domain is a section of its own in this folder, run in the order of the imports below: a section draws from the
 * one seeded faker (context.ts) after the sections before it, and may read and extend their records, so a new one
 * goes after those it reads. A resource that stands alone (one `npm run new:resource` wrote) has its file in
 * `resources/`: it is found there, draws from a faker seeded by its name, and adds its collection after the others.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { shoppers, staff } from './accounts.js';
import { products } from './products.js';
import { byDate, orderItems, orders, payments } from './orders.js';
import { coupons } from './coupons.js';
import { referralClicks } from './referrals.js';
import './commissions.js';
import { commissionRecords, payouts } from './payouts.js';
import { dnsQueryLogs, dnsRecords, dnsScriptLogs } from './domain.js';
import { bulk, emailMessages, notifications } from './notifications.js';
import { pointsEntries, redemptions } from './membership.js';
import { kycSessions } from './kyc.js';
import { refunds } from './refunds.js';
import './loyalty.js';
import { chainTransactions, conversions, mintJobs, PAYOUT_TOKEN_RATE } from './mint.js';
import { auditEvents } from './audit.js';
import { resourceSections } from './resources.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.join(HERE, '..', '..', 'db.json');

// The dev logins work without an authenticator app: the demo data turns the setting "Require 2FA for all users" off
// (a production install, which loads no demo data, keeps it on; see the README's Dev logins). The site is named as a
// shop, not by the back office's default name, which the shop's header and emails would otherwise show.
const settings = { siteName: 'RWA Commerce', twoFactorAuth: false, payoutTokenRate: PAYOUT_TOKEN_RATE };
const data = {
  users: [...staff, ...shoppers],
  products,
  orders: orders.sort(byDate),
  orderItems,
  payments: payments.sort(byDate),
  refunds,
  coupons,
  referralClicks,
  payouts,
  commissions: commissionRecords,
  dnsRecords,
  dnsQueryLogs,
  dnsScriptLogs,
  notificationBulks: [bulk],
  notifications,
  emailMessages,
  redemptions,
  pointsEntries,
  kycSessions,
  auditEvents,
  mintJobs: mintJobs.sort(byDate),
  chainTransactions,
  conversions,
  settings,
  ...(await resourceSections(path.join(HERE, 'resources'))),
};
fs.writeFileSync(OUT, `${JSON.stringify(data, null, 2)}\n`);
console.log(
  `wrote ${path.relative(process.cwd(), OUT)}: ${data.users.length} users, ${products.length} products, ` +
    `${orders.length} orders, ${orderItems.length} order lines, ${payments.length} payments, ${refunds.length} refunds, ${coupons.length} coupons, ` +
    `${referralClicks.length} referral clicks, ${payouts.length} payouts, ${commissionRecords.length} commissions, ` +
    `${dnsRecords.length} DNS records, ${dnsQueryLogs.length} DNS lookups, ${dnsScriptLogs.length} DNS script runs, ` +
    `${notifications.length} notifications, ${emailMessages.length} emails, ${redemptions.length} redemptions, ${pointsEntries.length} points added by staff, ` +
    `${kycSessions.length} KYC sessions, ${auditEvents.length} audit entries, ${mintJobs.length} mint jobs, ${chainTransactions.length} transactions on the dev chain, ${conversions.length} points conversions`,
);
