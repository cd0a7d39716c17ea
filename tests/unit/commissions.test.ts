import { describe, expect, it } from 'vitest';
import {
  approvableAt,
  canMoveCommission,
  clawback,
  CLAWBACK_REASONS,
  commissionBase,
  commissionCents,
  decisionRefusal,
  divideHalfEven,
  heldUntil,
  ratePpm,
  rateText,
  reducedCents,
} from '../../server/modules/commissions/policy.js';
import { CODE_PATTERN, conversionRate, newReferralCode } from '../../server/modules/referrals/policy.js';
import { english } from './said.js';

describe('commission money', () => {
  it('reads rates as parts per million and writes them back', () => {
    expect(ratePpm('0.05')).toBe(50_000);
    expect(ratePpm('0.005000')).toBe(5_000);
    expect(ratePpm('1')).toBe(1_000_000);
    expect(ratePpm(0.125)).toBe(125_000);
    expect(rateText(5_000)).toBe('0.005000');
    expect(() => ratePpm('-0.1')).toThrow();
  });

  it('rounds half to even', () => {
    expect(divideHalfEven(5n, 2n)).toBe(2n); // 2.5 → 2
    expect(divideHalfEven(7n, 2n)).toBe(4n); // 3.5 → 4
    expect(divideHalfEven(26n, 10n)).toBe(3n);
    expect(divideHalfEven(24n, 10n)).toBe(2n);
  });

  it('earns rate × base in cents, half-even', () => {
    expect(commissionCents(50_000, 10_000)).toBe(500); // 5 % of 100.00
    expect(commissionCents(5_000, 10_000)).toBe(50); // 0.5 %
    expect(commissionCents(50_000, 1_010)).toBe(50); // 50.5 → 50 (even)
    expect(commissionCents(50_000, 1_030)).toBe(52); // 51.5 → 52 (even)
    expect(commissionCents(5_000, 99)).toBe(0);
  });

  it('takes the subtotal after discount as the base, never tax or shipping', () => {
    expect(
      commissionBase({
        subtotalCents: 10_000,
        discountCents: 1_000,
        amountCents: 9_900,
        taxCents: 500,
        shippingCents: 400,
      }),
    ).toBe(9_000);
    expect(
      commissionBase({ subtotalCents: null, discountCents: 0, amountCents: 10_900, taxCents: 500, shippingCents: 400 }),
    ).toBe(10_000);
  });

  it('shrinks with the refunded share of the order, from the totals', () => {
    expect(reducedCents(50_000, 10_000, 10_000, 0)).toBe(500);
    expect(reducedCents(50_000, 10_000, 10_000, 2_500)).toBe(375);
    expect(reducedCents(50_000, 10_000, 10_000, 10_000)).toBe(0);
    // Tax and shipping in the amount: a refund of a quarter of the amount takes a quarter of the commission.
    expect(reducedCents(50_000, 8_000, 10_000, 2_500)).toBe(300);
    expect(reducedCents(50_000, 10_000, 0, 0)).toBe(0);
  });

  it('claws back from a paid commission what the rest of the order no longer earns, less earlier clawbacks', () => {
    expect(clawback(50_000, 10_000, 10_000, 2_500, 500)).toEqual({ cents: -125, reason: CLAWBACK_REASONS.part });
    // A second refund takes only what the first did not.
    expect(clawback(50_000, 10_000, 10_000, 5_000, 375)).toEqual({ cents: -125, reason: CLAWBACK_REASONS.part });
    expect(clawback(50_000, 10_000, 10_000, 10_000, 250)).toEqual({ cents: -250, reason: CLAWBACK_REASONS.full });
    expect(clawback(50_000, 10_000, 10_000, 2_500, 375)).toBeNull();
  });
});

describe('commission lifecycle', () => {
  const paid = new Date('2026-11-01T00:00:00Z');
  it('moves pending → approved → paid, pending → rejected, unpaid → reversed; nothing else', () => {
    expect(canMoveCommission('pending', 'approved')).toBe(true);
    expect(canMoveCommission('pending', 'rejected')).toBe(true);
    expect(canMoveCommission('approved', 'paid')).toBe(true);
    expect(canMoveCommission('approved', 'reversed')).toBe(true);
    expect(canMoveCommission('approved', 'rejected')).toBe(false);
    expect(canMoveCommission('paid', 'reversed')).toBe(false);
    expect(canMoveCommission('rejected', 'approved')).toBe(false);
  });

  it('holds approval for commissionHoldDays after payment', () => {
    expect(approvableAt(paid, 14).toISOString()).toBe('2026-11-15T00:00:00.000Z');
    expect(
      english(decisionRefusal({ status: 'pending', earnedAt: paid }, 'approved', new Date('2026-11-10T00:00:00Z'), 14)),
    ).toBe('This commission is on hold until 2026-11-15 (14 days after payment), so that refunds come first.');
    expect(
      decisionRefusal({ status: 'pending', earnedAt: paid }, 'approved', new Date('2026-11-16T00:00:00Z'), 14),
    ).toBeNull();
    expect(
      decisionRefusal({ status: 'pending', earnedAt: paid }, 'rejected', new Date('2026-11-02T00:00:00Z'), 14),
    ).toBeNull();
    expect(english(decisionRefusal({ status: 'paid', earnedAt: paid }, 'rejected', new Date(), 0))).toBe(
      'A paid commission cannot be rejected: only a pending one can.',
    );
  });

  it('says until when a pending commission is on hold, and nothing for one whose hold is over or that is decided', () => {
    const approvable = approvableAt(paid, 14);
    const before = new Date('2026-11-10T00:00:00Z');
    expect(heldUntil({ status: 'pending' }, approvable, before)).toEqual(approvable);
    expect(heldUntil({ status: 'pending' }, approvable, approvable)).toBeNull();
    expect(heldUntil({ status: 'pending' }, approvable, new Date('2026-11-16T00:00:00Z'))).toBeNull();
    for (const status of ['approved', 'paid', 'rejected', 'reversed'])
      expect(heldUntil({ status }, approvable, before)).toBeNull();
  });
});

describe('referral codes and conversion', () => {
  it('makes unguessable codes of 10 unambiguous symbols', () => {
    const codes = new Set(Array.from({ length: 2000 }, newReferralCode));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(CODE_PATTERN);
    expect([...codes].join('')).not.toMatch(/[01OIL]/);
  });

  it('converts buyers over unique visitors, in percent with 2 decimals', () => {
    expect(conversionRate(1, 3)).toBe(33.33);
    expect(conversionRate(2, 2)).toBe(100);
    expect(conversionRate(1, 0)).toBe(0);
  });
});
