import { describe, expect, it } from 'vitest';
import { isRealDate } from '../../src/common/kyc.schemas.js';
import { fileKind, namesAPath, pdfLooksComplete } from '../../server/lib/uploads.js';
import {
  ageOn,
  birthRefusal,
  decisionRefusal,
  kycCheckoutRefusal,
  mayRead,
  ownSessionRefusal,
  submitRefusal,
} from '../../server/modules/kyc/policy.js';
import { english } from './said.js';

describe('KYC rules', () => {
  it('real dates only, written YYYY-MM-DD', () => {
    expect(['2000-02-29', '1990-12-31', '1900-01-01'].map(isRealDate)).toEqual([true, true, true]);
    expect(
      ['1900-02-29', '1990-02-30', '1990-13-01', '1990-00-10', '1990-1-1', '10/12/1990', '', '1990-12-10T00:00'].map(
        isRealDate,
      ),
    ).toEqual(Array(8).fill(false));
  });

  it('age in whole years, the birthday counting on the day', () => {
    expect(ageOn('2008-06-15', '2026-06-14')).toBe(17);
    expect(ageOn('2008-06-15', '2026-06-15')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('an adult born after 1900, not in the future', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    expect(birthRefusal('2008-06-15', now)).toBeNull();
    expect(english(birthRefusal('2008-06-16', now))).toMatch(/at least 18/);
    expect(english(birthRefusal('2026-06-16', now))).toMatch(/future/);
    expect(english(birthRefusal('1899-12-31', now))).toMatch(/before 1900/);
  });

  it('one pending session at a time, none once verified', () => {
    expect(submitRefusal('pending', false)).toBeNull();
    expect(submitRefusal('rejected', false)).toBeNull();
    expect(english(submitRefusal('pending', true))).toMatch(/already have a KYC session waiting/);
    expect(english(submitRefusal('verified', false))).toBe('Your identity is already verified.');
    expect(english(submitRefusal('approved', false))).toBe('Your identity is already verified.');
  });

  it('a session is decided once, never by its owner', () => {
    expect(decisionRefusal({ status: 'pending' })).toBeNull();
    expect(english(decisionRefusal({ status: 'rejected' }))).toMatch(/already rejected/);
    expect(ownSessionRefusal({ userId: 'u' }, 'r')).toBeNull();
    expect(ownSessionRefusal({ userId: 'u' }, null)).toBeNull();
    expect(english(ownSessionRefusal({ userId: 'r' }, 'r'))).toMatch(/your own/);
  });

  it('the owner and reviewers read a session', () => {
    const s = { userId: 'u' };
    expect([
      mayRead(s, { id: 'u', role: 'user' }),
      mayRead(s, { id: 'x', role: 'operator' }),
      mayRead(s, { id: 'x', role: 'admin' }),
    ]).toEqual([true, true, true]);
    expect([mayRead(s, { id: 'x', role: 'finance' }), mayRead(s, { id: 'x', role: 'user' })]).toEqual([false, false]);
  });

  it('the checkout threshold: tokens above it need a verified buyer; off, at or below it, or without tokens, nothing', () => {
    expect(kycCheckoutRefusal(null, 1e9, true, null, '$0')).toBeNull();
    expect(kycCheckoutRefusal(10000, 10000, true, null, '$100.00')).toBeNull();
    expect(kycCheckoutRefusal(10000, 10001, false, null, '$100.00')).toBeNull();
    expect(kycCheckoutRefusal(10000, 10001, true, 'verified', '$100.00')).toBeNull();
    expect(kycCheckoutRefusal(10000, 10001, true, 'approved', '$100.00')).toBeNull();
    expect(english(kycCheckoutRefusal(10000, 10001, true, null, '$100.00'))).toMatch(
      /above \$100\.00 need a verified identity: sign in/,
    );
    for (const status of ['pending', 'rejected'])
      expect(english(kycCheckoutRefusal(10000, 10001, true, status, '$100.00'))).toMatch(
        /verify your identity \(KYC\) on your account page/,
      );
  });

  it('a file kind from its bytes; paths and cut-off PDFs are told apart', () => {
    expect(fileKind(Buffer.from('%PDF-1.7\n'))).toBe('pdf');
    expect(fileKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(fileKind(Buffer.from('not a file kind'))).toBeNull();
    expect(pdfLooksComplete(Buffer.from('%PDF-1.4\n...\n%%EOF\n'))).toBe(true);
    expect(pdfLooksComplete(Buffer.from('%PDF-1.4\n...'))).toBe(false);
    expect(['../x.pdf', 'a/b.pdf', '..\\x.pdf', 'C:x.pdf', '..', '.'].map(namesAPath)).toEqual(Array(6).fill(true));
    expect(['passport.pdf', 'my id..scan.png', '.hidden.png'].map(namesAPath)).toEqual([false, false, false]);
  });
});
