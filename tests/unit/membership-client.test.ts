import { describe, expect, it } from 'vitest';
import { affordableTokens, couponDiscount } from '../../src/lib/membership';
import { orderTotals } from '../../src/shop/totals';

describe('affordableTokens', () => {
  it('counts whole tokens only', () => {
    expect(affordableTokens(1000, 100)).toBe(10);
    expect(affordableTokens(1099, 100)).toBe(10);
    expect(affordableTokens(99, 100)).toBe(0);
  });

  it('is 0 for no points or a rate that is not a positive whole number', () => {
    expect(affordableTokens(0, 100)).toBe(0);
    expect(affordableTokens(-50, 100)).toBe(0);
    expect(affordableTokens(1000, 0)).toBe(0);
    expect(affordableTokens(1000, -5)).toBe(0);
    expect(affordableTokens(1000, 2.5)).toBe(0);
    expect(affordableTokens(Number.NaN, 100)).toBe(0);
  });
});

describe('orderTotals', () => {
  it('splits a stored order’s discount into the coupon’s and the member’s without float error', () => {
    const order = {
      subtotal: 100.3,
      discount: 15.4,
      memberDiscount: 5.1,
      tax: 8.5,
      shipping: 0,
      amountFiat: 93.4,
      currency: 'USD',
    };
    expect(orderTotals(order)).toEqual({
      subtotal: 100.3,
      discount: 10.3,
      memberDiscount: 5.1,
      tax: 8.5,
      shipping: 0,
      total: 93.4,
      currency: 'USD',
    });
  });

  it('leaves the whole discount to the coupon when the member had none, and 0 when neither did', () => {
    expect(
      orderTotals({
        subtotal: 50,
        discount: 5,
        memberDiscount: 0,
        tax: 0,
        shipping: 4.99,
        amountFiat: 49.99,
        currency: 'EUR',
      }).discount,
    ).toBe(5);
    expect(
      orderTotals({
        subtotal: 50,
        discount: 0,
        memberDiscount: 0,
        tax: 0,
        shipping: 0,
        amountFiat: 50,
        currency: 'EUR',
      }).discount,
    ).toBe(0);
  });
});

describe('couponDiscount', () => {
  it('is the stored discount less the member’s, exact to the cent', () => {
    expect(couponDiscount({ discount: 0.3, memberDiscount: 0.1 })).toBe(0.2);
    expect(couponDiscount({ discount: 12.5, memberDiscount: 12.5 })).toBe(0);
  });
});
