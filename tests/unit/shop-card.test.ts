import { describe, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '../../src/common/checkout';
import { formatCardNumber, formatCvc, formatExpiry, incompleteFields } from '../../src/shop/pay/card';

describe('card number formatting', () => {
  it('groups digits by four and drops anything else', () => {
    expect(formatCardNumber(SANDBOX_CARDS.succeeds)).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 0000/0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242 ')).toBe('4242');
    expect(formatCardNumber('abc')).toBe('');
  });

  it('keeps at most 19 digits', () => {
    expect(formatCardNumber('1'.repeat(25))).toBe('1111 1111 1111 1111 111');
  });
});

describe('expiry and CVC', () => {
  it('writes the expiry as MM/YY while it is typed', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('12/305')).toBe('12/30');
    expect(formatExpiry('12', '12/')).toBe('12');
  });

  it('keeps three or four CVC digits', () => {
    expect(formatCvc('12a34 5')).toBe('1234');
  });

  it('names the fields not yet complete', () => {
    expect(incompleteFields({ name: ' ', cardNumber: '4242', expiry: '13/30', cvc: '1' })).toEqual([
      'name',
      'cardNumber',
      'expiry',
      'cvc',
    ]);
    expect(
      incompleteFields({ name: 'A Buyer', cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }),
    ).toEqual([]);
  });
});
