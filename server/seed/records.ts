import { ROLES } from '../../src/common/capabilities.js';
import { isMemberLevel, MEMBER_LEVELS } from '../../src/common/membership.js';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../../src/common/orders.js';
import { PRODUCT_STATUSES, RWA_TYPES, requiresVerifiedHoldersByDefault } from '../../src/common/products.js';
import { KYC_STATUSES, USER_STATUSES } from '../../src/common/users.js';
import { DISCOUNT_TYPES } from '../../src/common/coupons.js';
import { centsText } from '../../src/common/money.js';
import { CURRENCIES } from '../../src/common/settings.js';
import { isRealDate } from '../../src/common/kyc.schemas.js';
import { sentenceOf } from '../lib/errors.js';
import { termProblems } from '../modules/coupons/policy.js';
import { CODE_PATTERN } from '../modules/referrals/policy.js';
import { decimalToCents, plainDecimal, type At, type IdMap, type Notes } from './format.js';
import type { SeedCoupon, SeedOrder, SeedOrderItem, SeedPayment, SeedProduct, SeedUser } from './types.js';

/** Record-by-record readers for parseSeedFile: unknown fields are ignored, missing ones defaulted. */

export type Ctx = { ids: IdMap; notes: Notes; now: Date; date: (v: unknown) => Date | null };
export type Rec = Record<string, unknown>;

export const str = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null;
export const first = (r: Rec, ...keys: string[]) =>
  keys.map((k) => r[k]).find((v) => v !== undefined && v !== null && v !== '');
export const int = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : null;
};
/** Whole-number text, such as a token id or an amount (numbers beyond 2^53 must come as strings), or null. */
export const tokenText = (v: unknown): string | null => {
  const t = str(v);
  return t && /^\d+$/.test(t) ? t : null;
};
const bool = (v: unknown) => v === true || v === 'true' || v === 1;

export const missing = (v: unknown) => v === undefined || v === null || v === '';
export const shown = (v: unknown) => JSON.stringify(v);

/** An enum field: a missing value takes `fallback` quietly, an unknown one is a problem. */
export function oneOf<T extends string>(
  ctx: Ctx,
  at: At,
  field: string,
  allowed: readonly T[],
  value: unknown,
  fallback: T,
): T {
  const v = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if ((allowed as readonly unknown[]).includes(v)) return v as T;
  if (!missing(value))
    ctx.notes.problem(at, field, `${shown(value)} is not one of ${allowed.join(', ')}`, `used "${fallback}"`);
  return fallback;
}

/** An exclusive product's minimum member level (BRONZE … DIAMOND, any case); missing or unknown: everyone. */
function memberLevel(ctx: Ctx, at: At, value: unknown): string | null {
  if (missing(value)) return null;
  const v = typeof value === 'string' ? value.trim().toUpperCase() : value;
  if (isMemberLevel(v)) return v;
  ctx.notes.problem(
    at,
    'minMemberLevel',
    `${shown(value)} is not one of ${MEMBER_LEVELS.join(', ')}`,
    'kept the product for everyone',
  );
  return null;
}

/** A whole number ≥ 0 (a count): missing is 0, anything else wrong is a problem. */
export function count(ctx: Ctx, at: At, field: string, value: unknown): number {
  if (missing(value)) return 0;
  const n = int(value);
  if (n !== null && n >= 0) return n;
  ctx.notes.problem(at, field, `${shown(value)} is not a whole number of at least 0`, 'used 0');
  return 0;
}

/** Fiat given as a decimal amount (field `fiatKeys`) or as integer cents (field `centsKeys`). */
export function money(r: Rec, fiatKeys: string[], centsKeys: string[]): number | null {
  const fiat = first(r, ...fiatKeys);
  if (fiat !== undefined) return decimalToCents(fiat);
  const cents = int(first(r, ...centsKeys));
  return cents;
}

export function parseUsers(ctx: Ctx, records: Rec[]): SeedUser[] {
  const byEmail = new Map<string, SeedUser>();
  const codes = new Set<string>();
  const uplines: { user: SeedUser; at: At; given: unknown }[] = [];
  records.forEach((r, i) => {
    const at: At = { collection: 'users', index: i, id: r.id };
    const id = ctx.ids.get('users', r.id) ?? ctx.ids.get('users', `#${i}`)!;
    const given = first(r, 'email', 'userEmail');
    let email = str(given)?.toLowerCase() ?? null;
    if (!email || !email.includes('@')) {
      email = `user-${String(r.id ?? i).replace(/[^a-zA-Z0-9_-]/g, '')}@imported.invalid`;
      ctx.notes.problem(
        at,
        'email',
        missing(given) ? 'missing' : `${shown(given)} is not an email address`,
        `used ${email}`,
      );
    }
    const existing = byEmail.get(email);
    if (existing) {
      ctx.notes.problem(at, 'email', `${email} is also an earlier user's email`, 'merged into the earlier user');
      ctx.ids.alias('users', r.id, existing.id);
      return;
    }
    const created = ctx.date(first(r, 'createdAt', 'created_at', 'joinDate')) ?? ctx.now;
    const status =
      r.status === undefined && typeof r.isActive === 'boolean'
        ? r.isActive
          ? 'active'
          : 'inactive'
        : oneOf(ctx, at, 'status', USER_STATUSES, r.status, 'active');
    const hash = str(first(r, 'passwordHash', 'password_hash'));
    const user: SeedUser = {
      id,
      email,
      name: str(r.name),
      firstName: str(first(r, 'firstName', 'first_name')),
      lastName: str(first(r, 'lastName', 'last_name')),
      phone: str(r.phone),
      role: oneOf(ctx, at, 'role', ROLES, r.role, 'user'),
      status,
      kycStatus: oneOf(ctx, at, 'kycStatus', KYC_STATUSES, first(r, 'kycStatus', 'kyc_status'), 'pending'),
      password: typeof r.password === 'string' && r.password ? r.password : null,
      passwordHash: hash?.startsWith('$argon2') ? hash : null,
      lastLogin: ctx.date(first(r, 'lastLogin', 'last_login')),
      referralCode: referralCode(ctx, at, first(r, 'referralCode', 'referral_code'), codes),
      referredAt: ctx.date(first(r, 'referredAt', 'referred_at')),
      walletAddress: str(first(r, 'walletAddress', 'wallet_address')),
      affiliate: bool(r.affiliate),
      createdAt: created,
      updatedAt: ctx.date(first(r, 'updatedAt', 'updated_at')) ?? created,
    };
    byEmail.set(email, user);
    const upline = first(r, 'referredById', 'referred_by_id');
    if (!missing(upline)) uplines.push({ user, at, given: upline });
  });
  const users = [...byEmail.values()];
  linkReferrers(ctx, uplines, new Map(users.map((u) => [u.id, u])));
  return users;
}

/** A user's own referral code (the live format, upper case), unique; a missing one is made on first use. */
function referralCode(ctx: Ctx, at: At, value: unknown, codes: Set<string>): string | null {
  if (missing(value)) return null;
  const code = str(value)?.toUpperCase() ?? '';
  const wrong = !CODE_PATTERN.test(code)
    ? `${shown(value)} is not a referral code (10 letters and digits without 0, O, 1, I, L)`
    : codes.has(code)
      ? `${code} is also an earlier user's referral code`
      : null;
  if (wrong) {
    ctx.notes.problem(at, 'referralCode', wrong, 'left the user without one (one is made on first use)');
    return null;
  }
  codes.add(code);
  return code;
}

/** Who referred whom: an existing user, never the user themself nor in a loop (PRODUCT.md, Referrals). */
function linkReferrers(ctx: Ctx, uplines: { user: SeedUser; at: At; given: unknown }[], byId: Map<string, SeedUser>) {
  for (const { user, at, given } of uplines) {
    const referrer = byId.get(ctx.ids.get('users', given) ?? '');
    let wrong = !referrer
      ? `user ${shown(given)} does not exist`
      : referrer.id === user.id
        ? 'is the user themself'
        : null;
    for (
      let up = referrer, steps = 0;
      !wrong && up?.referredById && steps < byId.size;
      up = byId.get(up.referredById), steps++
    ) {
      if (up.referredById === user.id)
        wrong = `user ${shown(given)} is referred, directly or not, by this user (a loop)`;
    }
    if (wrong) ctx.notes.problem(at, 'referredById', wrong, 'left the user without a referrer');
    else user.referredById = referrer!.id;
  }
}

/** What a token's metadata says of the asset; anything not of its form is left out (these fields are optional). */
function assetFacts(r: Rec) {
  const valuation = money(r, ['valuationFiat', 'valuation_fiat'], ['valuationCents', 'valuation_cents']);
  const currency = str(first(r, 'valuationCurrency', 'valuation_currency'));
  const day = str(first(r, 'valuedOn', 'valued_on'));
  return {
    issuer: str(r.issuer),
    custodian: str(r.custodian),
    valuationCents: valuation !== null && valuation >= 0 ? valuation : null,
    valuationCurrency: currency && (CURRENCIES as readonly string[]).includes(currency) ? currency : null,
    valuedOn: day && isRealDate(day) ? day : null,
  };
}

/** "Requires verified holders": true or false as given; missing, the type's default (on for bonds and real estate). */
function verifiedHolders(ctx: Ctx, at: At, r: Rec, rwaType: string): boolean {
  const given = first(r, 'requiresVerifiedHolders', 'requires_verified_holders');
  if (typeof given === 'boolean') return given;
  const fallback = requiresVerifiedHoldersByDefault(rwaType);
  if (!missing(given))
    ctx.notes.problem(at, 'requiresVerifiedHolders', `${shown(given)} is not true or false`, `used ${fallback}`);
  return fallback;
}

export function parseProducts(ctx: Ctx, records: Rec[]): SeedProduct[] {
  const skus = new Set<string>();
  return records.map((r, i) => {
    const at: At = { collection: 'products', index: i, id: r.id };
    const id = ctx.ids.get('products', r.id) ?? ctx.ids.get('products', `#${i}`)!;
    let sku = str(r.sku) ?? `SKU-${String(r.id ?? i + 1).toUpperCase()}`;
    if (!str(r.sku)) ctx.notes.problem(at, 'sku', 'missing', `used ${sku}`);
    const asGiven = sku;
    for (let n = 2; skus.has(sku.toLowerCase()); n++) sku = `${str(r.sku) ?? 'SKU'}-${n}`;
    if (sku !== asGiven)
      ctx.notes.problem(at, 'sku', `${shown(asGiven)} is also an earlier product's SKU`, `renamed it ${sku}`);
    skus.add(sku.toLowerCase());
    const priceGiven = first(r, 'priceFiat', 'price', 'price_fiat', 'priceFiatCents', 'price_fiat_cents');
    let price = money(r, ['priceFiat', 'price', 'price_fiat'], ['priceFiatCents', 'price_fiat_cents']);
    if (price === null || price < 0) {
      const why = missing(priceGiven)
        ? 'missing'
        : price === null
          ? `${shown(priceGiven)} is not an amount`
          : `${shown(priceGiven)} is negative`;
      ctx.notes.problem(at, 'priceFiat', why, 'used 0');
      price = 0;
    }
    if (!str(first(r, 'title', 'name'))) ctx.notes.problem(at, 'title', 'missing', 'used "Untitled product"');
    const created = ctx.date(first(r, 'createdAt', 'created_at')) ?? ctx.now;
    const cryptoGiven = first(r, 'priceCrypto', 'price_crypto');
    const crypto = plainDecimal(cryptoGiven ?? '0');
    if (!crypto || crypto.startsWith('-'))
      ctx.notes.problem(at, 'priceCrypto', `${shown(cryptoGiven)} is not an amount of at least 0`, 'used 0');
    const tokenId = tokenText(first(r, 'tokenId', 'token_id'));
    const policy = first(r, 'redeemPolicy', 'redeem_policy');
    const rwaType = oneOf(ctx, at, 'rwaType', RWA_TYPES, first(r, 'rwaType', 'rwa_type'), 'commodity');
    return {
      id,
      sku,
      title: str(first(r, 'title', 'name')) ?? 'Untitled product',
      description: str(r.description),
      category: str(r.category),
      image: str(first(r, 'image', 'imageUrl')),
      imageThumb: str(first(r, 'imageThumb', 'image_thumb')),
      priceFiatCents: price,
      priceCrypto: crypto && !crypto.startsWith('-') ? crypto : '0',
      rwaType,
      requiresVerifiedHolders: verifiedHolders(ctx, at, r, rwaType),
      chainId: int(first(r, 'chainId', 'chain_id')) ?? 11155111,
      contract: str(r.contract),
      tokenType: str(first(r, 'tokenType', 'token_type')) ?? 'ERC1155',
      tokenId,
      redeemPolicy: policy && typeof policy === 'object' ? policy : null,
      stock: count(ctx, at, 'stock', r.stock),
      status: oneOf(ctx, at, 'status', PRODUCT_STATUSES, r.status, 'draft'),
      minMemberLevel: memberLevel(ctx, at, first(r, 'minMemberLevel', 'min_member_level')),
      ...assetFacts(r),
      createdAt: created,
      updatedAt: ctx.date(first(r, 'updatedAt', 'updated_at')) ?? created,
    };
  });
}

type Line = Rec & { orderId?: unknown };

export function parseOrders(
  ctx: Ctx,
  records: Rec[],
  lineRecords: Line[],
  userRows: SeedUser[],
  productRows: SeedProduct[],
) {
  const usersById = new Map(userRows.map((u) => [u.id, u]));
  const usersByEmail = new Map(userRows.map((u) => [u.email, u]));
  const productsById = new Map(productRows.map((p) => [p.id, p]));
  const linesByOrder = new Map<string, { line: Line; at: At }[]>();
  lineRecords.forEach((line, index) => {
    const at: At = { collection: 'orderItems', index, id: line.id };
    const orderId = ctx.ids.get('orders', first(line, 'orderId', 'order_id'));
    if (!orderId) ctx.notes.problem(at, 'orderId', 'missing', 'skipped the line');
    else linesByOrder.set(orderId, [...(linesByOrder.get(orderId) ?? []), { line, at }]);
  });
  const orders: SeedOrder[] = [];
  const items: SeedOrderItem[] = [];
  const seen = new Set<string>();
  records.forEach((r, i) => {
    const at: At = { collection: 'orders', index: i, id: r.id };
    const id = ctx.ids.get('orders', r.id) ?? ctx.ids.get('orders', `#${i}`)!;
    if (seen.has(id))
      return ctx.notes.problem(at, 'id', `${shown(r.id)} is also an earlier order's id`, 'skipped the order');
    // A guest's order (an export writes `"guest": true`) belongs to no account, only to its customer email.
    const guestEmail = r.guest === true ? str(first(r, 'customerEmail', 'customer_email'))?.toLowerCase() : undefined;
    if (r.guest === true && !guestEmail?.includes('@'))
      return ctx.notes.problem(at, 'customerEmail', "a guest's order needs a customer email", 'skipped the order');
    const user = guestEmail ? { id: null, email: guestEmail } : findUser(ctx, at, r, usersById, usersByEmail, userRows);
    if (!user)
      return ctx.notes.problem(
        at,
        'userId',
        'names no user of the file and the order has no customer email',
        'skipped the order',
      );
    seen.add(id);
    const embedded = Array.isArray(r.items)
      ? r.items.filter((x): x is Rec => !!x && typeof x === 'object').map((line) => ({ line, at }))
      : [];
    const direct = r.productId !== undefined ? [{ line: { productId: r.productId, qty: r.qty } as Rec, at }] : [];
    const lines = [...embedded, ...(linesByOrder.get(id) ?? [])];
    const orderLines = (lines.length ? lines : direct).flatMap(({ line, at: where }) =>
      parseLine(ctx, where, id, line, productsById),
    );
    const status = oneOf(ctx, at, 'status', ORDER_STATUSES, r.status, 'pending');
    const created = ctx.date(first(r, 'createdAt', 'created_at', 'date')) ?? ctx.now;
    const paid = ['paid', 'fulfilled', 'refunded'].includes(status);
    const paidAt = ctx.date(first(r, 'paidAt', 'paid_at')) ?? (paid ? created : null);
    const fulfilledAt = ctx.date(first(r, 'fulfilledAt', 'fulfilled_at')) ?? (status === 'fulfilled' ? paidAt : null);
    const lineSum = orderLines.reduce((s, l) => s + l.lineTotalCents, 0);
    const amount = money(r, ['amountFiat', 'totalFiat', 'total', 'amount'], ['amountCents', 'amount_cents']);
    if (amount !== null && amount < 0)
      ctx.notes.problem(
        at,
        'amountFiat',
        `${shown(first(r, 'amountFiat', 'totalFiat', 'total', 'amount', 'amountCents', 'amount_cents'))} is negative`,
        'used the sum of its lines',
      );
    const part = (field: string, snake: string) => {
      const cents = money(r, [`${field}Fiat`], [`${field}Cents`, snake]);
      if (cents !== null && cents < 0)
        ctx.notes.problem(
          at,
          `${field}Fiat`,
          `${shown(first(r, `${field}Fiat`, `${field}Cents`, snake))} is negative`,
          'used 0',
        );
      return cents === null ? null : Math.max(0, cents);
    };
    orders.push({
      id,
      userId: user.id,
      customerEmail: user.email,
      status,
      subtotalCents: part('subtotal', 'subtotal_cents'),
      discountCents: part('discount', 'discount_cents') ?? 0,
      // The member level's part of the discount (never more than the discount itself).
      memberDiscountCents: Math.min(
        part('memberDiscount', 'member_discount_cents') ?? 0,
        part('discount', 'discount_cents') ?? 0,
      ),
      taxCents: part('tax', 'tax_cents') ?? 0,
      shippingCents: part('shipping', 'shipping_cents') ?? 0,
      expiresAt: ctx.date(first(r, 'expiresAt', 'expires_at')),
      qty: int(r.qty) ?? (orderLines.reduce((s, l) => s + l.qty, 0) || 1),
      amountCents: amount !== null && amount >= 0 ? amount : lineSum,
      currency: str(r.currency)?.toUpperCase() ?? 'USD',
      couponCode: str(first(r, 'couponCode', 'coupon_code')),
      referrerId: orderReferrer(ctx, at, first(r, 'referrerId', 'referrer_id'), user.id, usersById),
      walletAddress: str(first(r, 'walletAddress', 'wallet_address')),
      test: bool(r.test),
      createdAt: created,
      updatedAt: ctx.date(first(r, 'updatedAt', 'updated_at')) ?? fulfilledAt ?? paidAt ?? created,
      paidAt,
      fulfilledAt,
    });
    items.push(...orderLines);
  });
  for (const [orderId, lines] of linesByOrder) {
    if (seen.has(orderId)) continue;
    for (const { line, at } of lines)
      ctx.notes.problem(
        at,
        'orderId',
        `order ${shown(first(line, 'orderId', 'order_id'))} does not exist`,
        'skipped the line',
      );
  }
  return { orders, items };
}

/** The level-1 referrer an order earns for: a user of the file, not the buyer. */
function orderReferrer(
  ctx: Ctx,
  at: At,
  given: unknown,
  buyerId: string | null,
  usersById: Map<string, SeedUser>,
): string | null {
  if (missing(given)) return null;
  const id = ctx.ids.get('users', given);
  const wrong =
    !id || !usersById.has(id) ? `user ${shown(given)} does not exist` : id === buyerId ? 'is the buyer' : null;
  if (wrong) ctx.notes.problem(at, 'referrerId', wrong, 'left the order without a referrer');
  return wrong ? null : id;
}

function findUser(
  ctx: Ctx,
  at: At,
  r: Rec,
  byId: Map<string, SeedUser>,
  byEmail: Map<string, SeedUser>,
  userRows: SeedUser[],
) {
  const given = first(r, 'userId', 'user_id', 'customerId');
  const id = ctx.ids.get('users', given);
  if (id && byId.has(id)) return byId.get(id)!;
  if (!missing(given))
    ctx.notes.problem(at, 'userId', `user ${shown(given)} does not exist`, 'used the customer email');
  const customer = r.customer && typeof r.customer === 'object' ? (r.customer as Rec) : {};
  const email = str(first(r, 'customerEmail', 'customer_email', 'userEmail', 'email') ?? customer.email)?.toLowerCase();
  if (!email || !email.includes('@')) return null;
  const known = byEmail.get(email);
  if (known) return known;
  ctx.notes.add('orders: created a shopper account for a customer email that had no user record.');
  const user: SeedUser = {
    id: ctx.ids.get('users', `email:${email}`)!,
    email,
    name: str(first(r, 'customerName') ?? customer.name),
    role: 'user',
    status: 'active',
    kycStatus: 'pending',
    password: null,
    passwordHash: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  userRows.push(user);
  byId.set(user.id, user);
  byEmail.set(email, user);
  return user;
}

function parseLine(ctx: Ctx, at: At, orderId: string, l: Rec, products: Map<string, SeedProduct>): SeedOrderItem[] {
  const given = first(l, 'productId', 'product_id');
  const product = products.get(ctx.ids.get('products', given) ?? '');
  if (!product) {
    ctx.notes.problem(
      at,
      'productId',
      missing(given) ? 'missing' : `product ${shown(given)} does not exist`,
      'skipped the line',
    );
    return [];
  }
  const qty = Math.max(1, int(first(l, 'qty', 'quantity')) ?? 1);
  const unit =
    money(l, ['unitPriceFiat', 'unitPrice', 'priceFiat', 'price'], ['unitPriceCents', 'unit_price_cents']) ??
    product.priceFiatCents;
  const total = money(l, ['lineTotalFiat', 'totalFiat', 'total'], ['lineTotalCents', 'line_total_cents']);
  return [
    {
      ...(str(l.id) || typeof l.id === 'number' ? { id: ctx.ids.get('orderItems', l.id)! } : {}),
      orderId,
      productId: product.id,
      title: str(l.title) ?? product.title,
      sku: str(l.sku) ?? product.sku,
      qty,
      unitPriceCents: unit,
      lineTotalCents: total ?? unit * qty,
      // A line that says whether it is tokenised (an export) carries its own token; otherwise the product's is used.
      ...(typeof l.tokenised === 'boolean'
        ? {
            tokenised: l.tokenised,
            chainId: int(first(l, 'chainId', 'chain_id')),
            contract: str(l.contract),
            tokenId: tokenText(first(l, 'tokenId', 'token_id')),
          }
        : {
            tokenised: !!product.contract,
            chainId: product.contract ? (product.chainId ?? null) : null,
            contract: product.contract ?? null,
            tokenId: product.tokenId ?? null,
          }),
    },
  ];
}

export function parsePayments(ctx: Ctx, records: Rec[], orderRows: SeedOrder[], userRows: SeedUser[]): SeedPayment[] {
  const ordersById = new Map(orderRows.map((o) => [o.id, o]));
  const userIds = new Set(userRows.map((u) => u.id));
  return records.map((r, i) => {
    const at: At = { collection: 'payments', index: i, id: r.id };
    const rawOrder = first(r, 'orderId', 'order_id');
    const order = ordersById.get(ctx.ids.get('orders', rawOrder) ?? '');
    if (rawOrder !== undefined && !order)
      ctx.notes.problem(at, 'orderId', `order ${shown(rawOrder)} does not exist`, 'stored without an order');
    const userId = ctx.ids.get('users', first(r, 'userId', 'user_id', 'customerId'));
    const method = str(first(r, 'method', 'provider'))?.toLowerCase() ?? 'bank';
    const status = oneOf(ctx, at, 'status', PAYMENT_STATUSES, r.status, 'pending');
    const amount = money(r, ['amountFiat', 'amount'], ['amountCents', 'amount_cents']) ?? order?.amountCents ?? 0;
    if (amount < 0)
      ctx.notes.problem(
        at,
        'amountFiat',
        `${shown(first(r, 'amountFiat', 'amount', 'amountCents', 'amount_cents'))} is negative`,
        'used 0',
      );
    const refunded = money(r, ['refundedFiat', 'refundedAmount'], ['refundedCents', 'refunded_cents']);
    const created = ctx.date(first(r, 'createdAt', 'created_at')) ?? order?.paidAt ?? order?.createdAt ?? ctx.now;
    const done = status === 'completed' || status === 'refunded';
    return {
      id: ctx.ids.get('payments', r.id) ?? ctx.ids.get('payments', `#${i}`)!,
      orderId: order?.id ?? null,
      userId: userId && userIds.has(userId) ? userId : (order?.userId ?? null),
      method,
      provider: str(r.provider)?.toLowerCase() ?? method,
      amountCents: Math.max(0, amount),
      refundedCents: Math.max(0, refunded ?? (status === 'refunded' ? amount : 0)),
      currency: str(r.currency)?.toUpperCase() ?? order?.currency ?? 'USD',
      status,
      reference: str(first(r, 'reference', 'transactionId')),
      url: str(r.url),
      test: bool(r.test),
      returnUrl: str(first(r, 'returnUrl', 'return_url')),
      cancelUrl: str(first(r, 'cancelUrl', 'cancel_url')),
      createdAt: created,
      updatedAt: ctx.date(first(r, 'updatedAt', 'updated_at')) ?? created,
      completedAt: ctx.date(first(r, 'completedAt', 'completed_at')) ?? (done ? created : null),
    };
  });
}

/** A user of the file named by `field` (optional), or null with a problem when it names none. */
export function userRef(ctx: Ctx, at: At, r: Rec, field: string, userIds: Set<string>): string | null {
  const given = first(r, field);
  if (missing(given)) return null;
  const id = ctx.ids.get('users', given);
  if (id && userIds.has(id)) return id;
  ctx.notes.problem(at, field, `user ${shown(given)} does not exist`, 'left it empty');
  return null;
}

/** Coupons: codes unique whatever their case, terms that fit together (the rules of server/modules/coupons/policy.ts). */
export function parseCoupons(ctx: Ctx, records: Rec[], userIds: Set<string>): SeedCoupon[] {
  const codes = new Set<string>();
  return records.flatMap((r, i) => {
    const at: At = { collection: 'coupons', index: i, id: r.id };
    const code = str(r.code);
    const skip = (field: string, message: string) => (ctx.notes.problem(at, field, message, 'skipped the coupon'), []);
    if (!code) return skip('code', 'missing');
    if (codes.has(code.toLowerCase())) return skip('code', `${shown(code)} is also an earlier coupon's code`);
    codes.add(code.toLowerCase());
    const discountType = oneOf(
      ctx,
      at,
      'discountType',
      DISCOUNT_TYPES,
      first(r, 'discountType', 'discount_type'),
      'percentage',
    );
    const valueGiven = first(r, 'discountValue', 'discount_value');
    const discountValue = decimalToCents(valueGiven);
    if (discountValue === null)
      return skip('discountValue', missing(valueGiven) ? 'missing' : `${shown(valueGiven)} is not a number`);
    const limit = (field: string) => {
      const given = first(r, field);
      if (missing(given)) return null;
      const n = int(given);
      if (n !== null && n >= 1) return n;
      ctx.notes.problem(at, field, `${shown(given)} is not a whole number of at least 1`, 'left it unlimited');
      return null;
    };
    const created = ctx.date(first(r, 'createdAt', 'created_at')) ?? ctx.now;
    const coupon = {
      id: ctx.ids.get('coupons', r.id) ?? ctx.ids.get('coupons', `#${i}`)!,
      code,
      description: str(r.description),
      discountType,
      discountValue,
      usageLimit: limit('usageLimit'),
      perCustomerLimit: limit('perCustomerLimit'),
      minimumSubtotalCents: money(
        r,
        ['minimumSubtotalFiat', 'minimumSubtotal'],
        ['minimumSubtotalCents', 'minimum_subtotal_cents'],
      ),
      startDate: ctx.date(first(r, 'startDate', 'start_date')),
      endDate: ctx.date(first(r, 'endDate', 'end_date')),
      usedCount: count(ctx, at, 'usedCount', first(r, 'usedCount', 'used_count')),
      reservedCount: count(ctx, at, 'reservedCount', first(r, 'reservedCount', 'reserved_count')),
      createdBy: userRef(ctx, at, r, 'createdBy', userIds),
      createdAt: created,
      updatedAt: ctx.date(first(r, 'updatedAt', 'updated_at')) ?? created,
    };
    const wrong = Object.entries(termProblems(coupon));
    for (const [field, said] of wrong) ctx.notes.problem(at, field, sentenceOf(said), 'skipped the coupon');
    return wrong.length ? [] : [{ ...coupon, discountValue: centsText(discountValue) }];
  });
}
