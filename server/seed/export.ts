/**
 * Writes the database back out as a json-server style file, the format the seed reads (parse.ts, records.ts,
 * network.ts, domain.ts, inbox.ts, membership.ts and kyc.ts): top-level `users`, `products`, `orders`, `orderItems`,
 * `payments`, `refunds`, `coupons`, `referralClicks`, `payouts`, `commissions`, `dnsRecords`, `dnsQueryLogs`, `dnsScriptLogs`,
 * `notificationBulks`, `notifications`, `emailMessages`, `redemptions`, `pointsEntries` (staff's), `kycSessions`, `auditEvents`,
 * `mintJobs`, `chainTransactions` and `conversions` arrays and a `settings` object, field names the API's, amounts as decimal numbers, dates as ISO text, passwords
 * as their stored hashes (`passwordHash`).
 *
 * Streamed: each collection is read in keyset batches by id, and each batch is rendered to JSON text by the
 * database (one text value a batch, no row mapping), then written to the stream before the next is read, so a
 * million orders never sit in memory. Records are written in id order with a fixed field order and nulls left
 * out, so that seed → export → seed (`--keep-dates`) → export gives the same bytes.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { settingsSchema } from '../../src/common/settings.js';
import { queryRows, type Db } from '../db/client.js';

/** Records read and written a batch. */
export const EXPORT_BATCH = 10_000;

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const fiat = (column: string) => `trim_scale(${column}::numeric / 100)`;

/**
 * One collection: the table, and each record field's name and SQL expression over the row `t`, in the file's order;
 * `key` the type of its id column (uuid unless said), `where` which of its rows (all unless said).
 */
type Collection = {
  name: string;
  table: string;
  key?: 'bigint';
  id?: string;
  where?: string;
  fields: [string, string][];
};

const COLLECTIONS: Collection[] = [
  {
    name: 'users',
    table: 'users',
    fields: [
      ['id', 't.id'],
      ['email', 't.email'],
      ['name', 't.name'],
      ['firstName', 't.first_name'],
      ['lastName', 't.last_name'],
      ['phone', 't.phone'],
      ['role', 't.role'],
      ['status', 't.status'],
      ['kycStatus', 't.kyc_status'],
      ['passwordHash', 't.password_hash'],
      ['referralCode', 't.referral_code'],
      ['referredById', 't.referred_by_id'],
      ['referredAt', iso('t.referred_at')],
      ['walletAddress', 't.wallet_address'],
      ['affiliate', 'case when t.affiliate then true end'],
      ['lastLogin', iso('t.last_login')],
      ['createdAt', iso('t.created_at')],
      ['updatedAt', iso('t.updated_at')],
    ],
  },
  {
    name: 'products',
    table: 'products',
    fields: [
      ['id', 't.id'],
      ['sku', 't.sku'],
      ['title', 't.title'],
      ['description', 't.description'],
      ['category', 't.category'],
      ['image', 't.image'],
      ['imageThumb', 't.image_thumb'],
      ['priceFiat', fiat('t.price_fiat_cents')],
      ['priceCrypto', 't.price_crypto::text'],
      ['rwaType', 't.rwa_type'],
      ['requiresVerifiedHolders', 't.requires_verified_holders'],
      ['chainId', 't.chain_id'],
      ['contract', 't.contract'],
      ['tokenType', 't.token_type'],
      ['tokenId', 't.token_id::text'],
      ['redeemPolicy', 't.redeem_policy'],
      ['stock', 't.stock'],
      ['status', 't.status'],
      ['minMemberLevel', 't.min_member_level'],
      ['issuer', 't.issuer'],
      ['custodian', 't.custodian'],
      ['valuationFiat', fiat('t.valuation_cents')],
      ['valuationCurrency', 't.valuation_currency'],
      ['valuedOn', 't.valued_on::text'],
      ['createdAt', iso('t.created_at')],
      ['updatedAt', iso('t.updated_at')],
    ],
  },
  {
    // A guest's order (no account) says so: without a userId the seed would look the customer up by email.
    name: 'orders',
    table: 'orders',
    fields: [
      ['id', 't.id'],
      ['userId', 't.user_id'],
      ['guest', 'case when t.user_id is null then true end'],
      ['customerEmail', 't.customer_email'],
      ['status', 't.status'],
      ['qty', 't.qty'],
      ['amountFiat', fiat('t.amount_cents')],
      ['subtotalFiat', fiat('t.subtotal_cents')],
      ['discountFiat', fiat('t.discount_cents')],
      ['memberDiscountFiat', `nullif(${fiat('t.member_discount_cents')}, 0)`],
      ['taxFiat', fiat('t.tax_cents')],
      ['shippingFiat', fiat('t.shipping_cents')],
      ['currency', 't.currency'],
      ['couponCode', 't.coupon_code'],
      ['referrerId', 't.referrer_id'],
      ['walletAddress', 't.wallet_address'],
      ['test', 't.test'],
      ['createdAt', iso('t.created_at')],
      ['updatedAt', iso('t.updated_at')],
      ['paidAt', iso('t.paid_at')],
      ['fulfilledAt', iso('t.fulfilled_at')],
      ['expiresAt', iso('t.expires_at')],
    ],
  },
  {
    // A line says whether it is tokenised, and then its own token (the product's may have changed since the sale).
    name: 'orderItems',
    table: 'order_items',
    fields: [
      ['id', 't.id'],
      ['orderId', 't.order_id'],
      ['productId', 't.product_id'],
      ['title', 't.title'],
      ['sku', 't.sku'],
      ['qty', 't.qty'],
      ['unitPriceFiat', fiat('t.unit_price_cents')],
      ['lineTotalFiat', fiat('t.line_total_cents')],
      ['tokenised', 't.tokenised'],
      ['chainId', 't.chain_id'],
      ['contract', 't.contract'],
      ['tokenId', 't.token_id::text'],
    ],
  },
  {
    name: 'payments',
    table: 'payments',
    fields: [
      ['id', 't.id'],
      ['orderId', 't.order_id'],
      ['userId', 't.user_id'],
      ['method', 't.method'],
      ['provider', 't.provider'],
      ['amountFiat', fiat('t.amount_cents')],
      ['refundedFiat', fiat('t.refunded_cents')],
      ['currency', 't.currency'],
      ['status', 't.status'],
      ['reference', 't.reference'],
      ['url', 't.url'],
      ['returnUrl', 't.return_url'],
      ['cancelUrl', 't.cancel_url'],
      ['test', 't.test'],
      ['createdAt', iso('t.created_at')],
      ['updatedAt', iso('t.updated_at')],
      ['completedAt', iso('t.completed_at')],
    ],
  },
  {
    name: 'refunds',
    table: 'refunds',
    fields: [
      ['id', 't.id'],
      ['paymentId', 't.payment_id'],
      ['amountFiat', fiat('t.amount_cents')],
      ['reason', 't.reason'],
      ['reference', 't.reference'],
      ['createdBy', 't.created_by'],
      ['createdAt', iso('t.created_at')],
    ],
  },
  {
    name: 'coupons',
    table: 'coupons',
    fields: [
      ['id', 't.id'],
      ['code', 't.code'],
      ['description', 't.description'],
      ['discountType', 't.discount_type'],
      ['discountValue', 'trim_scale(t.discount_value)'],
      ['usageLimit', 't.usage_limit'],
      ['perCustomerLimit', 't.per_customer_limit'],
      ['minimumSubtotalFiat', fiat('t.minimum_subtotal_cents')],
      ['startDate', iso('t.start_date')],
      ['endDate', iso('t.end_date')],
      ['usedCount', 't.used_count'],
      ['reservedCount', 't.reserved_count'],
      ['createdBy', 't.created_by'],
      ['createdAt', iso('t.created_at')],
      ['updatedAt', iso('t.updated_at')],
    ],
  },
  {
    // In the order they were made: the seed numbers them again in file order (the visitor stays a salted hash).
    name: 'referralClicks',
    table: 'referral_clicks',
    key: 'bigint',
    fields: [
      ['referrerId', 't.referrer_id'],
      ['visitorHash', 't.visitor_hash'],
      ['createdAt', iso('t.created_at')],
    ],
  },
  {
    name: 'payouts',
    table: 'payouts',
    fields: [
      ['id', 't.id'],
      ['recipientId', 't.recipient_id'],
      ['grossFiat', fiat('t.gross_cents')],
      ['deductedFiat', fiat('t.deducted_cents')],
      ['amountFiat', fiat('t.amount_cents')],
      ['currency', 't.currency'],
      ['status', 't.status'],
      ['method', 't.method'],
      ['reference', 't.reference'],
      ['walletAddress', 't.wallet_address'],
      ['chainId', 't.chain_id'],
      ['txHash', 't.tx_hash'],
      ['note', 't.note'],
      ['amountWei', 't.amount_wei::text'],
      ['tokenRate', 'trim_scale(t.token_rate)::text'],
      ['sender', 't.sender'],
      ['nonce', 't.nonce'],
      ['transferState', 't.transfer_state'],
      ['blockNumber', 't.block_number'],
      ['requestedBy', 't.requested_by'],
      ['approvedBy', 't.approved_by'],
      ['approvedAt', iso('t.approved_at')],
      ['createdAt', iso('t.created_at')],
      ['updatedAt', iso('t.updated_at')],
      ['completedAt', iso('t.completed_at')],
    ],
  },
  {
    name: 'commissions',
    table: 'commissions',
    fields: [
      ['id', 't.id'],
      ['orderId', 't.order_id'],
      ['referrerId', 't.referrer_id'],
      ['level', 't.level'],
      ['rate', 'trim_scale(t.rate)::text'],
      ['baseFiat', fiat('t.base_cents')],
      ['originalFiat', fiat('t.original_cents')],
      ['amountFiat', fiat('t.amount_cents')],
      ['currency', 't.currency'],
      ['status', 't.status'],
      ['payoutId', 't.payout_id'],
      ['earnedAt', iso('t.earned_at')],
      ['decidedAt', iso('t.decided_at')],
      ['decidedBy', 't.decided_by'],
      ['rejectReason', 't.reject_reason'],
      ['paidAt', iso('t.paid_at')],
      ['createdAt', iso('t.created_at')],
      ['updatedAt', iso('t.updated_at')],
    ],
  },
  {
    name: 'dnsRecords',
    table: 'dns_records',
    fields: [
      ['id', 't.id'],
      ['domain', 't.domain'],
      ['type', 't.type'],
      ['value', 't.value'],
      ['ttl', 't.ttl'],
      ['isActive', 't.is_active'],
      ['createdBy', 't.created_by'],
      ['createdAt', iso('t.created_at')],
      ['updatedAt', iso('t.updated_at')],
    ],
  },
  {
    name: 'dnsQueryLogs',
    table: 'dns_query_logs',
    key: 'bigint',
    fields: [
      ['domain', 't.domain'],
      ['type', 't.type'],
      ['success', 't.success'],
      ['result', 't.result'],
      ['error', 't.error'],
      ['source', 't.source'],
      ['durationMs', 't.duration_ms'],
      ['ip', 't.ip'],
      ['createdAt', iso('t.created_at')],
    ],
  },
  {
    name: 'dnsScriptLogs',
    table: 'dns_script_logs',
    key: 'bigint',
    fields: [
      ['scriptName', 't.script_name'],
      ['parameters', 't.parameters'],
      ['success', 't.success'],
      ['output', 't.output'],
      ['error', 't.error'],
      ['recordId', 't.record_id'],
      ['actorId', 't.actor_id'],
      ['createdAt', iso('t.created_at')],
    ],
  },
  {
    name: 'notificationBulks',
    table: 'notification_bulks',
    fields: [
      ['id', 't.id'],
      ['audience', 't.audience'],
      ['title', 't.title'],
      ['body', 't.body'],
      ['link', 't.link'],
      ['inApp', 't.in_app'],
      ['email', 't.email'],
      ['status', 't.status'],
      ['total', 't.total'],
      ['reached', 't.reached'],
      ['cursor', 't.cursor'],
      ['sent', 't.sent'],
      ['failed', 't.failed'],
      ['skipped', 't.skipped'],
      ['createdBy', 't.created_by'],
      ['createdAt', iso('t.created_at')],
      ['expandedAt', iso('t.expanded_at')],
      ['finishedAt', iso('t.finished_at')],
    ],
  },
  {
    name: 'notifications',
    table: 'notifications',
    fields: [
      ['id', 't.id'],
      ['userId', 't.user_id'],
      ['title', 't.title'],
      ['body', 't.body'],
      ['messageCode', 't.message_code'],
      ['params', 't.params'],
      ['link', 't.link'],
      ['bulkId', 't.bulk_id'],
      ['readAt', iso('t.read_at')],
      ['createdAt', iso('t.created_at')],
    ],
  },
  {
    // The queue and outbox in the order the emails were queued (the seed numbers them again in file order).
    name: 'emailMessages',
    table: 'email_messages',
    key: 'bigint',
    fields: [
      ['userId', 't.user_id'],
      ['to', 't.to_address'],
      ['subject', 't.subject'],
      ['body', 't.body'],
      ['bulkId', 't.bulk_id'],
      ['status', 't.status'],
      ['attempts', 't.attempts'],
      ['nextAttemptAt', iso('t.next_attempt_at')],
      ['leaseUntil', iso('t.lease_until')],
      ['lastError', 't.last_error'],
      ['messageId', 't.message_id'],
      ['createdAt', iso('t.created_at')],
      ['sentAt', iso('t.sent_at')],
    ],
  },
  {
    name: 'redemptions',
    table: 'redemptions',
    fields: [
      ['id', 't.id'],
      ['userId', 't.user_id'],
      ['productId', 't.product_id'],
      ['quantity', 't.quantity'],
      ['pointsUsed', 't.points_used'],
      ['status', 't.status'],
      ['orderId', 't.order_id'],
      ['note', 't.note'],
      ['decidedBy', 't.decided_by'],
      ['decidedAt', iso('t.decided_at')],
      ['createdAt', iso('t.created_at')],
      ['updatedAt', iso('t.updated_at')],
    ],
  },
  {
    // Only what staff added or removed: the seed derives the rest of the ledger from the orders and redemptions.
    name: 'pointsEntries',
    table: 'points_entries',
    where: "t.type = 'ADJUSTED'",
    fields: [
      ['id', 't.id'],
      ['userId', 't.user_id'],
      ['type', 't.type'],
      ['amount', 't.amount'],
      ['reason', 't.reason'],
      ['actorId', 't.actor_id'],
      ['createdAt', iso('t.created_at')],
    ],
  },
  {
    // Without the documents: a loaded session's is a placeholder written by the seed (kyc.ts).
    name: 'kycSessions',
    table: 'kyc_sessions',
    fields: [
      ['id', 't.id'],
      ['userId', 't.user_id'],
      ['legalName', 't.legal_name'],
      ['dateOfBirth', 't.date_of_birth::text'],
      ['country', 't.country'],
      ['documentType', 't.document_type'],
      ['documentNumber', 't.document_number'],
      ['documentName', 't.document_name'],
      ['status', 't.status'],
      ['reason', 't.reason'],
      ['reviewedBy', 't.reviewed_by'],
      ['reviewedAt', iso('t.reviewed_at')],
      ['createdAt', iso('t.created_at')],
      ['updatedAt', iso('t.updated_at')],
    ],
  },
  {
    // In the order they were written (the seed numbers them again in file order).
    name: 'auditEvents',
    table: 'audit_events',
    key: 'bigint',
    fields: [
      ['actorId', 't.actor_id'],
      ['action', 't.action'],
      ['entity', 't.entity'],
      ['entityId', 't.entity_id'],
      ['data', 't.data'],
      ['ip', 't.ip'],
      ['createdAt', iso('t.created_at')],
    ],
  },
  {
    // A sent job names its transaction; its signed bytes are written once, in chainTransactions.
    name: 'mintJobs',
    table: 'mint_jobs',
    fields: [
      ['id', 't.id'],
      ['orderId', 't.order_id'],
      ['orderItemId', 't.order_item_id'],
      ['productId', 't.product_id'],
      ['walletAddress', 't.wallet_address'],
      ['tokenId', 't.token_id::text'],
      ['amount', 't.amount::text'],
      ['kind', 't.kind'],
      ['status', 't.status'],
      ['attempts', 't.attempts'],
      ['lastError', 't.last_error'],
      ['chainId', 't.chain_id'],
      ['contract', 't.contract'],
      ['minter', 't.minter'],
      ['nonce', 't.nonce'],
      ['txHash', 't.tx_hash'],
      ['blockNumber', 't.block_number'],
      ['createdBy', 't.created_by'],
      ['note', 't.note'],
      ['approvedBy', 't.approved_by'],
      ['approvedAt', iso('t.approved_at')],
      ['rejectedBy', 't.rejected_by'],
      ['rejectedAt', iso('t.rejected_at')],
      ['rejectReason', 't.reject_reason'],
      ['nextAttemptAt', iso('t.next_attempt_at')],
      ['signedAt', iso('t.signed_at')],
      ['createdAt', iso('t.created_at')],
      ['updatedAt', iso('t.updated_at')],
      ['completedAt', iso('t.completed_at')],
    ],
  },
  {
    // In the order they were sent: the dev chain replays them so at start (the seed numbers them again in file order).
    name: 'chainTransactions',
    table: 'chain_transactions',
    key: 'bigint',
    id: 'seq',
    fields: [
      ['chainId', 't.chain_id'],
      ['hash', 't.hash'],
      ['sender', 't.sender'],
      ['nonce', 't.nonce'],
      ['raw', 't.raw'],
      ['mintJobId', 't.mint_job_id'],
      ['payoutId', 't.payout_id'],
      ['createdAt', iso('t.created_at')],
    ],
  },
  {
    // Its points entry is derived on load, as the points paid orders earned.
    name: 'conversions',
    table: 'conversions',
    fields: [
      ['id', 't.id'],
      ['userId', 't.user_id'],
      ['fromAmount', 't.from_amount'],
      ['toAmount', 't.to_amount::text'],
      ['rate', 't.rate'],
      ['tokenId', 't.token_id::text'],
      ['walletAddress', 't.wallet_address'],
      ['mintJobId', 't.mint_job_id'],
      ['createdAt', iso('t.created_at')],
    ],
  },
];

/**
 * A row as compact JSON text without its null fields: each field `"name":value` (to_json's text, null for a null),
 * joined by concat_ws, which leaves the nulls out. The same text json_strip_nulls(json_build_object(…)) writes, without
 * building the object and parsing it again to drop the nulls, which was a third of the export's time.
 */
const recordJson = (fields: [string, string][]) =>
  `'{' || concat_ws(',', ${fields.map(([name, expr]) => `'${JSON.stringify(name)}:' || to_json(${expr})::text`).join(', ')}) || '}'`;

export type ExportSummary = Record<string, number>;

/** Writes a chunk, waiting for the stream to drain when its buffer is full. */
async function write(out: Writable, chunk: string) {
  if (!out.write(chunk)) await once(out, 'drain');
}

async function exportCollection(db: Db, out: Writable, c: Collection, batch: number): Promise<number> {
  let after: string | null = null;
  let count = 0;
  for (;;) {
    const id = sql.raw(`t.${c.id ?? 'id'}`);
    const seek: SQL = after === null ? sql`` : sql`and ${id} > ${after}::${sql.raw(c.key ?? 'uuid')}`;
    const [page] = await queryRows<{ body: string | null; last: string | null; n: number | string }>(
      db,
      sql`
      with b as (select * from ${sql.raw(c.table)} t where ${sql.raw(c.where ?? 'true')} ${seek} order by ${id} limit ${batch})
      select string_agg(${sql.raw(recordJson(c.fields))}, E',\n    ' order by ${id}) as body, ${sql.raw(c.key ? `max(t.${c.id ?? 'id'})::text` : 'max(t.id::text)')} as last, count(*) as n
      from b t`,
    );
    const n = Number(page?.n ?? 0);
    if (!n || !page?.body) break;
    await write(out, `${count ? ',\n    ' : '\n    '}${page.body}`);
    count += n;
    after = page.last;
    if (n < batch) break;
  }
  return count;
}

/** The settings the seed validates and loads (internal keys, such as the referral salt, stay behind). */
async function exportSettings(db: Db): Promise<Record<string, unknown>> {
  const known = new Set(Object.keys(settingsSchema.shape));
  const rows = await queryRows<{ key: string; value: unknown }>(db, sql`select key, value from settings order by key`);
  return Object.fromEntries(rows.filter((r) => known.has(r.key)).map((r) => [r.key, r.value]));
}

/** Writes the whole database to `out` (not ended here); answers how many records each collection has. */
export async function exportDatabase(db: Db, out: Writable, opts: { batch?: number } = {}): Promise<ExportSummary> {
  const batch = opts.batch ?? EXPORT_BATCH;
  const summary: ExportSummary = {};
  await write(out, '{');
  for (const [i, c] of COLLECTIONS.entries()) {
    await write(out, `${i ? ',' : ''}\n  ${JSON.stringify(c.name)}: [`);
    summary[c.name] = await exportCollection(db, out, c, batch);
    await write(out, summary[c.name] ? '\n  ]' : ']');
  }
  const settings = await exportSettings(db);
  summary.settings = Object.keys(settings).length;
  await write(out, `,\n  "settings": ${JSON.stringify(settings, null, 2).replace(/\n/g, '\n  ')}\n}\n`);
  return summary;
}
