import { randomUUID, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CheckoutOrder, CheckoutSession } from '../../../src/common/checkout.js';
import type { CheckoutSessionInput } from '../../../src/common/checkout.schemas.js';
import type { Settings } from '../../../src/common/settings.js';
import type { Db, Queryable, Tx } from '../../db/client.js';
import { toCents } from '../../../src/common/money.js';
import { orders, users } from '../../db/schema.js';
import { newToken, sha256 } from '../../lib/crypto.js';
import { AppError, notFound, unauthorized, unprocessable } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import { normaliseEmail } from '../auth/service.js';
import { couponRefusal, priceCartFor } from '../cart/service.js';
import type { PricedCart } from '../cart/pricing.js';
import { invalidateDashboard } from '../dashboard/service.js';
import { holdsSince } from '../coupons/holds.js';
import { holdCouponUse, pendingOrderRow, takeStock, walletProblem } from '../orders/pending.js';
import { emitOrderEvent } from '../orders/service.js';
import { openPayment, startPayment } from '../payments/open.js';
import { cryptoDepositOf } from '../payments/service.js';
import { referrerOfCode } from '../referrals/service.js';
import type { Providers } from '../payments/providers/index.js';
import { withParts } from '../shop/service.js';
import { auditEntry } from '../audit/service.js';
import { kycCheckoutRefusal } from '../kyc/policy.js';
import { mayPoll } from './policy.js';
import { presentCheckoutOrder, presentSession } from './present.js';
import { writeCheckout } from './statement.js';
import type { KeptAnswer } from '../../lib/idempotency.js';

/** A cart that cannot be bought as asked: the first line's or the coupon's sentence, each field named. */
function refusal(price: PricedCart) {
  const lines = price.lines.flatMap((l, i) => (l.error ? [[`items.${i}`, l.error] as const] : []));
  if (lines.length > 0) return unprocessable(lines[0]![1], undefined, Object.fromEntries(lines), 'cart_invalid');
  const coupon = couponRefusal(price);
  if (coupon) return coupon;
  if (!Number.isSafeInteger(price.totalCents))
    return unprocessable('amount_too_large', undefined, { items: 'total_too_large_field' });
  return null;
}

/**
 * The KYC threshold (setting kycRequiredAbove): a cart with a token line and a total above it needs a logged-in buyer
 * whose identity is verified (approved or verified); a guest is told to sign in and verify.
 */
async function kycRefusal(tx: Queryable, settings: Settings, price: PricedCart, caller: AuthUser | null) {
  if (settings.kycRequiredAbove === null) return null;
  const limitCents = toCents(settings.kycRequiredAbove);
  const hasTokens = price.lines.some((l) => l.tokenised);
  if (!hasTokens || price.totalCents <= limitCents) return null;
  const [buyer] = caller
    ? await tx.select({ kycStatus: users.kycStatus }).from(users).where(eq(users.id, caller.id))
    : [];
  const refusal = kycCheckoutRefusal(
    limitCents,
    price.totalCents,
    hasTokens,
    caller ? (buyer?.kycStatus ?? 'pending') : null,
    `${settings.kycRequiredAbove.toFixed(2)} ${price.currency}`,
  );
  return refusal
    ? new AppError(403, refusal, undefined, { items: refusal }, caller ? 'kyc_required' : 'kyc_sign_in_required')
    : null;
}

/** `origin`: the site's address, for providers whose page is elsewhere and sends the buyer back (server/lib/site.ts). */
export type CheckoutDeps = { db: Db; settings: Settings; providers: Providers; origin?: string };

/**
 * A checkout, in one transaction: the cart priced from the stored products, stock and a coupon use held, the order
 * (pending, expiring after `checkoutTtlMinutes`) and its pending payment, and the provider's page to pay on.
 * Anything refused leaves nothing behind. Call checkoutDone() once it has committed. `keep`: the answer to keep with
 * the order's write (an Idempotency-Key's), when the answer is known by then (not for crypto, whose deposit address
 * comes after).
 */
export async function checkoutIn(
  tx: Tx,
  { settings, providers, origin }: CheckoutDeps,
  input: CheckoutSessionInput,
  caller: AuthUser | null,
  now = new Date(),
  keep: (session: CheckoutSession) => KeptAnswer | null = () => null,
): Promise<CheckoutSession> {
  const driver = providers.get(input.provider);
  const email = normaliseEmail(input.email);
  const secret = newToken();
  const price = await priceCartFor(tx, settings, input, caller ? { userId: caller.id } : { email }, now);
  const refused = refusal(price);
  if (refused) throw refused;
  const wallet = walletProblem(input.walletAddress, price.lines.find((l) => l.tokenised)?.title ?? null);
  if (wallet) throw wallet;
  const kyc = await kycRefusal(tx, settings, price, caller);
  if (kyc) throw kyc;
  if (price.found)
    await holdCouponUse(
      tx,
      price.found,
      caller ? { userId: caller.id } : { email },
      holdsSince(settings.couponHoldMinutes, now),
    );
  await takeStock(
    tx,
    price.lines.map((l) => ({ productId: l.productId, qty: l.qty, title: l.title! })),
    now,
  );
  const pending = {
    id: randomUUID(),
    userId: caller?.id ?? null,
    customerEmail: email,
    walletAddress: input.walletAddress,
    price,
    products: price.products,
    referrerId: caller ? undefined : await referrerOfCode(tx, input.referralCode, null),
    test: driver.testMode,
    expiresAt: new Date(now.getTime() + settings.checkoutTtlMinutes * 60_000),
    checkoutSecretHash: sha256(secret),
  };
  const auditData = auditEntry('order', { provider: driver.name, items: input.items, couponCode: input.couponCode });
  const urls = { returnUrl: input.returnUrl, cancelUrl: input.cancelUrl, origin };
  if (driver.name === 'crypto') {
    // The crypto provider prices the payment from the stored order's lines: the order first, then its payment.
    const order = await writeCheckout(tx, { order: pending, payment: null, actor: caller, now, kept: null, auditData });
    const { payment } = await openPayment(tx, driver, order, urls, caller, now);
    await emitOrderEvent(tx, 'order.created', order.id);
    const deposit = await cryptoDepositOf(tx, payment.id, providers.confirmations);
    return presentSession(
      order,
      payment,
      secret,
      deposit && {
        depositAddress: deposit.depositAddress,
        amount: deposit.amount,
        chainId: deposit.chainId,
        symbol: deposit.symbol,
      },
    );
  }
  // Everything else in one statement: the provider's page is known before anything is stored.
  const row = pendingOrderRow(pending, pending.id);
  const started = await startPayment(tx, driver, row, urls, now);
  const kept = keep(presentSession(row, started.row, secret));
  const order = await writeCheckout(tx, { order: pending, payment: started.row, actor: caller, now, kept, auditData });
  await started.afterInsert?.({ tx, now });
  await emitOrderEvent(tx, 'order.created', order.id);
  return presentSession(order, started.row, secret);
}

/** After a checkout's transaction has committed. */
export const checkoutDone = () => invalidateDashboard();

/** checkoutIn in a transaction of its own. */
export async function createCheckout(
  deps: CheckoutDeps,
  input: CheckoutSessionInput,
  caller: AuthUser | null,
  now = new Date(),
): Promise<CheckoutSession> {
  const session = await deps.db.transaction((tx) => checkoutIn(tx, deps, input, caller, now));
  checkoutDone();
  return session;
}

/** Whether `secret` is the one the checkout answered for an order (stored as its hash). */
export const sameSecret = (secret: string, hash: string | null) =>
  !!hash && timingSafeEqual(Buffer.from(sha256(secret)), Buffer.from(hash));

/** The buyer's view of an order: theirs by login or by the checkout's secret; anyone else reads "not found". */
export async function getCheckoutOrder(
  db: Db,
  id: string,
  caller: AuthUser | null,
  secret: string | null,
): Promise<CheckoutOrder> {
  if (!caller && !secret) throw unauthorized('checkout_secret_required');
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!order || !mayPoll(order, caller, !!secret && sameSecret(secret, order.checkoutSecretHash)))
    throw notFound('order_not_found');
  const [shopOrder] = await withParts(db, [order]);
  return presentCheckoutOrder(order, shopOrder!);
}
