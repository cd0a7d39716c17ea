import { describe, expect, it } from 'vitest';
import { can, CAPABILITIES } from '../../src/common/capabilities.js';
import { canMove } from '../../server/modules/orders/policy.js';
import { lockedSentence } from '../../server/modules/auth/policy.js';
import { formatUptime } from '../../server/modules/dashboard/service.js';

describe('order lifecycle', () => {
  it.each([
    ['pending', 'paid', true], ['pending', 'failed', true], ['paid', 'fulfilled', true], ['paid', 'refunded', true],
    ['fulfilled', 'refunded', true], ['pending', 'fulfilled', false], ['pending', 'refunded', false], ['failed', 'paid', false],
    ['refunded', 'paid', false], ['paid', 'paid', false], ['bogus', 'paid', false],
  ] as const)('%s → %s is %s', (from, to, legal) => {
    expect(canMove(from, to)).toBe(legal);
  });
});

describe('roles', () => {
  it('follows DESIGN.md’s table', () => {
    expect(can('finance', 'backoffice.read')).toBe(true);
    expect(can('finance', 'catalog.write')).toBe(false);
    expect(can('operator', 'catalog.write')).toBe(true);
    expect(can('operator', 'finance.write')).toBe(false);
    expect(can('finance', 'finance.write')).toBe(true);
    expect(can('operator', 'users.write')).toBe(false);
    expect(can('operator', 'kyc.review')).toBe(true);
    expect(can('finance', 'settings.manage')).toBe(false);
    expect(can('user', 'backoffice.read')).toBe(false);
    expect(can('user', 'self')).toBe(true);
    expect(can(undefined, 'self')).toBe(false);
    expect(can('root', 'self')).toBe(false);
  });

  it('admin can do everything', () => {
    for (const cap of Object.keys(CAPABILITIES) as (keyof typeof CAPABILITIES)[]) expect(can('admin', cap)).toBe(true);
  });
});

describe('sentences', () => {
  it('says how long an account stays locked', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(lockedSentence(new Date('2026-01-01T00:15:00Z'), now)).toMatch(/locked for 15 more minutes\.$/);
    expect(lockedSentence(new Date('2026-01-01T00:00:20Z'), now)).toMatch(/locked for 1 more minute\.$/);
  });

  it('formats uptime', () => {
    expect(formatUptime(59)).toBe('0m');
    expect(formatUptime(3 * 3600 + 120)).toBe('3h 2m');
    expect(formatUptime(2 * 86_400 + 5 * 3600)).toBe('2d 5h');
  });
});
