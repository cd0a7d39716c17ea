import { describe, expect, it } from 'vitest';
import { tokenIdFromPath, tokenIdHex } from '../../src/common/tokens.js';
import { redemptionInWords } from '../../server/modules/tokens/redemption.js';

describe('token ids in a metadata URL', () => {
  it('reads the EIP-1155 {id} form (64 hex digits) and decimal; 64 characters are always hex', () => {
    expect(tokenIdFromPath('0'.repeat(63) + 'a')).toBe('10');
    expect(tokenIdFromPath('0'.repeat(63) + 'A')).toBe('10');
    expect(tokenIdFromPath('1'.repeat(64))).toBe(BigInt(`0x${'1'.repeat(64)}`).toString());
    expect(tokenIdFromPath('42')).toBe('42');
    expect(tokenIdFromPath('007')).toBe('7');
    expect(tokenIdHex('255')).toBe('0'.repeat(62) + 'ff');
    expect(tokenIdFromPath(tokenIdHex('123456789'))).toBe('123456789');
  });

  it('refuses anything else: 0x, signs, fractions, other lengths of hex, ids of 2^256 or more', () => {
    for (const bad of ['', '0x2a', '-1', '1.5', 'ff', 'g'.repeat(64), `${'0'.repeat(64)}a`, (1n << 256n).toString()])
      expect(tokenIdFromPath(bad), bad).toBeNull();
    expect(tokenIdFromPath(((1n << 256n) - 1n).toString())).toBe(((1n << 256n) - 1n).toString());
  });
});

describe('a redemption policy in words', () => {
  it('says what the demo policies mean and leaves out what it does not know', () => {
    expect(redemptionInWords({ redeemable: true, minQty: 2, feePercent: 1.5, deliveryDays: 1, colour: 'red' })).toBe(
      'Redeemable for the underlying asset: at least 2 tokens at a time, a fee of 1.5%, delivery within 1 day.',
    );
    expect(redemptionInWords({ redeemable: false, payout: 'quarterly' })).toBe(
      'Not redeemable for the underlying asset; it pays out quarterly.',
    );
    expect(redemptionInWords({ redeemable: true, atMaturity: true })).toBe(
      'Redeemable for the underlying asset at maturity.',
    );
    expect(redemptionInWords(null)).toBe('No redemption policy is stated.');
    expect(redemptionInWords({ payout: '<script>' })).toBe('No redemption policy is stated.');
  });
});
