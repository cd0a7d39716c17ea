/**
 * Commissions: what a referrer earns on a paid order, and how it may move (PRODUCT.md, Lifecycles): pending → approved
 * → paid (by a payout); pending → rejected; pending or approved → reversed (the order refunded before it was paid).
 * Money is integer cents; a rate is a fraction with at most 6 decimals, kept as parts per million; rounding half-even.
 */
import { say, type Said } from '../../lib/errors.js';
import type { CommissionStatus } from '../../../src/common/referrals.js';
import { resourceAccess } from '../../lib/access.js';

export const commissionAccess = resourceAccess('commissions');
export const referralAccess = resourceAccess('referrals');

const PPM = 1_000_000n;

/** "0.05" → 50000 parts per million (at most 6 decimals, 0–1). */
export function ratePpm(rate: string | number): number {
  const text = typeof rate === 'number' ? rate.toFixed(6) : rate.trim();
  const m = /^(\d+)(?:\.(\d{0,6})\d*)?$/.exec(text);
  if (!m) throw new RangeError(`not a rate: ${text}`);
  return Number(m[1]) * 1_000_000 + Number((m[2] ?? '').padEnd(6, '0'));
}

/** 50000 → "0.050000": the numeric column's text. */
export const rateText = (ppm: number) => `${Math.floor(ppm / 1_000_000)}.${String(ppm % 1_000_000).padStart(6, '0')}`;

/** numerator ÷ denominator (both ≥ 0, denominator > 0) rounded half to even. */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  const q = numerator / denominator;
  const r = numerator % denominator;
  const twice = r * 2n;
  if (twice > denominator || (twice === denominator && q % 2n === 1n)) return q + 1n;
  return q;
}

/** rate × base, in cents, half-even. */
export const commissionCents = (ppm: number, baseCents: number) =>
  Number(divideHalfEven(BigInt(ppm) * BigInt(baseCents), PPM));

/**
 * What the commission is worth once part of the order was refunded: rate × base × (amount − refunded) ÷ amount,
 * half-even, computed from the totals each time (so repeated refunds never drift).
 */
export function reducedCents(ppm: number, baseCents: number, amountCents: number, refundedCents: number): number {
  if (amountCents <= 0) return 0;
  const left = BigInt(Math.max(0, amountCents - refundedCents));
  return Number(divideHalfEven(BigInt(ppm) * BigInt(baseCents) * left, PPM * BigInt(amountCents)));
}

export const CLAWBACK_REASONS = {
  full: 'The order was refunded in full after this commission was paid out.',
  part: 'Part of the order was refunded after this commission was paid out.',
} as const;

/**
 * The clawback a refund makes on a commission a payout holds or has paid (its order now `refundedCents` of
 * `amountCents` refunded, the commission still owing `owedCents` after earlier clawbacks): the negative difference to
 * what the rest of the order earns, or null when nothing is taken back.
 */
export function clawback(
  ppm: number,
  baseCents: number,
  amountCents: number,
  refundedCents: number,
  owedCents: number,
): { cents: number; reason: string } | null {
  const full = refundedCents >= amountCents;
  const target = full ? 0 : reducedCents(ppm, baseCents, amountCents, refundedCents);
  return target < owedCents
    ? { cents: target - owedCents, reason: full ? CLAWBACK_REASONS.full : CLAWBACK_REASONS.part }
    : null;
}

/** The base of an order's commissions: its subtotal after discount (never tax or shipping). */
export function commissionBase(o: {
  subtotalCents: number | null;
  discountCents: number;
  amountCents: number;
  taxCents: number;
  shippingCents: number;
}) {
  const subtotal = o.subtotalCents ?? o.amountCents - o.taxCents - o.shippingCents + o.discountCents;
  return Math.max(0, subtotal - o.discountCents);
}

const MOVES: Record<string, readonly CommissionStatus[]> = {
  pending: ['approved', 'rejected', 'reversed'],
  approved: ['paid', 'reversed'],
};

export const canMoveCommission = (from: string, to: CommissionStatus) => (MOVES[from] ?? []).includes(to);

/** The day a commission may be approved: `holdDays` after its order was paid, so that refunds come first. */
export const approvableAt = (earnedAt: Date, holdDays: number) => new Date(earnedAt.getTime() + holdDays * 86_400_000);

/** Until when a commission is on hold (approving it is refused until then): a pending one before `approvable`. */
export const heldUntil = (c: { status: string }, approvable: Date, now: Date): Date | null =>
  c.status === 'pending' && approvable > now ? approvable : null;

/** Why staff may not approve or reject this commission now, or null. */
export function decisionRefusal(
  c: { status: string; earnedAt: Date },
  to: 'approved' | 'rejected',
  now: Date,
  holdDays: number,
): Said | null {
  if (!canMoveCommission(c.status, to)) {
    return say('commission_not_pending', { status: c.status, to });
  }
  const held = heldUntil(c, approvableAt(c.earnedAt, holdDays), now);
  if (to === 'approved' && held) {
    return say('commission_on_hold', { date: held.toISOString().slice(0, 10), holdDays });
  }
  return null;
}

/** Why `actorId` may not decide this commission, or null: nobody approves or rejects what they earn themself. */
export function ownCommissionRefusal(
  actorId: string | null,
  c: { referrerId: string },
  to: 'approved' | 'rejected',
): Said | null {
  if (actorId === null || c.referrerId !== actorId) return null;
  return to === 'approved' ? say('own_commission_approve') : say('own_commission_reject');
}
