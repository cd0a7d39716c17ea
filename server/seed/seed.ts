/**
 * Loads demo data from a json-server style file (db.json): top-level arrays `users`, `products`,
 * `orders`, `orderItems`, `payments`, optionally `refunds` (each payment's summing to its refundedFiat; a refund made
 * after a payout held or paid a commission of its order leaves a clawback, derived on load, that the referrer's next
 * payout deducts: see clawbacks.ts), `coupons`, `referralClicks`, `payouts`, `commissions`, `dnsRecords`,
 * `dnsQueryLogs`, `dnsScriptLogs`, `notificationBulks`, `notifications`, `emailMessages`, `redemptions` and
 * `pointsEntries` (the points staff added or removed; the rest of the ledger is derived, see points.ts) and
 * `kycSessions` (each one's document a placeholder image written on load), `auditEvents` (Settings → Audit), `mintJobs`
 * and `chainTransactions` (signed transactions in the order they were sent, which the dev chain replays at start; see
 * mint-history.ts), `conversions` (their points entries derived), and an
 * optional `settings` object. Field names are the API's (camelCase; snake_case is accepted too). Other collections
 * are ignored with a printed note. The referral network: a user's `referredById` (their level-1 referrer) and
 * `referralCode`, an order's `referrerId`; the unique clicks per day and the affiliate flags are derived on load.
 *
 * Format decisions:
 * - Passwords: db.json never holds hashes of the dev accounts. A user record may carry
 *   `"password": "<plain text>"`; each distinct plain text is hashed once (argon2id) and the hash reused.
 *   `"passwordHash": "$argon2id$…"` is loaded verbatim. Without either the account cannot log in.
 *   `withPasswords: false` (used in production) loads every account without a password.
 * - Money: `priceFiat` / `amountFiat` / `unitPriceFiat` as numbers or strings (12.5, "12.50") are read
 *   as decimal text into integer cents; `…Cents` integer fields are accepted as well.
 * - Dates: ISO strings. Every date of the file is moved by one offset so that the newest lands on the
 *   moment of seeding (`shiftDates: false` keeps them): the committed db.json spans 2025-12..2026-11
 *   and always shows up as "the last 12 months".
 * - Ids: UUIDs are kept; other ids (1, "o-17") become stable name-based UUIDs, consistently across
 *   collections. Order lines come from `orderItems` (with `orderId`), an order's embedded `items`, or
 *   an order's own `productId` + `qty`.
 */
import fs from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { tokenOfChain, type ChainToken } from '../chain/client.js';
import type { Config } from '../config.js';
import { hashPassword } from '../lib/crypto.js';
import type { Database, Db, Queryable } from '../db/client.js';
import {
  auditEvents,
  chainTransactions,
  commissionAdjustments,
  commissions,
  conversions,
  coupons,
  dnsQueryLogs,
  dnsRecords,
  dnsScriptLogs,
  emailMessages,
  notificationBulks,
  notifications,
  orderItems,
  orders,
  payments,
  payouts,
  kycSessions,
  mintJobs,
  pointsEntries,
  products,
  redemptions,
  referralClicks,
  refunds,
  settings,
  users,
} from '../db/schema.js';
import { keepRunningChain, senderProblems } from './mint-history.js';
import { mapOntoChain } from './chain.js';
import { describeProblem, type Problem } from './format.js';
import { COLLECTIONS, parseSeedFile, SeedFileError, type ParseOptions } from './parse.js';
import type { SeedData } from './types.js';
import type { GenerateOptions, GenerateResult } from './generate.js';
import { earnSeededPoints, type Overdrawn } from './points.js';
import { writeKycDocuments } from './kyc.js';
import { kycDir } from '../modules/kyc/service.js';
import { loadStandAlone, standAloneTables } from './stand-alone.js';

export type SeedOptions = ParseOptions & {
  /** Set hashes for users listed with a password (default true). */
  withPasswords?: boolean;
  log?: (message: string) => void;
  /** The chain tokens are minted on: the file's tokenised products and lines are loaded on it (chain.ts). */
  chain?: ChainToken;
  /** Where KYC documents are stored (DATA_DIR/uploads/private): each loaded session's placeholder is written there. */
  privateUploadsDir?: string;
  /** Tests: runs inside the load's transaction once the tables are emptied (to fail a load half-way). */
  afterReset?: () => Promise<void> | void;
};

export type SeedSummary = {
  users: number;
  products: number;
  orders: number;
  orderItems: number;
  payments: number;
  refunds: number;
  coupons: number;
  referralClicks: number;
  payouts: number;
  commissions: number;
  /** Clawbacks derived from the refunds made after a payout (clawbacks.ts). */
  clawbacks: number;
  dnsRecords: number;
  dnsQueryLogs: number;
  dnsScriptLogs: number;
  notificationBulks: number;
  notifications: number;
  emailMessages: number;
  redemptions: number;
  pointsEntries: number;
  kycSessions: number;
  auditEvents: number;
  mintJobs: number;
  chainTransactions: number;
  conversions: number;
  notes: string[];
};

const RESET = sql`TRUNCATE users, sessions, settings, products, orders, order_items, payments, refunds, audit_events, mint_jobs, chain_transactions, mint_workers,
  coupons, referral_clicks, referral_visits, payouts, commissions, commission_adjustments,
  dns_records, dns_query_logs, dns_script_logs, notification_bulks, notifications, email_messages,
  members, redemptions, conversions, points_entries, kyc_sessions RESTART IDENTITY CASCADE`;
const CHUNK = 500;

/** Whether JSON.parse fails on `text` only because it stops too early (the error is further on, or there is none). */
function onlyIncomplete(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch (err) {
    const message = (err as Error).message;
    const at = /position (\d+)/.exec(message);
    return /end of JSON input/i.test(message) || (!!at && Number(at[1]) >= text.length);
  }
}

/**
 * "line 3, column 7": where JSON.parse's error is in `text`. The message gives the position on some Node versions;
 * otherwise the shortest failing prefix is found by bisection (the prefixes before the error only fail as incomplete).
 */
export function jsonErrorPlace(text: string, message: string): string {
  const given = /position (\d+)/.exec(message);
  let at = given ? Number(given[1]) : -1;
  if (at < 0) {
    let lo = 0;
    let hi = text.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (onlyIncomplete(text.slice(0, mid + 1))) lo = mid + 1;
      else hi = mid;
    }
    at = lo;
  }
  const before = text.slice(0, at);
  return `line ${before.split('\n').length}, column ${before.length - before.lastIndexOf('\n')}`;
}

export function readSeedFile(file: string, opts: ParseOptions = {}): SeedData {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`Cannot read seed file ${file}: ${(err as Error).message}`, { cause: err });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message
      .replace(/ in JSON at position \d+.*$/s, '')
      .replace(/, (\.\.\.)?".*" is not valid JSON$/s, '');
    throw new Error(
      `Cannot read seed file ${file}: not valid JSON at ${jsonErrorPlace(text, (err as Error).message)}: ${message}.`,
      { cause: err },
    );
  }
  return parseSeedFile(raw, opts);
}

/** Empties every table the seed owns (and, by CASCADE, whatever refers to them), then loads `file`. */
export async function seedFromFile(db: Db, file: string, opts: SeedOptions = {}): Promise<SeedSummary> {
  const standAlone = standAloneTables(COLLECTIONS);
  const data = readSeedFile(file, { ...opts, standAlone: [...standAlone.keys()] });
  const log = opts.log ?? console.log;
  for (const note of data.notes) log(`seed: ${note}`);
  for (const p of data.problems) log(`seed: repaired ${describeProblem(p)}: ${p.repair}.`);
  const forged = await senderProblems(data.chainTransactions);
  if (forged.length && !opts.lenient) throw new SeedFileError(forged);
  if (forged.length) {
    const refused = new Set(forged.map((p) => p.id));
    data.chainTransactions = data.chainTransactions.filter((t) => !refused.has(t.hash));
    for (const p of forged) log(`seed: repaired ${describeProblem(p)}: skipped the transaction.`);
  }
  const moved = opts.chain ? mapOntoChain(data, opts.chain) : null;
  if (moved) log(`seed: ${moved}`);
  const dropped = opts.chain ? keepRunningChain(data, opts.chain) : null;
  if (dropped) log(`seed: ${dropped}`);
  const hashes =
    opts.withPasswords === false ? new Map<string, string>() : await hashAll(data.users.map((u) => u.password));
  const userRows = data.users.map(({ password, ...u }) => ({
    ...u,
    passwordHash: opts.withPasswords === false ? null : password ? hashes.get(password)! : (u.passwordHash ?? null),
  }));
  if (opts.privateUploadsDir) await writeKycDocuments(kycDir(opts.privateUploadsDir), data.kycSessions);
  else if (data.kycSessions.length)
    log('seed: no uploads directory given: the KYC sessions are loaded without their documents.');
  log(`seed: checked ${file.split(/[\\/]/).pop()}; replacing the data in one transaction…`);
  // One transaction: a load that fails half-way (a constraint, a full disk, a kill) leaves the data that was there.
  await db.transaction(async (tx) => {
    await tx.execute(RESET);
    await opts.afterReset?.();
    // Referrers after everyone is in: a user may name one later in the file.
    for (const rows of chunks(userRows)) await tx.insert(users).values(rows.map(({ referredById: _, ...u }) => u));
    for (const rows of chunks(userRows.filter((u) => u.referredById))) {
      const links = JSON.stringify(rows.map((u) => ({ id: u.id, by: u.referredById })));
      await tx.execute(
        sql`update users u set referred_by_id = x.by from jsonb_to_recordset(${links}::jsonb) as x(id uuid, by uuid) where u.id = x.id`,
      );
    }
    for (const rows of chunks(data.products)) await tx.insert(products).values(rows);
    for (const rows of chunks(data.orders)) await tx.insert(orders).values(rows);
    for (const rows of chunks(data.orderItems)) await tx.insert(orderItems).values(rows);
    for (const rows of chunks(data.payments)) await tx.insert(payments).values(rows);
    for (const rows of chunks(data.refunds)) await tx.insert(refunds).values(rows);
    for (const rows of chunks(data.coupons)) await tx.insert(coupons).values(rows);
    for (const rows of chunks(data.referralClicks)) await tx.insert(referralClicks).values(rows);
    for (const rows of chunks(data.payouts)) await tx.insert(payouts).values(rows);
    for (const rows of chunks(data.commissions)) await tx.insert(commissions).values(rows);
    for (const rows of chunks(data.commissionAdjustments)) await tx.insert(commissionAdjustments).values(rows);
    for (const rows of chunks(data.dnsRecords)) await tx.insert(dnsRecords).values(rows);
    for (const rows of chunks(data.dnsQueryLogs)) await tx.insert(dnsQueryLogs).values(rows);
    for (const rows of chunks(data.dnsScriptLogs)) await tx.insert(dnsScriptLogs).values(rows);
    for (const rows of chunks(data.notificationBulks)) await tx.insert(notificationBulks).values(rows);
    for (const rows of chunks(data.notifications)) await tx.insert(notifications).values(rows);
    for (const rows of chunks(data.emailMessages)) await tx.insert(emailMessages).values(rows);
    for (const rows of chunks(data.redemptions)) await tx.insert(redemptions).values(rows);
    for (const rows of chunks(data.pointsEntries)) await tx.insert(pointsEntries).values(rows);
    for (const rows of chunks(data.kycSessions)) await tx.insert(kycSessions).values(rows);
    for (const rows of chunks(data.auditEvents)) await tx.insert(auditEvents).values(rows);
    for (const rows of chunks(data.mintJobs)) await tx.insert(mintJobs).values(rows);
    for (const rows of chunks(data.conversions)) await tx.insert(conversions).values(rows);
    for (const rows of chunks(data.chainTransactions))
      await tx.insert(chainTransactions).values(rows.map(({ at: _, ...t }) => t));
    await deriveReferralState(tx);
    if (data.settings.length) await tx.insert(settings).values(data.settings);
    await loadStandAlone(tx, standAlone, data.standAlone);
    const overdrawn = await earnSeededPoints(tx);
    if (overdrawn.length)
      throw new SeedFileError(
        overdrawn.map((o) => overdrawProblem(o, data)),
        { repairable: false },
      );
  });
  await refreshStatistics(
    db,
    sql`ANALYZE users, products, orders, order_items, payments, coupons, referral_clicks, payouts, commissions`,
    log,
  );
  return {
    users: userRows.length,
    products: data.products.length,
    orders: data.orders.length,
    orderItems: data.orderItems.length,
    payments: data.payments.length,
    refunds: data.refunds.length,
    coupons: data.coupons.length,
    referralClicks: data.referralClicks.length,
    payouts: data.payouts.length,
    commissions: data.commissions.length,
    clawbacks: data.commissionAdjustments.length,
    dnsRecords: data.dnsRecords.length,
    dnsQueryLogs: data.dnsQueryLogs.length,
    dnsScriptLogs: data.dnsScriptLogs.length,
    notificationBulks: data.notificationBulks.length,
    notifications: data.notifications.length,
    emailMessages: data.emailMessages.length,
    redemptions: data.redemptions.length,
    pointsEntries: data.pointsEntries.length,
    kycSessions: data.kycSessions.length,
    auditEvents: data.auditEvents.length,
    mintJobs: data.mintJobs.length,
    chainTransactions: data.chainTransactions.length,
    conversions: data.conversions.length,
    notes: data.notes,
  };
}

/**
 * What the live system keeps beside the loaded records: each visitor once per referrer per UTC day (the unique clicks),
 * and the affiliate flag of whoever is named as a referrer or earned a commission.
 */
async function deriveReferralState(tx: Queryable) {
  await tx.execute(sql`insert into referral_visits (referrer_id, day, visitor_hash)
    select distinct referrer_id, (created_at at time zone 'utc')::date, visitor_hash from referral_clicks`);
  await tx.execute(sql`update users set affiliate = true where not affiliate
    and (id in (select referred_by_id from users) or id in (select referrer_id from commissions))`);
}

/** The file's redemption or points entry that took a member's balance below 0, as a problem of the file. */
function overdrawProblem(o: Overdrawn, data: SeedData): Problem {
  const at = data.ledgerPlaces.get(o.id) ?? { collection: 'pointsEntries', index: null };
  const email = data.users.find((u) => u.id === o.user_id)?.email ?? o.user_id;
  const field =
    at.collection === 'redemptions' ? 'pointsUsed' : at.collection === 'conversions' ? 'fromAmount' : 'amount';
  return { ...at, field, message: `takes ${email}'s points balance to ${o.balance_after}, below 0`, repair: 'refused' };
}

async function hashAll(passwords: (string | null)[]): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (const p of new Set(passwords)) if (p) map.set(p, await hashPassword(p));
  return map;
}

/**
 * Statistics help the planner but are not worth failing a seed over: on PostgreSQL an autovacuum analysing
 * the same fresh table at the same moment makes ANALYZE fail with "tuple concurrently updated".
 */
export async function refreshStatistics(db: Db, statement: SQL, log: (message: string) => void) {
  try {
    await db.execute(statement);
  } catch (err) {
    const cause = (err as { cause?: Error }).cause ?? (err as Error);
    log(`seed: statistics not refreshed (${cause.message}); autovacuum will do it.`);
  }
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** Rows of a raw query: drizzle types them per driver, both drivers return `{rows}`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Called at server start: loads config.seedFile into a database that has no users yet. */
export async function seedIfEmpty(
  database: Database,
  config: Config,
  log: (message: string) => void = console.log,
): Promise<boolean> {
  if (!config.seedOnEmpty) return false;
  const [row] = rowsOf<{ found: boolean }>(
    await database.db.execute(sql`select exists (select 1 from users) as found`),
  );
  if (row?.found) return false;
  if (!fs.existsSync(config.seedFile)) {
    log(`seed: the database is empty and ${config.seedFile} does not exist; nothing loaded.`);
    return false;
  }
  const production = config.env === 'production';
  const s = await seedFromFile(database.db, config.seedFile, {
    withPasswords: !production,
    log,
    chain: tokenOfChain(config.chain),
    zones: config.dns.zones,
    privateUploadsDir: config.privateUploadsDir,
  });
  log(`seed: loaded ${s.users} users, ${s.products} products, ${s.orders} orders from ${config.seedFile}.`);
  if (production)
    log('seed: production: accounts were loaded without passwords; create an admin with `npm run create-admin`.');
  return true;
}

/** Adds `n` generated orders (with a pool of generated customers) in bulk; see generate.ts. */
export async function generateOrders(db: Db, n: number, opts: GenerateOptions = {}): Promise<GenerateResult> {
  // Imported on demand: it uses @faker-js/faker, a dev dependency the running server must not need.
  const { generateOrders: run } = await import('./generate.js');
  return run(db, n, opts);
}
