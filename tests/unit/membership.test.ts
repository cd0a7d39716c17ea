import { describe, expect, it } from 'vitest';
import { levelFor, levelLadderProblems, mayBuyExclusive, type MemberLevelName } from '../../src/common/membership.js';
import { priceCart, type PricedProduct, type PricingMember } from '../../server/modules/cart/pricing.js';
import {
  conversionRefusal,
  countsForLevel,
  pointsForOrder,
  pointsLeftAfterRefund,
  redemptionCost,
} from '../../server/modules/membership/policy.js';
import { shopMaySee } from '../../server/modules/shop/policy.js';
import { english } from './said.js';

const LADDER = [
  { name: 'BRONZE', minPoints: 0, minOrders: 0 },
  { name: 'SILVER', minPoints: 1000, minOrders: 2 },
  { name: 'GOLD', minPoints: 5000, minOrders: 5 },
  { name: 'PLATINUM', minPoints: 20000, minOrders: 15 },
  { name: 'DIAMOND', minPoints: 50000, minOrders: 30 },
] as { name: MemberLevelName; minPoints: number; minOrders: number }[];

describe('member levels', () => {
  it('is the highest level whose points and orders are both met', () => {
    expect(levelFor(LADDER, 0, 0)).toBe('BRONZE');
    expect(levelFor(LADDER, 999, 10)).toBe('BRONZE');
    expect(levelFor(LADDER, 1000, 2)).toBe('SILVER');
    expect(levelFor(LADDER, 60000, 4)).toBe('SILVER');
    expect(levelFor(LADDER, 60000, 30)).toBe('DIAMOND');
  });

  it('refuses a ladder whose thresholds do not rise with the order', () => {
    expect(levelLadderProblems(LADDER)).toEqual({});
    expect(levelLadderProblems(LADDER.map((l) => (l.name === 'GOLD' ? { ...l, minPoints: 1000 } : l)))).toHaveProperty(
      'GOLD',
    );
    expect(levelLadderProblems(LADDER.map((l) => (l.name === 'GOLD' ? { ...l, minOrders: 1 } : l)))).toHaveProperty(
      'GOLD',
    );
    expect(levelLadderProblems(LADDER.map((l) => (l.name === 'BRONZE' ? { ...l, minOrders: 1 } : l)))).toHaveProperty(
      'BRONZE',
    );
  });

  it('shows an exclusive product only to members of its level and above whose level has exclusive products', () => {
    expect(mayBuyExclusive(null, null)).toBe(true);
    expect(mayBuyExclusive(null, 'GOLD')).toBe(false);
    expect(mayBuyExclusive({ level: 'SILVER', exclusiveProducts: true }, 'GOLD')).toBe(false);
    expect(mayBuyExclusive({ level: 'GOLD', exclusiveProducts: true }, 'GOLD')).toBe(true);
    expect(mayBuyExclusive({ level: 'DIAMOND', exclusiveProducts: true }, 'GOLD')).toBe(true);
    expect(mayBuyExclusive({ level: 'DIAMOND', exclusiveProducts: false }, 'GOLD')).toBe(false);
  });

  it('lets a buyer see in the shop only a product on sale and not kept for a level above theirs', () => {
    const gold = { level: 'GOLD' as const, exclusiveProducts: true };
    const open = { status: 'active', minMemberLevel: null };
    const vault = { status: 'active', minMemberLevel: 'GOLD' };
    expect(shopMaySee(open, null)).toBe(true);
    expect(shopMaySee({ status: 'active' }, null)).toBe(true);
    expect(shopMaySee({ ...open, status: 'draft' }, gold)).toBe(false);
    expect(shopMaySee({ ...vault, status: 'inactive' }, gold)).toBe(false);
    expect(shopMaySee(vault, null)).toBe(false);
    expect(shopMaySee(vault, { level: 'SILVER', exclusiveProducts: true })).toBe(false);
    expect(shopMaySee(vault, { level: 'PLATINUM', exclusiveProducts: false })).toBe(false);
    expect(shopMaySee(vault, gold)).toBe(true);
    expect(shopMaySee(vault, { level: 'DIAMOND', exclusiveProducts: true })).toBe(true);
  });
});

describe('points arithmetic', () => {
  it('earns whole points, rounded down, and shrinks them with refunds from the totals', () => {
    expect(pointsForOrder(123_45, 1)).toBe(123);
    expect(pointsForOrder(99, 1)).toBe(0);
    expect(pointsForOrder(100_00, 0)).toBe(0);
    expect(pointsLeftAfterRefund(1000, 100_00, 25_00)).toBe(750);
    expect(pointsLeftAfterRefund(1000, 3_00, 1_00)).toBe(666);
    expect(pointsLeftAfterRefund(1000, 100_00, 100_00)).toBe(0);
  });

  it('costs redemptions rounded up, converts whole tokens only, and counts only earning and adjustments for levels', () => {
    expect(redemptionCost(12_34, 2, 100)).toBe(2468);
    expect(redemptionCost(1, 1, 1)).toBe(1);
    expect(conversionRefusal(300, 100)).toBeNull();
    expect(english(conversionRefusal(150, 100))).toMatch(/multiple of 100/);
    expect(
      ['EARNED', 'REVERSED', 'ADJUSTED', 'REDEEMED', 'RETURNED', 'CONVERTED'].map((t) => countsForLevel(t as never)),
    ).toEqual([true, true, true, false, false, false]);
  });
});

describe('the member discount in cart pricing', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const products = new Map<string, PricedProduct>([
    ['a', { id: 'a', title: 'Bar', priceFiatCents: 99_99, status: 'active', stock: 10, tokenId: null }],
    [
      'x',
      {
        id: 'x',
        title: 'Vault',
        priceFiatCents: 10_00,
        status: 'active',
        stock: 10,
        tokenId: null,
        minMemberLevel: 'GOLD',
      },
    ],
  ]);
  const rules = { taxBasisPoints: 10_00, shippingCents: 7_50, freeShippingOverCents: null, currency: 'USD' };
  const gold: PricingMember = { level: 'GOLD', discountBp: 5_00, freeShipping: true, exclusiveProducts: true };
  const price = (
    member: PricingMember | null,
    items = [{ productId: 'a', qty: 1 }],
    coupon?: { code: string; found: null },
  ) => priceCart({ items, products, customerUses: 0, rules, now, member, coupon });

  it('is its own line, half-even on the subtotal after the coupon, before tax; free shipping with the level', () => {
    const guest = price(null);
    expect(guest).toMatchObject({
      subtotalCents: 99_99,
      memberDiscountCents: 0,
      shippingCents: 7_50,
      taxCents: 10_00,
      totalCents: 117_49,
      member: null,
    });
    const member = price(gold);
    // 5 % of 99.99 = 4.9995 → 5.00; tax 10 % of 94.99 = 9.499 → 9.50.
    expect(member).toMatchObject({
      discountCents: 0,
      memberDiscountCents: 5_00,
      taxCents: 9_50,
      shippingCents: 0,
      totalCents: 104_49,
    });
    expect(member.member).toEqual({ level: 'GOLD', discountBp: 5_00, freeShipping: true });
    const bronze = price({ level: 'BRONZE', discountBp: 0, freeShipping: false, exclusiveProducts: false });
    expect(bronze).toMatchObject({ memberDiscountCents: 0, shippingCents: 7_50, totalCents: 117_49 });
  });

  it('answers an exclusive line below its level exactly as a product that does not exist, and prices it from it', () => {
    // The whole priced cart, but for the id asked for.
    const asked = (productId: string, member: PricingMember | null) => {
      const cart = price(member, [{ productId, qty: 1 }]);
      return { ...cart, lines: cart.lines.map((line) => ({ ...line, productId: '?' })) };
    };
    const unknown = (member: PricingMember | null) => asked('nope', member);
    expect(unknown(null).lines[0]).toEqual({
      productId: '?',
      qty: 1,
      title: null,
      unitPriceCents: null,
      lineTotalCents: 0,
      tokenised: false,
      error: { messageCode: 'product_missing' },
    });
    for (const member of [
      null,
      { ...gold, level: 'SILVER' as const },
      { ...gold, exclusiveProducts: false },
      { level: 'BRONZE' as const, discountBp: 0, freeShipping: false, exclusiveProducts: false },
    ]) {
      expect(asked('x', member)).toEqual(unknown(member));
      expect(JSON.stringify(asked('x', member))).not.toContain('Vault');
    }
    for (const member of [gold, { ...gold, level: 'DIAMOND' as const }]) {
      expect(price(member, [{ productId: 'x', qty: 1 }]).lines[0]).toMatchObject({
        title: 'Vault',
        unitPriceCents: 10_00,
        lineTotalCents: 10_00,
        error: null,
      });
    }
  });
});
