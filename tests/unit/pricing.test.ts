import { describe, expect, it } from 'vitest';
import { say } from '../../server/lib/errors.js';
import {
  mulDivHalfEven,
  priceCart,
  type CartInput,
  type PricedProduct,
  type PricingCoupon,
} from '../../server/modules/cart/pricing.js';
import { english } from './said.js';

const now = new Date('2026-06-01T12:00:00Z');
const product = (id: string, over: Partial<PricedProduct> = {}): PricedProduct => ({
  id,
  title: `Item ${id}`,
  priceFiatCents: 10_00,
  status: 'active',
  stock: 10,
  tokenId: null,
  ...over,
});
const coupon = (over: Partial<PricingCoupon> = {}): PricingCoupon => ({
  code: 'SAVE',
  discountType: 'percentage',
  discountValue: 10_00,
  usageLimit: null,
  perCustomerLimit: null,
  minimumSubtotalCents: null,
  startDate: null,
  endDate: null,
  usedCount: 0,
  reservedCount: 0,
  ...over,
});
const rules = { taxBasisPoints: 0, shippingCents: 0, freeShippingOverCents: null, currency: 'USD' };

function price(items: CartInput['items'], over: Partial<CartInput> = {}) {
  const products = new Map(
    [
      product('a'),
      product('b', { priceFiatCents: 3_33 }),
      product('t', { tokenId: '7' }),
      product('draft', { status: 'draft' }),
      product('few', { stock: 2 }),
      product('none', { stock: 0 }),
    ].map((p) => [p.id, p]),
  );
  return priceCart({ items, products, customerUses: 0, rules, now, ...over });
}

describe('rounding', () => {
  it('rounds half to even, exactly', () => {
    expect(mulDivHalfEven(25, 1, 10)).toBe(2); // 2.5 → 2
    expect(mulDivHalfEven(35, 1, 10)).toBe(4); // 3.5 → 4
    expect(mulDivHalfEven(26, 1, 10)).toBe(3);
    expect(mulDivHalfEven(9_007_199_254_740_991, 3, 3)).toBe(9_007_199_254_740_991);
  });
});

describe('cart pricing', () => {
  it('sums the lines in cents', () => {
    const cart = price([
      { productId: 'a', qty: 2 },
      { productId: 'b', qty: 3 },
    ]);
    expect(cart.lines.map((l) => l.lineTotalCents)).toEqual([20_00, 9_99]);
    expect(cart).toMatchObject({
      subtotalCents: 29_99,
      discountCents: 0,
      taxCents: 0,
      shippingCents: 0,
      totalCents: 29_99,
      coupon: null,
    });
  });

  it('gives each bad line its sentence and leaves it out of the total', () => {
    const cart = price([
      { productId: 'a', qty: 1 },
      { productId: 'missing', qty: 1 },
      { productId: 'draft', qty: 1 },
      { productId: 'few', qty: 3 },
      { productId: 'none', qty: 1 },
    ]);
    expect(cart.lines.map((l) => english(l.error))).toEqual([
      null,
      'This product does not exist.',
      'This product does not exist.',
      'Only 2 of "Item few" left in stock.',
      '"Item none" is out of stock.',
    ]);
    expect(cart.subtotalCents).toBe(10_00);
  });

  it('counts the whole quantity of a product spread over several lines against its stock', () => {
    const cart = price([
      { productId: 'few', qty: 1 },
      { productId: 'few', qty: 2 },
    ]);
    expect(cart.lines.every((l) => english(l.error) === 'Only 2 of "Item few" left in stock.')).toBe(true);
  });

  it('applies a percentage (half to even) or a fixed coupon, never more than the subtotal', () => {
    const pct = price([{ productId: 'b', qty: 1 }], {
      coupon: { code: 'save', found: coupon({ discountValue: 15_00 }) },
    });
    expect(pct.coupon).toEqual({
      code: 'SAVE',
      valid: true,
      message: say('coupon_applies', { code: 'SAVE', off: '15%' }),
      discountCents: 50,
    }); // 49.95 → 50
    expect(pct.totalCents).toBe(2_83);
    const fixed = price([{ productId: 'a', qty: 1 }], {
      coupon: { code: 'SAVE', found: coupon({ discountType: 'fixed', discountValue: 25_00 }) },
    });
    expect(fixed).toMatchObject({ discountCents: 10_00, totalCents: 0 });
    expect(english(fixed.coupon?.message)).toBe('Coupon "SAVE" takes USD 25.00 off.');
  });

  it.each([
    [undefined, 'Coupon code "NOPE" is not valid.'],
    [coupon({ startDate: new Date('2026-07-01T00:00:00Z') }), 'Coupon "SAVE" can be used from 2026-07-01.'],
    [coupon({ endDate: new Date('2026-05-01T00:00:00Z') }), 'Coupon "SAVE" expired on 2026-05-01.'],
    [coupon({ usageLimit: 5, usedCount: 5 }), 'Coupon "SAVE" has been used up.'],
    [coupon({ usageLimit: 5, usedCount: 3, reservedCount: 2 }), 'Coupon "SAVE" has been used up.'],
    [coupon({ perCustomerLimit: 1 }), 'You have already used coupon "SAVE" as often as it allows.'],
    [coupon({ minimumSubtotalCents: 50_00 }), 'Coupon "SAVE" needs a subtotal of at least USD 50.00.'],
  ])('refuses a coupon that does not apply, with its sentence: %#', (found, message) => {
    const cart = price([{ productId: 'a', qty: 1 }], {
      coupon: { code: 'NOPE', found: found ?? null },
      customerUses: 1,
    });
    expect(cart.coupon).toMatchObject({ valid: false, discountCents: 0 });
    expect(english(cart.coupon?.message)).toBe(message);
    expect(cart.totalCents).toBe(10_00);
  });

  it('taxes the discounted subtotal and ships goods but not tokens, free above the threshold', () => {
    const taxed = { ...rules, taxBasisPoints: 8_25, shippingCents: 5_00, freeShippingOverCents: 100_00 };
    const goods = price([{ productId: 'a', qty: 2 }], { rules: taxed, coupon: { code: 'SAVE', found: coupon() } });
    expect(goods).toMatchObject({
      subtotalCents: 20_00,
      discountCents: 2_00,
      taxCents: 1_48,
      shippingCents: 5_00,
      totalCents: 24_48,
    }); // 1.485 → 1.48
    expect(price([{ productId: 't', qty: 2 }], { rules: taxed }).shippingCents).toBe(0);
    expect(price([{ productId: 'a', qty: 10 }], { rules: taxed }).shippingCents).toBe(0);
  });
});
