import { describe, expect, it } from 'vitest';
import type { Validator } from 'react-admin';
import { endOfUtcDay, utcDay } from '../../src/admin/resources/coupons/couponDates';
import * as v from '../../src/admin/resources/coupons/couponValidation';

/** The catalogue key of the first complaint of a field's validators, or undefined. */
function check(validators: Validator[], value: unknown, values: Record<string, unknown> = {}) {
  const found = validators.map((validate) => validate(value, values, {})).find((r) => r !== undefined && r !== null);
  return found && typeof found === 'object' && 'message' in found ? found.message : found;
}

const key = (name: string) => `resources.coupons.validation.${name}`;

describe('coupon form rules (mirroring the coupon schema and policy)', () => {
  it('takes codes of letters, digits, dash and underscore', () => {
    expect(check(v.validateCode, 'SPRING_10-A')).toBeUndefined();
    expect(check(v.validateCode, 'BAD CODE')).toBe(key('code_format'));
    expect(check(v.validateCode, null)).toBe('ra.validation.required');
  });

  it('wants a discount above 0 with at most 2 decimals, and at most 100 for a percentage', () => {
    expect(check(v.validateDiscountValue, 12.5, { discountType: 'percentage' })).toBeUndefined();
    expect(check(v.validateDiscountValue, 0, { discountType: 'fixed' })).toBe(key('positive'));
    expect(check(v.validateDiscountValue, 1.005, { discountType: 'fixed' })).toBe(key('amount'));
    expect(check(v.validateDiscountValue, 150, { discountType: 'percentage' })).toBe(key('percent_max'));
    expect(check(v.validateDiscountValue, 150, { discountType: 'fixed' })).toBeUndefined();
  });

  it('takes empty limits (unlimited) or whole numbers from 1, the per-customer one no more than the usage limit', () => {
    expect(check(v.validateUsageLimit, null)).toBeUndefined();
    expect(check(v.validateUsageLimit, 0)).toBe(key('count'));
    expect(check(v.validateUsageLimit, 2.5)).toBe(key('count'));
    expect(check(v.validatePerCustomerLimit, 2, { usageLimit: 10 })).toBeUndefined();
    expect(check(v.validatePerCustomerLimit, 20, { usageLimit: null })).toBeUndefined();
    expect(check(v.validatePerCustomerLimit, 20, { usageLimit: 10 })).toBe(key('per_customer_max'));
  });

  it('wants the end date on or after the start date (an end date covers its whole day)', () => {
    expect(check(v.validateEndDate, endOfUtcDay('2030-01-01'), { startDate: '2030-01-01' })).toBeUndefined();
    expect(check(v.validateEndDate, endOfUtcDay('2029-12-31'), { startDate: '2030-01-01T00:00:00.000Z' })).toBe(
      key('end_after_start'),
    );
    expect(check(v.validateEndDate, endOfUtcDay('2029-12-31'), { startDate: null })).toBeUndefined();
  });
});

describe('coupon dates', () => {
  it('shows the UTC day of the API’s instants and sends an end date as the last instant of its day', () => {
    expect(utcDay('2099-01-31T23:59:59.999Z')).toBe('2099-01-31');
    expect(utcDay('2099-01-31')).toBe('2099-01-31');
    expect(utcDay(null)).toBeNull();
    expect(endOfUtcDay('2099-01-31')).toBe('2099-01-31T23:59:59.999Z');
    expect(endOfUtcDay('')).toBeNull();
  });
});
