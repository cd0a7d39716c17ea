import { describe, expect, it } from 'vitest';
import { cryptoText, fromCents, isCryptoAmount, isFiatAmount, toCents } from '../../src/common/money.js';

describe('money', () => {
  it('converts decimal text and numbers to cents without float error', () => {
    expect(toCents('19.99')).toBe(1999);
    expect(toCents(0.1)).toBe(10);
    expect(toCents(1004.99)).toBe(100499);
    expect(() => toCents(1.005 * 1000)).toThrow(RangeError); // 1004.9999999999999: float noise is refused, not rounded
    expect(toCents('12.3')).toBe(1230);
    expect(toCents(0)).toBe(0);
    expect(toCents('9999999999999.99')).toBe(999999999999999);
  });

  it('refuses negatives, too many decimals, words and exponents', () => {
    for (const bad of ['-1', '1.234', 'abc', '', '1e3', '.5', Number.NaN]) {
      expect(() => toCents(bad as string)).toThrow(RangeError);
      expect(isFiatAmount(bad as string)).toBe(false);
    }
  });

  it('cents back to a 2-decimal number', () => {
    expect(fromCents(1999)).toBe(19.99);
    expect(fromCents(10)).toBe(0.1);
    expect(fromCents(0)).toBe(0);
  });

  it('crypto amounts stay 8-decimal strings', () => {
    expect(cryptoText('0.5')).toBe('0.50000000');
    expect(cryptoText(0.00000001)).toBe('0.00000001');
    expect(cryptoText('12')).toBe('12.00000000');
    expect(cryptoText('1.250000000000000000')).toBe('1.25000000');
    expect(isCryptoAmount('0.123456789')).toBe(false);
    expect(isCryptoAmount('0.12345678')).toBe(true);
  });
});
