import { settingsSchema } from '../../src/common/settings.js';
import { DNS_ZONES_DEFAULT, parseDnsQueryLogs, parseDnsRecords, parseDnsScriptLogs } from './domain.js';
import { parseKycSessions } from './kyc.js';
import { ownedTransactions, parseChainTransactions, parseConversions, parseMintJobs } from './mint-history.js';
import { parseRefunds } from './refunds.js';
import { deriveClawbacks } from './clawbacks.js';
import { parseAuditEvents } from './audit.js';
import { mapOntoZone } from './zone.js';
import { parsePointsEntries, parseRedemptions } from './membership.js';
import { parseEmailMessages, parseNotificationBulks, parseNotifications } from './inbox.js';
import { IdMap, Notes, dateShiftMs, describeProblem, parseDate, shiftDate, type At, type Problem } from './format.js';
import { parseCommissions, parsePayouts, parseReferralClicks } from './network.js';
import {
  first,
  parseCoupons,
  parseOrders,
  parsePayments,
  parseProducts,
  parseUsers,
  shown,
  str,
  type Ctx,
} from './records.js';
import type { SeedData } from './types.js';

/** Turns a json-server style file (top-level collections) into rows for the tables. Pure: no database. */

export type ParseOptions = {
  /** Move every date so that the newest one in the file is `now` (default true). */
  shiftDates?: boolean;
  now?: Date;
  /** Repair what is wrong (each repair listed in `problems`) instead of refusing the file. */
  lenient?: boolean;
  /** The DNS zones this server manages: the file's DNS records must be in them (a file's one zone is mapped onto a server's one, zone.ts). */
  zones?: readonly string[];
  /** The collections of stand-alone resources (stand-alone.ts): kept as they are, their `…At` dates moved. */
  standAlone?: readonly string[];
};

/** How many problems a refusal lists before it counts the rest. */
export const PROBLEMS_SHOWN = 50;

/**
 * A file refused: one line per problem (the first 50, then how many more). `repairable: false` for what --lenient
 * cannot repair either (a points balance the file takes below 0: which entry to drop is the file's author's choice).
 */
export class SeedFileError extends Error {
  constructor(
    readonly problems: Problem[],
    { repairable = true }: { repairable?: boolean } = {},
  ) {
    const lines = problems.slice(0, PROBLEMS_SHOWN).map(describeProblem);
    if (problems.length > PROBLEMS_SHOWN) lines.push(`…and ${problems.length - PROBLEMS_SHOWN} more problems.`);
    const n = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
    super(
      repairable
        ? `The seed file has ${n}; nothing was loaded (--lenient repairs them instead):\n${lines.join('\n')}`
        : `The seed file has ${n} that --lenient cannot repair; nothing was loaded (change the file):\n${lines.join('\n')}`,
    );
  }
}

export const COLLECTIONS = [
  'users',
  'products',
  'orders',
  'orderItems',
  'payments',
  'refunds',
  'coupons',
  'referralClicks',
  'payouts',
  'commissions',
  'dnsRecords',
  'dnsQueryLogs',
  'dnsScriptLogs',
  'notificationBulks',
  'notifications',
  'emailMessages',
  'redemptions',
  'pointsEntries',
  'kycSessions',
  'auditEvents',
  'mintJobs',
  'chainTransactions',
  'conversions',
  'settings',
] as const;
const ALIASES: Record<string, (typeof COLLECTIONS)[number]> = {
  order_items: 'orderItems',
  orderLines: 'orderItems',
  order_lines: 'orderItems',
  items: 'orderItems',
};
const DATE_KEYS = [
  'createdAt',
  'created_at',
  'updatedAt',
  'updated_at',
  'paidAt',
  'paid_at',
  'fulfilledAt',
  'fulfilled_at',
  'completedAt',
  'completed_at',
  'readAt',
  'sentAt',
  'finishedAt',
  'reviewedAt',
  'lastLogin',
  'last_login',
  'joinDate',
  'date',
  'earnedAt',
  'decidedAt',
  'approvedAt',
  'referredAt',
  'signedAt',
  'rejectedAt',
];

export function parseSeedFile(raw: unknown, opts: ParseOptions = {}): SeedData {
  const notes = new Notes();
  const now = opts.now ?? new Date();
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new Error('A seed file must be a JSON object whose keys are collections (json-server format).');
  }
  const collections: Record<string, unknown[]> = {};
  let settingsRaw: unknown;
  const standAloneRaw: Record<string, unknown[]> = {};
  for (const [name, value] of Object.entries(raw)) {
    const known = (COLLECTIONS as readonly string[]).includes(name) ? name : ALIASES[name];
    if (known === 'settings') settingsRaw = value;
    else if (!known && opts.standAlone?.includes(name) && Array.isArray(value)) standAloneRaw[name] = value;
    else if (!known) notes.add(`Ignored collection "${name}": this app has no such table.`);
    else if (!Array.isArray(value))
      notes.problem({ collection: name, index: null }, null, 'is not an array of records', 'ignored it');
    else collections[known] = [...(collections[known] ?? []), ...value];
  }

  const zone = mapOntoZone(collections, opts.zones ?? DNS_ZONES_DEFAULT);
  if (zone) notes.add(zone);
  const all = [...Object.values(collections), ...Object.values(standAloneRaw)].flat();
  const shift = opts.shiftDates === false ? 0 : dateShiftMs(newestDate(all), now);
  const ctx: Ctx = {
    ids: new IdMap(),
    notes,
    now,
    date: (v) => {
      const d = parseDate(v);
      return d ? shiftDate(d, shift) : null;
    },
  };
  const list = (name: string) =>
    (collections[name] ?? []).filter((r, i): r is Record<string, unknown> => {
      const ok = !!r && typeof r === 'object' && !Array.isArray(r);
      if (!ok) notes.problem({ collection: name, index: i }, null, 'is not an object', 'skipped it');
      return ok;
    });

  const userRows = parseUsers(ctx, list('users'));
  const productRows = parseProducts(ctx, list('products'));
  const orderRecords = list('orders');
  const orderData = parseOrders(ctx, orderRecords, list('orderItems'), userRows, productRows);
  const paymentRows = parsePayments(ctx, list('payments'), orderData.orders, userRows);
  const userIds = new Set(userRows.map((u) => u.id));
  const refundRows = parseRefunds(ctx, collections.refunds ? list('refunds') : null, paymentRows, userIds);
  const couponRecords = list('coupons');
  const couponRows = parseCoupons(ctx, couponRecords, userIds);
  if (collections.coupons) checkCouponCodes(ctx, orderRecords, couponRecords);
  const clickRows = parseReferralClicks(ctx, list('referralClicks'), userIds);
  const transactionRows = parseChainTransactions(ctx, list('chainTransactions'));
  const payoutRecords = list('payouts');
  const payoutRows = parsePayouts(ctx, payoutRecords, userIds, transactionRows);
  const commissionRows = parseCommissions(ctx, list('commissions'), orderData.orders, payoutRows, userIds);
  const payoutPlaces = new Map<string, At>(
    payoutRecords.map((r, i) => [
      ctx.ids.get('payouts', r.id) ?? ctx.ids.get('payouts', `#${i}`)!,
      { collection: 'payouts', index: i, id: r.id },
    ]),
  );
  // Without refunds in the file there is nothing to derive them from: its payouts' deductions are kept as given.
  const clawbackRows = !collections.refunds
    ? []
    : deriveClawbacks(
        ctx,
        {
          orders: orderData.orders,
          payments: paymentRows,
          refunds: refundRows,
          commissions: commissionRows,
          payouts: payoutRows,
        },
        payoutPlaces,
      );
  const dnsRecordRows = parseDnsRecords(ctx, list('dnsRecords'), userIds, opts.zones ?? DNS_ZONES_DEFAULT);
  const dnsQueryRows = parseDnsQueryLogs(ctx, list('dnsQueryLogs'));
  const dnsScriptRows = parseDnsScriptLogs(ctx, list('dnsScriptLogs'), userIds);
  const bulkRecords = list('notificationBulks');
  const bulkRows = parseNotificationBulks(ctx, bulkRecords, userIds);
  const named = bulkRecords.map(
    (b, i) => ctx.ids.get('notificationBulks', b.id) ?? ctx.ids.get('notificationBulks', `#${i}`)!,
  );
  const bulks = { named: new Set(named), loaded: new Set(bulkRows.map((b) => b.id)) };
  const notificationRows = parseNotifications(ctx, list('notifications'), userIds, bulks);
  const emailRows = parseEmailMessages(ctx, list('emailMessages'), userIds, bulks);
  const redemptionRows = parseRedemptions(ctx, list('redemptions'), userIds, productRows, orderData.orders);
  const entryRows = parsePointsEntries(ctx, list('pointsEntries'), userIds);
  const kycRows = parseKycSessions(ctx, list('kycSessions'), userRows);
  const auditRows = parseAuditEvents(ctx, list('auditEvents'), userIds);
  const mintJobRows = parseMintJobs(ctx, list('mintJobs'), {
    userIds,
    walletOf: new Map(userRows.map((u) => [u.id, u.walletAddress ?? null])),
    products: productRows,
    orders: orderData.orders,
    orderItems: orderData.items,
    transactions: transactionRows,
  });
  const ownedRows = ownedTransactions(ctx, transactionRows, mintJobRows, payoutRows);
  const conversionRows = parseConversions(ctx, list('conversions'), userIds, mintJobRows);
  const settingRows = parseSettings(settingsRaw, notes);
  const ledgerPlaces = new Map<string, At>(
    [...redemptionRows, ...entryRows, ...conversionRows].map(({ id, at }) => [id, at]),
  );
  if (notes.problems.length && !opts.lenient) throw new SeedFileError(notes.problems);
  return {
    users: userRows,
    products: productRows,
    orders: orderData.orders,
    orderItems: orderData.items,
    payments: paymentRows,
    refunds: refundRows,
    coupons: couponRows,
    referralClicks: clickRows,
    payouts: payoutRows,
    commissions: commissionRows,
    commissionAdjustments: clawbackRows,
    dnsRecords: dnsRecordRows,
    dnsQueryLogs: dnsQueryRows,
    dnsScriptLogs: dnsScriptRows,
    notificationBulks: bulkRows,
    notifications: notificationRows,
    emailMessages: emailRows,
    redemptions: redemptionRows.map(({ at: _, ...redemption }) => redemption),
    pointsEntries: entryRows.map(({ at: _, ...entry }) => entry),
    ledgerPlaces,
    kycSessions: kycRows,
    auditEvents: auditRows,
    mintJobs: mintJobRows,
    chainTransactions: ownedRows,
    conversions: conversionRows.map(({ at: _, ...c }) => c),
    settings: settingRows,
    standAlone: Object.fromEntries(
      Object.entries(standAloneRaw).map(([name, records]) => [
        name,
        records.map((record) =>
          Object.fromEntries(
            Object.entries(record as Record<string, unknown>).map(([k, v]) => [k, k.endsWith('At') ? ctx.date(v) : v]),
          ),
        ),
      ]),
    ),
    notes: notes.list(),
    problems: notes.problems,
  };
}

/** With coupons in the file, an order's coupon code names one of them (a used coupon is never deleted). */
function checkCouponCodes(ctx: Ctx, orderRecords: Record<string, unknown>[], couponRecords: Record<string, unknown>[]) {
  const codes = new Set(couponRecords.map((c) => str(c.code)?.toLowerCase()));
  orderRecords.forEach((r, index) => {
    const code = str(first(r, 'couponCode', 'coupon_code'));
    if (code && !codes.has(code.toLowerCase()))
      ctx.notes.problem(
        { collection: 'orders', index, id: r.id },
        'couponCode',
        `coupon ${shown(code)} is not in the file's coupons`,
        'kept the code',
      );
  });
}

function newestDate(records: unknown[]): Date | null {
  let newest: Date | null = null;
  for (const r of records) {
    if (!r || typeof r !== 'object') continue;
    for (const key of DATE_KEYS) {
      const d = parseDate((r as Record<string, unknown>)[key]);
      if (d && (!newest || d > newest)) newest = d;
    }
  }
  return newest;
}

/** Settings as json-server's singular resource ({siteName: …}) or as [{key, value}]; invalid values are left at their defaults. */
function parseSettings(raw: unknown, notes: Notes): { key: string; value: unknown }[] {
  if (raw === undefined || raw === null) return [];
  const pairs: [string, unknown][] = Array.isArray(raw)
    ? raw.flatMap((r) =>
        r && typeof r === 'object' && typeof (r.key ?? r.id) === 'string'
          ? [[r.key ?? r.id, r.value] as [string, unknown]]
          : [],
      )
    : typeof raw === 'object'
      ? Object.entries(raw)
      : [];
  const shape = settingsSchema.shape as Record<string, { safeParse(v: unknown): { success: boolean } } | undefined>;
  return pairs.flatMap(([key, value]) => {
    if (key === 'id') return [];
    const field = shape[key];
    if (!field) {
      notes.add(`Ignored setting "${key}": unknown.`);
      return [];
    }
    if (!field.safeParse(value).success) {
      notes.problem(
        { collection: 'settings', index: null },
        key,
        `${JSON.stringify(value)} is not a valid value`,
        'kept the default',
      );
      return [];
    }
    return [{ key, value }];
  });
}
