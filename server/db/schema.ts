import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const cents = (name: string) => bigint(name, { mode: 'number' });

/**
 * The text each list's search box looks in (`ILIKE '%term%'`, any part of it, any case), the very expressions of the
 * trigram indexes below (pg_trgm, created in migration 0018; PGlite loads it in client.ts): an id as its text, so a
 * piece from its middle finds it. The services search these same expressions, so a query and its index cannot drift.
 */
type Col = AnyPgColumn;
export const searchOf = {
  users: (t: { id: Col; email: Col; name: Col; firstName: Col; lastName: Col }) =>
    sql`(${t.id}::text || ' ' || ${t.email} || ' ' || coalesce(${t.name}, '') || ' ' || coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, ''))`,
  orders: (t: { id: Col; customerEmail: Col }) => sql`(${t.id}::text || ' ' || ${t.customerEmail})`,
  payments: (t: { id: Col; reference: Col }) => sql`(${t.id}::text || ' ' || coalesce(${t.reference}, ''))`,
  commissions: (t: { id: Col }) => sql`(${t.id}::text)`,
};
const trigrams = (name: string, text: SQL) => index(name).using('gin', sql`${text} gin_trgm_ops`);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    role: text('role').notNull().default('user'),
    status: text('status').notNull().default('active'),
    kycStatus: text('kyc_status').notNull().default('pending'),
    passwordHash: text('password_hash'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastLogin: timestamp('last_login', { withTimezone: true, mode: 'date' }),
    /** The user's own referral code (unguessable, given on first use: server/modules/referrals); null until then. */
    referralCode: text('referral_code'),
    /** Who referred this user (first touch, set once: POST /api/referrals/attribute); their level-1 referrer. */
    referredById: uuid('referred_by_id').references((): AnyPgColumn => users.id),
    referredAt: timestamp('referred_at', { withTimezone: true, mode: 'date' }),
    /** Where a crypto payout of the user's earnings is sent; null: payouts by bank only. */
    walletAddress: text('wallet_address'),
    /** Someone names this user as referrer, or they earned a commission: they are on the affiliates list (set once). */
    affiliate: boolean('affiliate').notNull().default(false),
    /** The confirmed TOTP secret (encrypted when TOTP_ENCRYPTION_KEY is set: server/lib/secret-box.ts); null: no 2FA. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true, mode: 'date' }),
    /** A secret offered during enrolment, until a current code confirms it. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step accepted, so a code cannot be used twice. */
    totpLastStep: integer('totp_last_step'),
    /** Set by an admin's password reset: no call but changing the password works until it is changed. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The affiliates list: newest first, and a prefix of the email, the name or "first last", among affiliates only.
    index('users_affiliate_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`affiliate`),
    index('users_affiliate_email_idx')
      .on(sql`lower(${t.email}) text_pattern_ops`)
      .where(sql`affiliate`),
    index('users_affiliate_name_idx')
      .on(sql`lower(${t.name}) text_pattern_ops`)
      .where(sql`affiliate`),
    index('users_affiliate_full_name_idx')
      .on(sql`lower(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')) text_pattern_ops`)
      .where(sql`affiliate`),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    index('users_referred_by_idx').on(t.referredById, t.createdAt),
    // The users list (issue 14: p50 ≤ 20 ms at 100,000 users): each filter with the default sort, and each sort with its
    // tie-breaker, so a page is read in index order and stops after its rows; its search, and the commissions' by referrer.
    trigrams('users_search_idx', searchOf.users(t)),
    index('users_role_created_idx').on(t.role, t.createdAt, t.id),
    index('users_status_created_idx').on(t.status, t.createdAt, t.id),
    index('users_kyc_created_idx').on(t.kycStatus, t.createdAt, t.id),
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_name_idx').on(t.name, t.id),
    index('users_last_login_idx').on(t.lastLogin, t.id),
    index('users_role_id_idx').on(t.role, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** The login had to enrol in 2FA first (a record: every request decides again from the setting and the user's 2FA). */
    requiresEnrolment: boolean('requires_enrolment').notNull().default(false),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** One-time recovery codes of a user's 2FA, stored hashed; `usedAt` set once when one is spent. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);

/** The second step of a login with 2FA: a short-lived, single-use challenge (stored hashed) bound to the user. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('login_challenges_token_hash_key').on(t.tokenHash),
    index('login_challenges_user_idx').on(t.userId),
  ],
);

/**
 * One-time set-password links (an admin's invitation of a new user or reset of a password): only the token's SHA-256
 * is kept. A link works once, until it expires, and not after a newer link or a password change (revoked_at).
 */
export const passwordLinks = pgTable(
  'password_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'invite' | 'reset'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_links_token_hash_key').on(t.tokenHash),
    index('password_links_open_idx')
      .on(t.userId)
      .where(sql`used_at is null and revoked_at is null`),
  ],
);

/**
 * Failed logins per email and client address (auth/lockout.ts), kept by the typed email so that an unknown one is
 * counted, locked and slowed exactly as an account is: one address that keeps failing is locked out of that email for
 * a while, failures from many addresses slow its answers. Rows older than the window are pruned as failures arrive.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true, mode: 'date' }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.email, t.ip] }), index('login_failures_last_failed_idx').on(t.lastFailedAt)],
);

/**
 * A shop sign-up waiting for its email to be confirmed (shop/signup.ts): the account is made from it when the emailed
 * link is followed, so that signing up with a taken address answers exactly as with a new one.
 */
export const signupRequests = pgTable(
  'signup_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('signup_requests_token_hash_key').on(t.tokenHash),
    index('signup_requests_expires_idx').on(t.expiresAt),
  ],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    sku: text('sku').notNull(),
    description: text('description'),
    category: text('category'),
    /** An uploaded image's thumbnail (`/uploads/….thumb.webp`), beside `image`; null for a linked or no image. */
    imageThumb: text('image_thumb'),
    image: text('image'),
    priceFiatCents: cents('price_fiat_cents').notNull(),
    priceCrypto: numeric('price_crypto', { precision: 36, scale: 18 }).notNull().default('0'),
    rwaType: text('rwa_type').notNull(),
    chainId: integer('chain_id').notNull().default(11155111),
    contract: text('contract'),
    tokenType: text('token_type').notNull().default('ERC1155'),
    tokenId: numeric('token_id', { precision: 78, scale: 0 }),
    redeemPolicy: jsonb('redeem_policy'),
    stock: integer('stock').notNull().default(0),
    status: text('status').notNull().default('draft'),
    /** An exclusive product: only members of this level (BRONZE … DIAMOND) or above see and buy it; null: everyone. */
    minMemberLevel: text('min_member_level'),
    /** What a token's metadata (GET /api/tokens/{id}) says of the asset: who issued it, who holds it, what it was valued at. */
    issuer: text('issuer'),
    custodian: text('custodian'),
    valuationCents: cents('valuation_cents'),
    valuationCurrency: text('valuation_currency'),
    valuedOn: date('valued_on', { mode: 'string' }),
    /** Its token goes only to wallets on the contract's verified-holder allowlist (on by default for bonds and real estate). */
    requiresVerifiedHolders: boolean('requires_verified_holders').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_sku_key').on(sql`lower(${t.sku})`),
    // A token's metadata finds its product by token id.
    index('products_token_id_idx').on(t.tokenId),
    index('products_status_idx').on(t.status, t.createdAt),
    index('products_rwa_type_idx').on(t.rwaType),
    index('products_created_idx').on(t.createdAt),
    // One per sortable column, with the id that breaks ties (listProducts orders by both).
    index('products_title_idx').on(t.title, t.id),
    index('products_sku_idx').on(t.sku, t.id),
    index('products_price_fiat_idx').on(t.priceFiatCents, t.id),
    index('products_price_crypto_idx').on(t.priceCrypto, t.id),
    index('products_stock_idx').on(t.stock, t.id),
  ],
);

/**
 * A tokenised product's documents (appraisal, custody certificate, title, prospectus…), public under /uploads/documents/
 * with their sha256. A replaced document stays, `replaced_at` set and `replaced_by` naming its successor: the current
 * ones are those not replaced.
 */
export const productDocuments = pgTable(
  'product_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The name the file had on the uploader's machine, shown with the document. */
    name: text('name').notNull(),
    /** The stored file's generated name (a UUID and the kind's extension), under /uploads/documents/. */
    file: text('file').notNull(),
    fileKind: text('file_kind').notNull(),
    bytes: integer('bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    replacedAt: timestamp('replaced_at', { withTimezone: true, mode: 'date' }),
    replacedBy: uuid('replaced_by'),
    createdAt: createdAt(),
  },
  (t) => [index('product_documents_product_idx').on(t.productId, t.createdAt, t.id)],
);

/**
 * A wallet frozen for one product's token (issue 42): what staff want the contract's `frozen[id][wallet]` to say, with
 * why, who and when; an unfreeze keeps the row with `frozen` off (the mint worker sets the chain from here).
 */
export const tokenFreezes = pgTable(
  'token_freezes',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Lowercase. */
    wallet: text('wallet').notNull(),
    frozen: boolean('frozen').notNull(),
    reason: text('reason').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.wallet] })],
);

/**
 * Every wallet the platform has put on the contract's verified-holder allowlist (written beside the signed call): a
 * wallet that is no longer on a verified account (its owner changed it, or the account went) is then taken off.
 */
export const allowlistedWallets = pgTable('allowlisted_wallets', {
  /** Lowercase. */
  wallet: text('wallet').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for a guest's checkout: the order is theirs by `customer_email` and the checkout's secret. */
    userId: uuid('user_id').references(() => users.id),
    customerEmail: text('customer_email').notNull(),
    status: text('status').notNull().default('pending'),
    qty: integer('qty').notNull(),
    amountCents: cents('amount_cents').notNull(),
    /** The priced parts of amount_cents (subtotal − discount + tax + shipping); orders from before they were kept have a null subtotal. */
    subtotalCents: cents('subtotal_cents'),
    discountCents: cents('discount_cents').notNull().default(0),
    /** The part of discount_cents that is the member's level discount (the rest is the coupon's). */
    memberDiscountCents: cents('member_discount_cents').notNull().default(0),
    taxCents: cents('tax_cents').notNull().default(0),
    shippingCents: cents('shipping_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    couponCode: text('coupon_code'),
    walletAddress: text('wallet_address'),
    test: boolean('test').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true, mode: 'date' }),
    /** A checkout's order fails if still unpaid then (the sweeper, server/modules/checkout/sweeper.ts); null: never. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** sha256 of the secret a checkout answers, with which a guest polls its order. */
    checkoutSecretHash: text('checkout_secret_hash'),
    /** The level-1 referrer this order earns for, fixed when the order is made (the buyer's, or a guest's `?ref=` code). */
    referrerId: uuid('referrer_id').references(() => users.id),
  },
  (t) => [
    // Plain ascending keys: scanned backwards they serve `ORDER BY … DESC` (nulls first), which a
    // `DESC NULLS LAST` index cannot, and forwards they serve ascending sorts.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_email_idx').on(sql`${t.customerEmail} text_pattern_ops`),
    index('orders_user_idx').on(t.userId, t.createdAt),
    // Every sort of the list, alone and under the status filter (ties broken by id; status sorts by date within).
    index('orders_amount_idx').on(t.amountCents, t.id),
    index('orders_status_amount_idx').on(t.status, t.amountCents, t.id),
    index('orders_qty_idx').on(t.qty, t.id),
    index('orders_status_qty_idx').on(t.status, t.qty, t.id),
    index('orders_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status = 'pending' and expires_at is not null`),
    index('orders_referrer_idx').on(t.referrerId, t.createdAt),
    // The search of the orders list, and of the payments and commissions lists by their order.
    trigrams('orders_search_idx', searchOf.orders(t)),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    title: text('title').notNull(),
    sku: text('sku').notNull(),
    qty: integer('qty').notNull(),
    unitPriceCents: cents('unit_price_cents').notNull(),
    lineTotalCents: cents('line_total_cents').notNull(),
    tokenised: boolean('tokenised').notNull().default(false),
    chainId: integer('chain_id'),
    contract: text('contract'),
    tokenId: numeric('token_id', { precision: 78, scale: 0 }),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_product_idx').on(t.productId)],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').references(() => orders.id),
    userId: uuid('user_id').references(() => users.id),
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    amountCents: cents('amount_cents').notNull(),
    refundedCents: cents('refunded_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    status: text('status').notNull().default('pending'),
    reference: text('reference'),
    url: text('url'),
    /** Where a hosted payment page sends the buyer after paying, and on cancel (paths on this site). */
    returnUrl: text('return_url'),
    cancelUrl: text('cancel_url'),
    test: boolean('test').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_status_created_idx').on(t.status, t.createdAt, t.id),
    index('payments_method_idx').on(t.method),
    index('payments_created_idx').on(t.createdAt, t.id),
    // The list's amount sort, alone and under the status filter; its provider filter; its search by reference.
    index('payments_amount_idx').on(t.amountCents, t.id),
    index('payments_status_amount_idx').on(t.status, t.amountCents, t.id),
    index('payments_provider_created_idx').on(t.provider, t.createdAt, t.id),
    index('payments_reference_idx').on(sql`${t.reference} text_pattern_ops`),
    trigrams('payments_search_idx', searchOf.payments(t)),
  ],
);

/** Money given back from a payment: one row per refund, partial or full (`payments.refunded_cents` is their sum). */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    amountCents: cents('amount_cents').notNull(),
    reason: text('reason').notNull(),
    /** The provider's id for the refund. */
    reference: text('reference'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('refunds_payment_idx').on(t.paymentId, t.createdAt)],
);

/** A payment's timeline: what happened to it and when (server/modules/audit/payment-events.ts records it). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    type: text('type').notNull(),
    amountCents: cents('amount_cents'),
    reason: text('reason'),
    reference: text('reference'),
    code: text('code'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId, t.id)],
);

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    data: jsonb('data'),
    /** The address the change came from (the staff member's request); null for the system's own changes. */
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_entity_idx').on(t.entity, t.entityId, t.createdAt),
    index('audit_created_idx').on(t.createdAt),
    index('audit_actor_idx').on(t.actorId, t.createdAt),
    index('audit_action_idx').on(t.action, t.createdAt),
  ],
);

/**
 * One mint of `amount` tokens of `tokenId` to `walletAddress` (PRODUCT.md, Lifecycles: Mint job).
 * `nonce`, `signedTx` and `txHash` are stored together, before broadcast, and never replaced while the
 * transaction may still be mined: that is what keeps a retry from minting twice (server/modules/mint/recovery.ts).
 * `chainId`/`contract`/`minter` are those of the worker that signed it (null until then).
 */
export const mintJobs = pgTable(
  'mint_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').references(() => orders.id),
    orderItemId: uuid('order_item_id').references(() => orderItems.id),
    productId: uuid('product_id').references(() => products.id),
    walletAddress: text('wallet_address').notNull(),
    tokenId: numeric('token_id', { precision: 78, scale: 0 }).notNull(),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    /** mint: `amount` minted to the wallet; redeem: `amount` of the wallet's tokens burned (its holder redeemed the asset). */
    kind: text('kind').$type<'mint' | 'redeem'>().notNull().default('mint'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    chainId: integer('chain_id'),
    contract: text('contract'),
    minter: text('minter'),
    nonce: integer('nonce'),
    signedTx: text('signed_tx'),
    txHash: text('tx_hash'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Why a manual mint was asked for (required of staff's Mint Token). */
    note: text('note'),
    /** The second member of staff who let a manual mint awaiting approval (policy.ts needsMintApproval) be queued. */
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    /** Or the member of staff who refused it instead (status rejected), and why. */
    rejectedBy: uuid('rejected_by').references(() => users.id, { onDelete: 'set null' }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true, mode: 'date' }),
    rejectReason: text('reject_reason'),
    /** The id of the request that queued the job (X-Request-Id), logged with the worker's lines about it. */
    requestId: text('request_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('mint_jobs_created_idx').on(t.createdAt, t.id),
    index('mint_jobs_status_created_idx').on(t.status, t.createdAt, t.id),
    index('mint_jobs_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status in ('queued', 'processing')`),
    index('mint_jobs_order_idx').on(t.orderId),
    uniqueIndex('mint_jobs_order_item_key').on(t.orderItemId),
    uniqueIndex('mint_jobs_tx_hash_key').on(t.txHash),
  ],
);

/**
 * Every transaction the platform signed (or accepted on the dev endpoint), in the order it was first
 * stored. The embedded dev chain keeps nothing on disk: at start it replays these, for its chain id, in `seq` order.
 */
export const chainTransactions = pgTable(
  'chain_transactions',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    chainId: integer('chain_id').notNull(),
    hash: text('hash').notNull(),
    sender: text('sender').notNull(),
    nonce: integer('nonce').notNull(),
    raw: text('raw').notNull(),
    mintJobId: uuid('mint_job_id').references(() => mintJobs.id, { onDelete: 'set null' }),
    payoutId: uuid('payout_id').references((): AnyPgColumn => payouts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chain_transactions_hash_key').on(t.hash),
    index('chain_transactions_sender_idx').on(t.chainId, t.sender, t.nonce),
  ],
);

/**
 * One row per minter key: the lease that makes a single worker its owner (renewed with each heartbeat,
 * taken over only once it has lapsed) and what the Mint Queue screen shows as "Worker Active".
 */
export const mintWorkers = pgTable('mint_workers', {
  key: text('key').primaryKey(),
  owner: text('owner').notNull(),
  host: text('host'),
  chainId: integer('chain_id').notNull(),
  minter: text('minter').notNull(),
  contract: text('contract').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }).notNull(),
  stoppedAt: timestamp('stopped_at', { withTimezone: true, mode: 'date' }),
  processed: integer('processed').notNull().default(0),
  lastError: text('last_error'),
});

/**
 * Coupons. `discount_value` is a percentage (0–100) or an amount in the currency, both with two
 * decimals; `used_count` counts paid orders that used the code. Codes are unique whatever their case.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    description: text('description'),
    discountType: text('discount_type').notNull(),
    discountValue: numeric('discount_value', { precision: 15, scale: 2 }).notNull(),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    minimumSubtotalCents: cents('minimum_subtotal_cents'),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }),
    endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }),
    usedCount: integer('used_count').notNull().default(0),
    /** Held by pending orders: a use is reserved when an order takes the coupon, and becomes used when it is paid. */
    reservedCount: integer('reserved_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(sql`lower(${t.code})`),
    index('coupons_created_idx').on(t.createdAt, t.id),
    index('coupons_end_date_idx').on(t.endDate),
  ],
);

/**
 * Idempotency keys (`Idempotency-Key` on checkout and payment calls): the first response to a key is kept 24 h and answered again to
 * the same request; `status_code` is null while that first request is still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_scope_key').on(t.scope, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * One row per click on a referral link. The visitor is kept only as a salted hash of address + user agent;
 * `referral_visits` holds each distinct visitor once per referrer per UTC day, which is what "unique clicks" count.
 */
export const referralClicks = pgTable(
  'referral_clicks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('referral_clicks_referrer_idx').on(t.referrerId, t.createdAt)],
);

export const referralVisits = pgTable(
  'referral_visits',
  {
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitorHash: text('visitor_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.referrerId, t.day, t.visitorHash] })],
);

/** Commission rate per referral level (1: the buyer's referrer, 2: that referrer's referrer), a fraction 0–1. */
export const agentLevels = pgTable(
  'agent_levels',
  {
    id: integer('id').primaryKey(),
    level: integer('level').notNull(),
    name: text('name').notNull(),
    commissionRate: numeric('commission_rate', { precision: 7, scale: 6 }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('agent_levels_level_key').on(t.level)],
);

/**
 * What a referrer earns on one paid order at one level: `original_cents` = rate × `base_cents` (the order's subtotal
 * after discount) when it was paid; `amount_cents` what is owed now (reduced by partial refunds while unpaid, 0 once
 * reversed). Statuses: pending → approved → paid (by a payout); pending → rejected; reversed (refunded before paid).
 * `payout_id` is set while a payout holds it (pending) and stays once the payout pays it.
 */
export const commissions = pgTable(
  'commissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id),
    level: integer('level').notNull(),
    rate: numeric('rate', { precision: 7, scale: 6 }).notNull(),
    baseCents: cents('base_cents').notNull(),
    originalCents: cents('original_cents').notNull(),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    status: text('status').notNull().default('pending'),
    payoutId: uuid('payout_id').references((): AnyPgColumn => payouts.id),
    /** When the order was paid: the hold (settings commissionHoldDays) counts from here. */
    earnedAt: timestamp('earned_at', { withTimezone: true, mode: 'date' }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** Why it was rejected (status rejected): the reviewer's sentence. */
    rejectReason: text('reject_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('commissions_order_level_key').on(t.orderId, t.level),
    index('commissions_created_idx').on(t.createdAt, t.id),
    index('commissions_amount_idx').on(t.amountCents, t.id),
    index('commissions_status_created_idx').on(t.status, t.createdAt, t.id),
    index('commissions_referrer_idx').on(t.referrerId, t.status, t.createdAt),
    index('commissions_payout_idx').on(t.payoutId),
    trigrams('commissions_search_idx', searchOf.commissions(t)),
  ],
);

/**
 * A clawback: money taken back from a commission a payout holds or has paid (a refund came after), as a negative
 * `amount_cents`. The next payout of the referrer deducts it and sets `payout_id`.
 */
export const commissionAdjustments = pgTable(
  'commission_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    commissionId: uuid('commission_id')
      .notNull()
      .references(() => commissions.id),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id),
    amountCents: cents('amount_cents').notNull(),
    reason: text('reason').notNull(),
    payoutId: uuid('payout_id').references((): AnyPgColumn => payouts.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('commission_adjustments_referrer_idx').on(t.referrerId, t.payoutId),
    index('commission_adjustments_commission_idx').on(t.commissionId),
  ],
);

/**
 * A payment to a referrer of approved commissions minus open clawbacks: pending → completed (a bank reference or a
 * transaction hash) | failed | cancelled. A crypto payout stores its signed transfer (`nonce`, `signed_tx`, `tx_hash`)
 * before it is sent, as the mint worker does, so a crash never pays twice.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id),
    grossCents: cents('gross_cents').notNull(),
    deductedCents: cents('deducted_cents').notNull().default(0),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    status: text('status').notNull().default('pending'),
    method: text('method').notNull().default('bank'),
    reference: text('reference'),
    walletAddress: text('wallet_address'),
    /** Native token sent for a crypto payout, in wei (decimal string). */
    amountWei: numeric('amount_wei', { precision: 78, scale: 0 }),
    chainId: integer('chain_id'),
    sender: text('sender'),
    nonce: integer('nonce'),
    signedTx: text('signed_tx'),
    txHash: text('tx_hash'),
    /** Native tokens sent for 1.00 of the currency (settings payoutTokenRate when it was signed). */
    tokenRate: numeric('token_rate', { precision: 30, scale: 18 }),
    /** The on-chain transfer: signed (stored, maybe not sent) → sent → mined | reverted | lost (its nonce went to another). */
    transferState: text('transfer_state'),
    transferError: text('transfer_error'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    /** Held while one request signs, sends and settles the transfer, so a second click is a 409; lapses after a crash. */
    transferClaimedUntil: timestamp('transfer_claimed_until', { withTimezone: true, mode: 'date' }),
    note: text('note'),
    /** Who created the payout (staff, or the recipient asking for it). */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The second member of staff who let it be paid (dual control: settings payoutDualControlAbove). */
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('payouts_created_idx').on(t.createdAt, t.id),
    index('payouts_status_created_idx').on(t.status, t.createdAt, t.id),
    index('payouts_recipient_idx').on(t.recipientId, t.createdAt),
    uniqueIndex('payouts_tx_hash_key').on(t.txHash),
  ],
);

/** Each provider webhook event handled, by the provider's event id: a replayed event finds its row and changes nothing. */
export const providerEvents = pgTable(
  'provider_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** A bulk send to a role or to everyone (server/modules/notifications/worker.ts reaches its recipients in batches). */
export const notificationBulks = pgTable(
  'notification_bulks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'all' or a role. */
    audience: text('audience').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    status: text('status').notNull().default('queued'),
    /** Counted when queued; set to the recipients actually reached once they all are. */
    total: integer('total').notNull(),
    /** Recipients written so far, and the last one's id: the worker goes on from there (users in id order). */
    reached: integer('reached').notNull().default(0),
    cursor: uuid('cursor'),
    expandedAt: timestamp('expanded_at', { withTimezone: true, mode: 'date' }),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('notification_bulks_created_idx').on(t.createdAt, t.id),
    index('notification_bulks_open_idx')
      .on(t.createdAt)
      .where(sql`status <> 'completed'`),
  ],
);

/** One notification in a user's in-app inbox (the bell). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The English text; what the reader sees when there is no message code (staff wrote it). */
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** What an event said (src/common/notices-catalogue.ts), shown in the reader's language. */
    messageCode: text('message_code'),
    params: jsonb('params').$type<Record<string, string | number>>(),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    bulkId: uuid('bulk_id').references(() => notificationBulks.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`read_at is null`),
    index('notifications_created_idx').on(t.createdAt, t.id),
    // A bulk send writes each recipient's notification once, whichever worker reaches them.
    uniqueIndex('notifications_bulk_user_key').on(t.bulkId, t.userId),
  ],
);

/**
 * The email queue and outbox: a worker claims queued rows (SKIP LOCKED), sends them by SMTP or, without SMTP_URL,
 * keeps them here as `outbox` for the admin to read; failures come back later (`next_attempt_at`) until they fail.
 */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** While `sending`: the worker's hold; past it another worker takes the message again. */
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    messageId: text('message_id'),
    bulkId: uuid('bulk_id').references(() => notificationBulks.id, { onDelete: 'set null' }),
    /** The id of the request that queued the message (X-Request-Id), logged with the worker's lines about it. */
    requestId: text('request_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('email_messages_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`status = 'queued'`),
    index('email_messages_lease_idx')
      .on(t.leaseUntil)
      .where(sql`status = 'sending'`),
    index('email_messages_created_idx').on(t.createdAt, t.id),
    index('email_messages_status_idx').on(t.status, t.createdAt, t.id),
    uniqueIndex('email_messages_bulk_user_key').on(t.bulkId, t.userId),
  ],
);

/**
 * KYC sessions: a user's identity and one document (stored under DATA_DIR/uploads/private/kyc, never served publicly),
 * pending until an admin or operator approves, verifies or rejects it. At most one pending session per user.
 */
export const kycSessions = pgTable(
  'kyc_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    legalName: text('legal_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    country: text('country').notNull(),
    documentType: text('document_type').notNull(),
    documentNumber: text('document_number').notNull(),
    /** The stored file's generated name (a UUID and the kind's extension). */
    documentFile: text('document_file').notNull(),
    documentKind: text('document_kind').notNull(),
    /** The name the file had on the user's machine, shown to reviewers only. */
    documentName: text('document_name').notNull(),
    documentBytes: integer('document_bytes').notNull(),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('kyc_sessions_one_pending_key')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('kyc_sessions_status_created_idx').on(t.status, t.createdAt, t.id),
    index('kyc_sessions_created_idx').on(t.createdAt, t.id),
    index('kyc_sessions_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A DNS record of a managed zone: served by the embedded authoritative DNS server while active.
 * `domain` and host names in `value` are stored lower case without a trailing dot, AAAA values in their canonical form.
 */
export const dnsRecords = pgTable(
  'dns_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    domain: text('domain').notNull(),
    type: text('type').notNull(),
    value: text('value').notNull(),
    ttl: integer('ttl').notNull().default(300),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // md5: a TXT value may be longer than a btree entry can hold.
    uniqueIndex('dns_records_domain_type_value_key').on(t.domain, t.type, sql`md5(${t.value})`),
    index('dns_records_created_idx').on(t.createdAt, t.id),
  ],
);

/** One resolution through GET /api/domain/resolve (the DNS query log): from the managed records or the system resolver. */
export const dnsQueryLogs = pgTable(
  'dns_query_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    domain: text('domain').notNull(),
    type: text('type').notNull(),
    success: boolean('success').notNull(),
    /** The answers, as text (e.g. "192.0.2.1", "10 mail.example.com"). */
    result: jsonb('result').$type<string[]>().notNull(),
    error: text('error'),
    /** managed (our records) or system (the system resolver). */
    source: text('source').notNull(),
    durationMs: integer('duration_ms').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('dns_query_logs_created_idx').on(t.createdAt, t.id),
    // The log's other sorts, each with its tie-breaker, so a page stops after its rows however long the log.
    index('dns_query_logs_domain_idx').on(t.domain, t.id),
    index('dns_query_logs_duration_idx').on(t.durationMs, t.id),
  ],
);

/** One run of POST /api/domain/script/execute (the script log), whether it succeeded or not. */
export const dnsScriptLogs = pgTable(
  'dns_script_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scriptName: text('script_name').notNull(),
    parameters: jsonb('parameters').notNull(),
    success: boolean('success').notNull(),
    output: text('output'),
    error: text('error'),
    recordId: uuid('record_id'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('dns_script_logs_created_idx').on(t.createdAt, t.id)],
);

/**
 * A crypto payment's deposit address (payments/crypto/): derived from the HD key at `derivation_index`, which a
 * sequence hands out once (never reused, even when the payment fails). Amounts in wei of the chain's native token.
 * `received_wei` is what the address held at the last confirmed height the watcher looked at (for a pending payment
 * that is everything paid so far; at completion it is frozen); `spent_wei` is what its refunds sent plus their fees.
 */
export const cryptoDeposits = pgTable(
  'crypto_deposits',
  {
    paymentId: uuid('payment_id')
      .primaryKey()
      .references(() => payments.id),
    derivationIndex: bigserial('derivation_index', { mode: 'number' }).notNull(),
    address: text('address').notNull(),
    chainId: integer('chain_id').notNull(),
    amountWei: numeric('amount_wei', { precision: 78, scale: 0 }).notNull(),
    receivedWei: numeric('received_wei', { precision: 78, scale: 0 }).notNull().default('0'),
    spentWei: numeric('spent_wei', { precision: 78, scale: 0 }).notNull().default('0'),
    /** The next nonce a refund from this address signs with. */
    nextNonce: integer('next_nonce').notNull().default(0),
    /** Who paid: the sender and transaction of the largest transfer the watcher saw (the refunds go back there). */
    payer: text('payer'),
    payTxHash: text('pay_tx_hash'),
    /** The chain's height when the address was handed out: the watcher never needs to look before it. */
    fromBlock: bigint('from_block', { mode: 'number' }).notNull(),
    checkedBlock: bigint('checked_block', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('crypto_deposits_index_key').on(t.derivationIndex),
    uniqueIndex('crypto_deposits_address_key').on(t.chainId, t.address),
  ],
);

/** Each transfer of the native token to a deposit address the watcher found in a block (a rescan finds the same row). */
export const cryptoTransfers = pgTable(
  'crypto_transfers',
  {
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    sender: text('sender').notNull(),
    valueWei: numeric('value_wei', { precision: 78, scale: 0 }).notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.txHash] }),
    index('crypto_transfers_payment_idx').on(t.paymentId, t.blockNumber),
  ],
);

/**
 * A refund sent on chain from a deposit address back to its payer: the signed transaction is stored (here and in
 * `chain_transactions`) in the refund's own transaction, before it is broadcast; the watcher re-broadcasts the same
 * bytes until a receipt is seen. `refund_id` is the refunds row written in that transaction.
 */
export const cryptoRefunds = pgTable(
  'crypto_refunds',
  {
    refundId: uuid('refund_id').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    chainId: integer('chain_id').notNull(),
    toAddress: text('to_address').notNull(),
    valueWei: numeric('value_wei', { precision: 78, scale: 0 }).notNull(),
    feeWei: numeric('fee_wei', { precision: 78, scale: 0 }).notNull(),
    nonce: integer('nonce').notNull(),
    signedTx: text('signed_tx').notNull(),
    txHash: text('tx_hash').notNull(),
    /** sent: stored (and maybe broadcast), no receipt yet; confirmed: mined; reverted: mined and failed. */
    status: text('status').notNull().default('sent'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('crypto_refunds_tx_hash_key').on(t.txHash),
    index('crypto_refunds_payment_idx').on(t.paymentId),
    index('crypto_refunds_open_idx')
      .on(t.status)
      .where(sql`status = 'sent'`),
  ],
);

/** The watcher's cursor per chain: every block up to `scanned_block` was searched for transfers to deposit addresses. */
export const cryptoWatch = pgTable('crypto_watch', {
  chainId: integer('chain_id').primaryKey(),
  scannedBlock: bigint('scanned_block', { mode: 'number' }).notNull(),
  updatedAt: updatedAt(),
});

/**
 * The orders' figures per UTC hour and status, for reports over long periods: what a scan of a million orders would
 * add up. Triggers on `orders` (migration 0019, statement level) append each change to `order_stats_deltas`, which
 * takes no lock another checkout waits for; `foldOrderStats` (server/db/order-stats.ts) moves the deltas into
 * this table before a report reads both. Hours in UTC serve every whole-hour timezone the settings offer.
 */
export const orderStatsHourly = pgTable(
  'order_stats_hourly',
  {
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    status: text('status').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    qty: bigint('qty', { mode: 'number' }).notNull(),
    discountCents: cents('discount_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.status] })],
);

/** Changes to the orders' figures not folded into `order_stats_hourly` yet (rows of +1 or −1 order and its amounts). */
export const orderStatsDeltas = pgTable('order_stats_deltas', {
  hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
  status: text('status').notNull(),
  orders: bigint('orders', { mode: 'number' }).notNull(),
  amountCents: cents('amount_cents').notNull(),
  qty: bigint('qty', { mode: 'number' }).notNull(),
  discountCents: cents('discount_cents').notNull(),
});

/**
 * Revenue's parts per UTC hour (server/lib/revenue.ts): `received`, the payments completed in the hour (at their
 * completion, or creation when they have none; refunded ones included), and `refund`, the refunds made in it.
 * Triggers on `payments` and `refunds` (migration 0028, statement level) append each change to `money_stats_deltas`;
 * `foldMoneyStats` moves them here before a report reads both, as the orders' figures are kept.
 */
export const moneyStatsHourly = pgTable(
  'money_stats_hourly',
  {
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    kind: text('kind').notNull(),
    moves: bigint('moves', { mode: 'number' }).notNull(),
    amountCents: cents('amount_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.kind] })],
);

/** Changes to revenue's parts not folded into `money_stats_hourly` yet. */
export const moneyStatsDeltas = pgTable('money_stats_deltas', {
  hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
  kind: text('kind').notNull(),
  moves: bigint('moves', { mode: 'number' }).notNull(),
  amountCents: cents('amount_cents').notNull(),
});

/** Membership levels BRONZE → DIAMOND (seeded by migration 0021): what each needs and gives. `rank` orders them. */
export const memberLevels = pgTable(
  'member_levels',
  {
    name: text('name').primaryKey(),
    rank: integer('rank').notNull(),
    minPoints: bigint('min_points', { mode: 'number' }).notNull(),
    minOrders: integer('min_orders').notNull(),
    /** The level's discount in hundredths of a percent (500 = 5 %). */
    discountBp: integer('discount_bp').notNull().default(0),
    freeShipping: boolean('free_shipping').notNull().default(false),
    prioritySupport: boolean('priority_support').notNull().default(false),
    exclusiveProducts: boolean('exclusive_products').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('member_levels_rank_key').on(t.rank)],
);

/**
 * A user's membership, made at their first points entry: the balance (what may be spent), the lifetime points and paid
 * orders the level is computed from, and the level as last stored. Every change of the balance locks this row first
 * and writes a `points_entries` row in the same transaction, so the ledger's sum is the balance (reconcile checks it).
 */
export const members = pgTable(
  'members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: text('level').notNull().default('BRONZE'),
    pointsBalance: bigint('points_balance', { mode: 'number' }).notNull().default(0),
    lifetimePoints: bigint('lifetime_points', { mode: 'number' }).notNull().default(0),
    paidOrders: integer('paid_orders').notNull().default(0),
    levelChangedAt: timestamp('level_changed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('members_points_balance_nonnegative', sql`${t.pointsBalance} >= 0`),
    index('members_level_idx').on(t.level),
  ],
);

/** What a member asked to receive for points: PENDING (points held) → APPROVED (a zero-price order) | REJECTED (points returned). */
export const redemptions = pgTable(
  'redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    pointsUsed: bigint('points_used', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('PENDING'),
    orderId: uuid('order_id').references(() => orders.id),
    note: text('note'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('redemptions_created_idx').on(t.createdAt, t.id),
    index('redemptions_status_created_idx').on(t.status, t.createdAt, t.id),
    index('redemptions_user_idx').on(t.userId, t.createdAt, t.id),
    index('redemptions_points_idx').on(t.pointsUsed, t.id),
    index('redemptions_quantity_idx').on(t.quantity, t.id),
  ],
);

/** Points turned into the loyalty token: `from_amount` points at `rate` points a token gave `to_amount` tokens, minted by the job. */
export const conversions = pgTable(
  'conversions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    fromAmount: bigint('from_amount', { mode: 'number' }).notNull(),
    toAmount: numeric('to_amount', { precision: 78, scale: 0 }).notNull(),
    rate: bigint('rate', { mode: 'number' }).notNull(),
    tokenId: numeric('token_id', { precision: 78, scale: 0 }).notNull(),
    walletAddress: text('wallet_address').notNull(),
    mintJobId: uuid('mint_job_id')
      .notNull()
      .references(() => mintJobs.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('conversions_user_idx').on(t.userId, t.createdAt, t.id),
    index('conversions_mint_job_idx').on(t.mintJobId),
  ],
);

/** The points ledger: one signed entry per change of a member's balance, with what caused it. */
export const pointsEntries = pgTable(
  'points_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    redemptionId: uuid('redemption_id').references(() => redemptions.id),
    conversionId: uuid('conversion_id').references(() => conversions.id),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('points_entries_user_idx').on(t.userId, t.createdAt, t.id),
    index('points_entries_order_idx')
      .on(t.orderId)
      .where(sql`order_id is not null`),
  ],
);

/**
 * Webhook endpoints (admins register them): where events go, which events, and the signing secrets (sealed like 2FA
 * seeds, server/lib/secret-box.ts). `previousSecret` still signs until `previousUntil` (a rotation's overlap).
 * `failingSince` and `failures` count the attempts failed in a row; past the limit the endpoint is turned off.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousUntil: timestamp('previous_until', { withTimezone: true, mode: 'date' }),
    failures: integer('failures').notNull().default(0),
    failingSince: timestamp('failing_since', { withTimezone: true, mode: 'date' }),
    disabledReason: text('disabled_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_created_idx').on(t.createdAt, t.id)],
);

/**
 * The outbox: one row per event, written in the transaction of the change that causes it (only when an enabled
 * endpoint listens for its type). `id` is the Standard Webhooks message id; `seq` orders a record's events.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: text('id').notNull(),
    type: text('type').notNull(),
    /** The record the event is about, as `order:<id>`: its deliveries to one endpoint go in order. */
    recordKey: text('record_key').notNull(),
    payload: jsonb('payload').notNull(),
    /** The request that caused the event (X-Request-Id): the sender's log lines about its deliveries carry it. */
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('webhook_events_id_key').on(t.id), index('webhook_events_created_idx').on(t.createdAt)],
);

/** One event to one endpoint: pending, sending (claimed until `leaseUntil`), delivered or failed. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventSeq: bigint('event_seq', { mode: 'number' })
      .notNull()
      .references(() => webhookEvents.seq, { onDelete: 'cascade' }),
    recordKey: text('record_key').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`status = 'pending'`),
    index('webhook_deliveries_lease_idx')
      .on(t.leaseUntil)
      .where(sql`status = 'sending'`),
    index('webhook_deliveries_open_idx')
      .on(t.endpointId, t.recordKey, t.eventSeq)
      .where(sql`status in ('pending', 'sending')`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
  ],
);

/** Each attempt of a delivery: the answer's status (null: no answer), how long it took, the first part of its body. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    statusCode: integer('status_code'),
    ok: boolean('ok').notNull(),
    durationMs: integer('duration_ms').notNull(),
    response: text('response'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_attempts_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id),
  ],
);

/**
 * The token contract's transfers as its TransferSingle/TransferBatch logs say (issue 42, Holders and supply), one row
 * per token moved (a batch's ids each a row, `batchIndex` its place), addresses in lowercase. Written only by the
 * holders indexer (server/modules/holders/indexer.ts), which replaces the rows of the last few blocks each pass.
 */
export const tokenTransfers = pgTable(
  'token_transfers',
  {
    chainId: integer('chain_id').notNull(),
    contract: text('contract').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    batchIndex: integer('batch_index').notNull(),
    tokenId: numeric('token_id', { precision: 78, scale: 0 }).notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.txHash, t.logIndex, t.batchIndex] }),
    index('token_transfers_token_idx').on(t.chainId, t.contract, t.tokenId),
    index('token_transfers_block_idx').on(t.chainId, t.contract, t.blockNumber),
  ],
);

/** Each holder's balance of each token, the sum of its indexed transfers (kept by the indexer; nonzero only). */
export const tokenBalances = pgTable(
  'token_balances',
  {
    chainId: integer('chain_id').notNull(),
    contract: text('contract').notNull(),
    tokenId: numeric('token_id', { precision: 78, scale: 0 }).notNull(),
    holder: text('holder').notNull(),
    balance: numeric('balance', { precision: 78, scale: 0 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.contract, t.tokenId, t.holder] })],
);

/** How far the holders indexer has read a contract's logs: the last block it indexed and that block's hash. */
export const tokenIndexCursor = pgTable(
  'token_index_cursor',
  {
    chainId: integer('chain_id').notNull(),
    contract: text('contract').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.contract] })],
);
