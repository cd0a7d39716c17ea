import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { restrictionOfCode, RESTRICTION_CODES } from '../../src/common/two-factor.js';
import { SecretBox } from '../../server/lib/secret-box.js';
import {
  adminResetRefusal,
  formatRecoveryCode,
  mustEnrol,
  secondFactorKind,
  sessionRestriction,
} from '../../server/modules/auth/policy.js';
import { matchTotp, newRecoveryCodes, hashRecoveryCode } from '../../server/modules/auth/two-factor.js';
import { turnsOnTwoFactorWithout } from '../../server/modules/settings/two-factor-switch.js';
import { english } from './said.js';

describe('2FA rules', () => {
  it('tells a TOTP code from a recovery code, ignoring spaces, dashes and case; anything else is neither', () => {
    expect(secondFactorKind(' 123 456 ')).toEqual({ kind: 'totp', code: '123456' });
    expect(secondFactorKind('abcde-fghjk')).toEqual({ kind: 'recovery', code: 'ABCDEFGHJK' });
    for (const bad of ['12345', '1234567', 'ABCDE-FGHJ', 'ABCDE-FGHJ0', 'ABCDEFGHIK', ''])
      expect(secondFactorKind(bad)).toBeNull();
  });

  it('every user must enrol when the setting requires it and they have not', () => {
    expect(mustEnrol(true, false)).toBe(true);
    expect(mustEnrol(true, true)).toBe(false);
    expect(mustEnrol(false, false)).toBe(false);
  });

  it('only an actor with 2FA may turn the requirement on; turning it off or leaving it as it is needs nothing', () => {
    expect(turnsOnTwoFactorWithout(false, true, false)).toBe(true);
    expect(turnsOnTwoFactorWithout(false, true, true)).toBe(false);
    expect(turnsOnTwoFactorWithout(true, true, false)).toBe(false);
    expect(turnsOnTwoFactorWithout(true, false, false)).toBe(false);
    expect(turnsOnTwoFactorWithout(false, false, false)).toBe(false);
  });

  it('a reset password comes before an enrolment; the 403 code names the restriction back', () => {
    expect(sessionRestriction({ mustChangePassword: true, requiresEnrolment: true })).toBe('password_change');
    expect(sessionRestriction({ mustChangePassword: false, requiresEnrolment: true })).toBe('two_factor_enrolment');
    expect(sessionRestriction({ mustChangePassword: false, requiresEnrolment: false })).toBeNull();
    expect(restrictionOfCode(RESTRICTION_CODES.two_factor_enrolment)).toBe('two_factor_enrolment');
    expect(restrictionOfCode('forbidden')).toBeNull();
  });

  it('admins reset others, not themselves', () => {
    expect(adminResetRefusal('a', 'b', 'password')).toBeNull();
    expect(english(adminResetRefusal('a', 'a', 'password'))).toMatch(/own password/);
    expect(english(adminResetRefusal('a', 'a', '2fa'))).toMatch(/own two-factor/);
  });

  it('recovery codes: 10 distinct, formatted in two groups, hashed the same however typed', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    expect(formatRecoveryCode('ABCDEFGHJK')).toBe('ABCDE-FGHJK');
    expect(hashRecoveryCode('abcde fghjk')).toBe(hashRecoveryCode('ABCDE-FGHJK'));
  });

  it('a TOTP code matches its step and the ones beside it, never a step already used', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const now = new Date('2026-01-01T00:00:45Z');
    const epoch = Math.floor(now.getTime() / 1000);
    const step = Math.floor(epoch / 30);
    const code = await generate({ secret, epoch });
    expect(await matchTotp(secret, code, null, now)).toBe(step);
    expect(await matchTotp(secret, await generate({ secret, epoch: epoch - 30 }), null, now)).toBe(step - 1);
    expect(await matchTotp(secret, await generate({ secret, epoch: epoch + 90 }), null, now)).toBeNull();
    expect(await matchTotp(secret, code, step, now)).toBeNull();
    expect(await matchTotp(secret, code, step - 1, now)).toBe(step);
    expect(await matchTotp('GEZDGNBVGY3TQOJQGEZDGNBVGY', code, null, now)).toBeNull();
  });
});

describe('SecretBox', () => {
  it('seals with a key (never the plain secret in the stored value) and opens it; without a key stores it marked plain', () => {
    const box = new SecretBox('a key of sixteen or more');
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    const plain = new SecretBox();
    expect(plain.seal('ABC')).toBe('plain:ABC');
    expect(box.open('plain:ABC')).toBe('ABC');
  });

  it('refuses a sealed value without the key or with another key, with a sentence', () => {
    const sealed = new SecretBox('a key of sixteen or more').seal('SECRET');
    expect(() => new SecretBox().open(sealed)).toThrow(/TOTP_ENCRYPTION_KEY is not set/);
    expect(() => new SecretBox('another key of sixteen').open(sealed)).toThrow(/cannot be read/);
  });
});
