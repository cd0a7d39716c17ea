import { rejectReason as reasonText } from '../../src/common/commissions.schemas.js';
import {
  COMMISSION_STATUSES,
  PAYOUT_METHODS,
  PAYOUT_STATUSES,
  REFERRAL_LEVELS,
  TRANSFER_STATES,
} from '../../src/common/referrals.js';
import { commissionBase, commissionCents, ratePpm, rateText } from '../modules/commissions/policy.js';
import type { At } from './format.js';
import { first, int, missing, money, oneOf, shown, str, userRef, type Ctx, type Rec } from './records.js';
import type { SeedChainTransaction, SeedCommission, SeedOrder, SeedPayout, SeedReferralClick } from './types.js';

/**
 * The referral network's records for parseSeedFile: clicks on referral links, payouts and commissions. Who referred
 * whom is on the users (`referredById`) and each order's level-1 referrer on the order (`referrerId`).
 */

const PAID = ['paid', 'fulfilled', 'refunded'];

/** The user a record belongs to (required): its id, or null with a problem and the record skipped. */
function owner(ctx: Ctx, at: At, r: Rec, field: string, userIds: Set<string>, what: string): string | null {
  const given = first(r, field);
  const id = ctx.ids.get('users', given);
  if (id && userIds.has(id)) return id;
  ctx.notes.problem(
    at,
    field,
    missing(given) ? 'missing' : `user ${shown(given)} does not exist`,
    `skipped the ${what}`,
  );
  return null;
}

/** A fiat amount of at least 0 (`<field>Fiat` or `<field>Cents`), or null when it is missing. */
function amount(ctx: Ctx, at: At, r: Rec, field: string): number | null {
  const given = first(r, `${field}Fiat`, `${field}Cents`);
  const cents = money(r, [`${field}Fiat`], [`${field}Cents`]);
  if (cents !== null && cents >= 0) return cents;
  if (!missing(given))
    ctx.notes.problem(at, `${field}Fiat`, `${shown(given)} is not an amount of at least 0`, 'used 0');
  return missing(given) ? null : 0;
}

export function parseReferralClicks(ctx: Ctx, records: Rec[], userIds: Set<string>): SeedReferralClick[] {
  return records.flatMap((r, i) => {
    const at: At = { collection: 'referralClicks', index: i, id: r.id };
    const referrerId = owner(ctx, at, r, 'referrerId', userIds, 'click');
    const visitorHash = str(first(r, 'visitorHash', 'visitor_hash'));
    if (!visitorHash) ctx.notes.problem(at, 'visitorHash', 'missing', 'skipped the click');
    return referrerId && visitorHash
      ? [{ referrerId, visitorHash, createdAt: ctx.date(first(r, 'createdAt', 'created_at')) ?? ctx.now }]
      : [];
  });
}

/** Payouts: amount = gross − deducted; the commissions they hold or paid name them (parseCommissions). */
/** Wei as whole-number text (too large for a JSON number), or null with a problem. */
function wholeWei(ctx: Ctx, at: At, value: unknown): string | null {
  if (missing(value)) return null;
  const text = str(value);
  if (text && /^\d+$/.test(text)) return text;
  ctx.notes.problem(at, 'amountWei', `${shown(value)} is not a whole number of wei`, 'left it empty');
  return null;
}

export function parsePayouts(
  ctx: Ctx,
  records: Rec[],
  userIds: Set<string>,
  transactions: SeedChainTransaction[] = [],
): SeedPayout[] {
  const rawOf = new Map(transactions.map((t) => [t.hash, t.raw]));
  return records.flatMap((r, i) => {
    const at: At = { collection: 'payouts', index: i, id: r.id };
    const recipientId = owner(ctx, at, r, 'recipientId', userIds, 'payout');
    if (!recipientId) return [];
    const gross = amount(ctx, at, r, 'gross') ?? 0;
    const deducted = amount(ctx, at, r, 'deducted') ?? 0;
    const net = amount(ctx, at, r, 'amount') ?? gross - deducted;
    if (net !== gross - deducted)
      ctx.notes.problem(
        at,
        'amountFiat',
        `${shown(first(r, 'amountFiat', 'amountCents'))} is not gross − deducted`,
        'used gross − deducted',
      );
    const created = ctx.date(first(r, 'createdAt', 'created_at')) ?? ctx.now;
    const requestedBy = userRef(ctx, at, r, 'requestedBy', userIds);
    const approvedBy = userRef(ctx, at, r, 'approvedBy', userIds);
    // Dual control, as live: nobody approves a payout they asked for or are paid by.
    if (approvedBy && (approvedBy === requestedBy || approvedBy === recipientId)) {
      ctx.notes.problem(
        at,
        'approvedBy',
        `${shown(first(r, 'approvedBy'))} ${approvedBy === recipientId ? 'is paid by' : 'asked for'} this payout and cannot approve it`,
        'skipped the payout',
      );
      return [];
    }
    return [
      {
        id: ctx.ids.get('payouts', r.id) ?? ctx.ids.get('payouts', `#${i}`)!,
        recipientId,
        grossCents: gross,
        deductedCents: deducted,
        amountCents: gross - deducted,
        currency: str(r.currency)?.toUpperCase() ?? 'USD',
        status: oneOf(ctx, at, 'status', PAYOUT_STATUSES, r.status, 'pending'),
        method: oneOf(ctx, at, 'method', PAYOUT_METHODS, r.method, 'bank'),
        reference: str(r.reference),
        walletAddress: str(first(r, 'walletAddress', 'wallet_address')),
        chainId: int(first(r, 'chainId', 'chain_id')),
        txHash: str(first(r, 'txHash', 'tx_hash')),
        note: str(r.note),
        // A transfer sent on chain: what was sent, at which rate, and its signed bytes from chainTransactions.
        amountWei: wholeWei(ctx, at, r.amountWei),
        tokenRate: str(r.tokenRate),
        sender: str(r.sender),
        nonce: int(r.nonce),
        signedTx: rawOf.get(str(first(r, 'txHash', 'tx_hash'))?.toLowerCase() ?? '') ?? null,
        transferState: missing(r.transferState)
          ? null
          : oneOf(ctx, at, 'transferState', TRANSFER_STATES, r.transferState, 'signed'),
        blockNumber: int(r.blockNumber),
        requestedBy,
        approvedBy,
        approvedAt: ctx.date(first(r, 'approvedAt', 'approved_at')),
        createdAt: created,
        updatedAt: ctx.date(first(r, 'updatedAt', 'updated_at')) ?? created,
        completedAt: ctx.date(first(r, 'completedAt', 'completed_at')),
      },
    ];
  });
}

/**
 * Commissions: one per paid order and level, its base the order's subtotal after discount and its original amount
 * rate × base, as the live engine computes them (server/modules/commissions/policy.ts). The rest (referrers, refunds,
 * payouts) is what `npm run reconcile` checks.
 */
export function parseCommissions(
  ctx: Ctx,
  records: Rec[],
  orderRows: SeedOrder[],
  payoutRows: SeedPayout[],
  userIds: Set<string>,
): SeedCommission[] {
  const ordersById = new Map(orderRows.map((o) => [o.id, o]));
  const payoutIds = new Set(payoutRows.map((p) => p.id));
  const seen = new Set<string>();
  return records.flatMap((r, i) => {
    const at: At = { collection: 'commissions', index: i, id: r.id };
    const skip = (field: string, message: string) => (
      ctx.notes.problem(at, field, message, 'skipped the commission'),
      []
    );
    const givenOrder = first(r, 'orderId', 'order_id');
    const order = ordersById.get(ctx.ids.get('orders', givenOrder) ?? '');
    if (!order) return skip('orderId', missing(givenOrder) ? 'missing' : `order ${shown(givenOrder)} does not exist`);
    if (!PAID.includes(order.status ?? ''))
      return skip('orderId', `order ${shown(givenOrder)} is ${order.status}: only a paid order earns commissions`);
    const referrerId = owner(ctx, at, r, 'referrerId', userIds, 'commission');
    if (!referrerId) return [];
    const level = int(r.level);
    if (!REFERRAL_LEVELS.includes(level as 1 | 2))
      return skip('level', `${shown(r.level)} is not one of ${REFERRAL_LEVELS.join(', ')}`);
    if (seen.has(`${order.id}/${level}`))
      return skip('level', `order ${shown(givenOrder)} already has a level-${level} commission`);
    seen.add(`${order.id}/${level}`);
    let ppm: number;
    try {
      ppm = ratePpm(typeof r.rate === 'number' ? r.rate : String(r.rate ?? ''));
      if (ppm > 1_000_000) throw new RangeError('above 1');
    } catch {
      return skip('rate', `${shown(r.rate)} is not a rate from 0 to 1`);
    }
    const base = commissionBase({
      ...order,
      subtotalCents: order.subtotalCents ?? null,
      discountCents: order.discountCents ?? 0,
      taxCents: order.taxCents ?? 0,
      shippingCents: order.shippingCents ?? 0,
    });
    const earned = commissionCents(ppm, base);
    const givenBase = amount(ctx, at, r, 'base');
    const givenOriginal = amount(ctx, at, r, 'original');
    if (givenBase !== null && givenBase !== base)
      return skip('baseFiat', `${shown(first(r, 'baseFiat', 'baseCents'))} is not its order's subtotal after discount`);
    if (givenOriginal !== null && givenOriginal !== earned)
      return skip('originalFiat', `${shown(first(r, 'originalFiat', 'originalCents'))} is not rate × base`);
    const givenPayout = first(r, 'payoutId', 'payout_id');
    const payoutId = missing(givenPayout) ? null : ctx.ids.get('payouts', givenPayout);
    if (payoutId && !payoutIds.has(payoutId)) return skip('payoutId', `payout ${shown(givenPayout)} does not exist`);
    const decidedBy = userRef(ctx, at, r, 'decidedBy', userIds);
    if (decidedBy && decidedBy === referrerId)
      return skip('decidedBy', `${shown(first(r, 'decidedBy'))} earns this commission and cannot decide it`);
    const givenReason = first(r, 'rejectReason', 'reject_reason');
    const reason = missing(givenReason) ? null : reasonText.safeParse(givenReason);
    if (reason && !reason.success) return skip('rejectReason', reason.error.issues[0]!.message);
    const created = ctx.date(first(r, 'createdAt', 'created_at')) ?? order.paidAt ?? ctx.now;
    return [
      {
        id: ctx.ids.get('commissions', r.id) ?? ctx.ids.get('commissions', `#${i}`)!,
        orderId: order.id,
        referrerId,
        level: level!,
        rate: rateText(ppm),
        baseCents: base,
        originalCents: earned,
        amountCents: amount(ctx, at, r, 'amount') ?? earned,
        currency: str(r.currency)?.toUpperCase() ?? order.currency ?? 'USD',
        status: oneOf(ctx, at, 'status', COMMISSION_STATUSES, r.status, 'pending'),
        payoutId,
        earnedAt: ctx.date(first(r, 'earnedAt', 'earned_at')) ?? order.paidAt ?? created,
        decidedAt: ctx.date(first(r, 'decidedAt', 'decided_at')),
        decidedBy,
        rejectReason: reason?.data ?? null,
        paidAt: ctx.date(first(r, 'paidAt', 'paid_at')),
        createdAt: created,
        updatedAt: ctx.date(first(r, 'updatedAt', 'updated_at')) ?? created,
      },
    ];
  });
}
