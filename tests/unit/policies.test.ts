import { describe, expect, it } from 'vitest';
import { can, CAPABILITIES, ROLES, type Role } from '../../src/common/capabilities.js';
import { MAX_ATTEMPTS } from '../../src/common/mint.js';
import { capabilityFor, RESOURCES } from '../../src/common/resources.js';
import { accountDelayMs, lockedMessage, loginRefusal, loginStandingOf } from '../../server/modules/auth/policy.js';
import { dashboardAccess } from '../../server/modules/dashboard/policy.js';
import { formatUptime } from '../../server/modules/dashboard/service.js';
import {
  couponAccess,
  couponStatus,
  deleteRefusal as couponDeleteRefusal,
  expireRefusal as couponExpireRefusal,
  termProblems,
} from '../../server/modules/coupons/policy.js';
import {
  backoffSeconds,
  isFinal,
  mintAccess,
  minedOutcome,
  rebroadcastFailed,
  retryRefusal,
} from '../../server/modules/mint/policy.js';
import { canMove, isFulfilledBy, manualFulfilRefusal, orderAccess } from '../../server/modules/orders/policy.js';
import { dashboardUrl, paymentAccess, refundableCents, refundRefusal } from '../../server/modules/payments/policy.js';
import { deleteRefusal, productAccess } from '../../server/modules/products/policy.js';
import { settingsAccess } from '../../server/modules/settings/policy.js';
import { say } from '../../server/lib/errors.js';
import { english } from './said.js';

/** Which roles pass a check, in ROLES order. */
const who = (check: (role: Role) => boolean) => ROLES.filter(check);

describe('roles', () => {
  it('gives finance the money, operators the catalogue and KYC, and users only their own pages', () => {
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

  it('every resource reads and writes through capabilities of the table', () => {
    for (const [name, access] of Object.entries(RESOURCES)) {
      expect(CAPABILITIES, name).toHaveProperty(access.read);
      expect(CAPABILITIES, name).toHaveProperty(access.write);
      expect(capabilityFor(name, 'list')).toBe(access.read);
      expect(capabilityFor(name, 'edit')).toBe(access.write);
    }
    expect(capabilityFor('not-a-resource', 'show')).toBe('backoffice.read');
    expect(capabilityFor('not-a-resource', 'delete')).toBe('catalog.write');
  });
});

describe('module policies: who may do what', () => {
  it.each([
    ['products', productAccess, ['admin', 'finance', 'operator'], ['admin', 'operator']],
    ['orders', orderAccess, ['admin', 'finance', 'operator'], ['admin', 'operator']],
    ['mint queue', mintAccess, ['admin', 'finance', 'operator'], ['admin', 'operator']],
    ['dashboard', dashboardAccess, ['admin', 'finance', 'operator'], ['admin', 'operator']],
    ['settings', settingsAccess, ['admin'], ['admin']],
    ['coupons', couponAccess, ['admin', 'finance', 'operator'], ['admin', 'operator']],
    ['payments', paymentAccess, ['admin', 'finance', 'operator'], ['admin', 'finance']],
  ] as const)('%s: read by %j, written by %j', (_name, access, readers, writers) => {
    expect(who(access.canRead)).toEqual(readers);
    expect(who(access.canWrite)).toEqual(writers);
    expect(access.read.capability).toBeTypeOf('string');
  });

  it('only admins use the debug mint', () => {
    expect(who((role) => can(role, mintAccess.debug.capability))).toEqual(['admin']);
  });
});

describe('products', () => {
  it('keeps a product that is part of orders', () => {
    expect(deleteRefusal({ title: 'Gold' }, false)).toBeNull();
    expect(english(deleteRefusal({ title: 'Gold' }, true))).toBe(
      '"Gold" is part of existing orders and cannot be deleted. Set its status to inactive instead.',
    );
  });
});

describe('order lifecycle', () => {
  it.each([
    ['pending', 'paid', true],
    ['pending', 'failed', true],
    ['paid', 'fulfilled', true],
    ['paid', 'refunded', true],
    ['fulfilled', 'refunded', true],
    ['pending', 'fulfilled', false],
    ['pending', 'refunded', false],
    ['failed', 'paid', false],
    ['refunded', 'paid', false],
    ['paid', 'paid', false],
    ['bogus', 'paid', false],
  ] as const)('%s → %s is %s', (from, to, legal) => {
    expect(canMove(from, to)).toBe(legal);
  });

  it('lets staff fulfil only a paid order without tokens', () => {
    expect(manualFulfilRefusal('paid', 0)).toBeNull();
    expect(english(manualFulfilRefusal('paid', 1))).toMatch(/fulfilled when its mints succeed/);
    expect(english(manualFulfilRefusal('pending', 0))).toBe('An order that is pending cannot become fulfilled.');
  });

  it('fulfils a paid order once no mint job is open', () => {
    expect(isFulfilledBy('paid', 0)).toBe(true);
    expect(isFulfilledBy('paid', 1)).toBe(false);
    expect(isFulfilledBy('pending', 0)).toBe(false);
    expect(isFulfilledBy('fulfilled', 0)).toBe(false);
  });
});

describe('mint jobs', () => {
  it('backs off 1, 2, 4, 8 s', () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([1, 2, 4, 8]);
    expect(backoffSeconds(0)).toBe(1);
  });

  it('fails a job at the attempt limit, or when told to', () => {
    expect(isFinal({ jobId: 'j', kind: 'attempt-failed', attempts: MAX_ATTEMPTS - 1, error: 'x' })).toBe(false);
    expect(isFinal({ jobId: 'j', kind: 'attempt-failed', attempts: MAX_ATTEMPTS, error: 'x' })).toBe(true);
    expect(isFinal({ jobId: 'j', kind: 'failed', error: 'x' })).toBe(true);
    expect(isFinal({ jobId: 'j', kind: 'later', delaySeconds: 1 })).toBe(false);
    expect(isFinal({ jobId: 'j', kind: 'succeeded', blockNumber: 3 })).toBe(false);
  });

  it('sends a stored transaction again later, until the attempt limit', () => {
    expect(rebroadcastFailed('j', 2, 'down')).toEqual({
      jobId: 'j',
      kind: 'later',
      delaySeconds: 4,
      error: 'down',
      attempts: 2,
    });
    expect(rebroadcastFailed('j', MAX_ATTEMPTS, 'down')).toEqual({ jobId: 'j', kind: 'failed', error: 'down' });
  });

  it('a mined transaction succeeds the job, a reverted one drops it for a fresh attempt', () => {
    const job = { id: 'j', attempts: 0, txHash: '0xabc' };
    expect(minedOutcome(job, 'success', 12n)).toEqual({ jobId: 'j', kind: 'succeeded', blockNumber: 12 });
    expect(minedOutcome(job, 'failed', 12n)).toEqual({
      jobId: 'j',
      kind: 'attempt-failed',
      attempts: 1,
      dropStoredTx: true,
      error: 'Transaction 0xabc reverted in block 12.',
    });
  });

  it('retries only a failed job, and never one of a refunded order', () => {
    expect(retryRefusal('failed')).toBeNull();
    expect(retryRefusal('failed', 'paid')).toBeNull();
    expect(english(retryRefusal('queued'))).toBe('Only a failed job can be retried; this one is queued.');
    expect(english(retryRefusal('failed', 'refunded'))).toBe(
      'This job’s order was refunded, so its token is not minted.',
    );
  });
});

describe('payments', () => {
  const paid = { status: 'completed', amountCents: 10_00, refundedCents: 0, currency: 'USD' };

  it('refunds a completed payment by at most what is left', () => {
    expect(refundRefusal(paid, 10_00)).toBeNull();
    expect(refundRefusal({ ...paid, refundedCents: 4_00 }, 6_00)).toBeNull();
    expect(refundRefusal(paid, 10_01)).toEqual({
      status: 400,
      code: 'validation',
      field: 'amount',
      message: say('refund_over_amount', { amount: '10.00', currency: 'USD' }),
    });
    expect(refundRefusal({ ...paid, refundedCents: 4_00 }, 6_01)).toEqual({
      status: 409,
      code: 'refund_exceeds_remaining',
      field: 'amount',
      message: say('refund_exceeds_remaining_field', { amount: '6.00', currency: 'USD' }),
    });
  });

  it('refuses a payment that is not completed', () => {
    expect(refundRefusal({ ...paid, status: 'pending' }, 1)).toMatchObject({
      status: 409,
      message: say('payment_not_refundable', { status: 'pending' }),
    });
    expect(refundRefusal({ ...paid, status: 'failed' }, 1)).toMatchObject({
      status: 409,
      code: 'payment_not_refundable',
    });
    expect(refundRefusal({ ...paid, status: 'refunded', refundedCents: 10_00 }, 1)).toMatchObject({
      status: 409,
      message: say('payment_refunded'),
    });
  });

  it('says what is left to refund, nothing unless completed', () => {
    expect(refundableCents({ ...paid, refundedCents: 2_50 })).toBe(7_50);
    expect(refundableCents({ ...paid, status: 'pending' })).toBe(0);
    expect(refundableCents({ ...paid, status: 'refunded', refundedCents: 10_00 })).toBe(0);
  });

  it('links a payment to its provider’s page', () => {
    const p = { id: 'p1', reference: null, test: false };
    expect(dashboardUrl({ ...p, provider: 'sandbox' })).toBe('/pay/sandbox/p1');
    expect(dashboardUrl({ ...p, provider: 'stripe', reference: 'pi_1' })).toBe(
      'https://dashboard.stripe.com/payments/pi_1',
    );
    expect(dashboardUrl({ ...p, provider: 'stripe', reference: 'pi_1', test: true })).toBe(
      'https://dashboard.stripe.com/test/payments/pi_1',
    );
    expect(dashboardUrl({ ...p, provider: 'stripe' })).toBeNull();
    expect(dashboardUrl({ ...p, provider: 'test' })).toBeNull();
  });
});

describe('logging in', () => {
  it('slows an account once its recent failures pass the limit, doubling every limit more, up to 3 s', () => {
    expect([0, 5, 6, 10, 11, 15, 16, 20, 21, 25, 26, 500].map((n) => accountDelayMs(n, 5))).toEqual([
      0, 0, 250, 250, 500, 500, 1000, 1000, 2000, 2000, 3000, 3000,
    ]);
  });

  it("locks only the address whose lock has not ended, and counts every address's recent failures toward the delay", () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    const rows = [
      { ip: '10.0.0.1', failures: 5, lastFailedAt: at(-1), lockedUntil: at(14) },
      { ip: '10.0.0.2', failures: 4, lastFailedAt: at(-2), lockedUntil: null },
      { ip: '10.0.0.3', failures: 5, lastFailedAt: at(-30), lockedUntil: at(-15) },
      { ip: '10.0.0.4', failures: 4, lastFailedAt: at(-61), lockedUntil: null },
    ];
    expect(loginStandingOf(rows, '10.0.0.1', now, 5)).toEqual({ lockedUntil: at(14), delayMs: 500 });
    expect(loginStandingOf(rows, '10.0.0.3', now, 5)).toEqual({ lockedUntil: null, delayMs: 500 });
    expect(loginStandingOf(rows, '10.0.0.9', now, 5)).toEqual({ lockedUntil: null, delayMs: 500 });
    expect(loginStandingOf([], '10.0.0.9', now, 5)).toEqual({ lockedUntil: null, delayMs: 0 });
  });

  it('lets only active accounts in', () => {
    expect(loginRefusal('active')).toBeNull();
    expect(loginRefusal('suspended')?.code).toBe('account_suspended');
    expect(loginRefusal('inactive')?.code).toBe('account_inactive');
  });

  it('says how long an account stays locked', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(english(lockedMessage(new Date('2026-01-01T00:15:00Z'), now))).toMatch(
      /locked out of this account for 15 more minutes\.$/,
    );
    expect(english(lockedMessage(new Date('2026-01-01T00:00:20Z'), now))).toMatch(
      /locked out of this account for 1 more minute\.$/,
    );
  });
});

describe('dashboard', () => {
  it('formats uptime', () => {
    expect(formatUptime(59)).toBe('0m');
    expect(formatUptime(3 * 3600 + 120)).toBe('3h 2m');
    expect(formatUptime(2 * 86_400 + 5 * 3600)).toBe('2d 5h');
  });
});

describe('coupons', () => {
  const terms = {
    discountType: 'percentage',
    discountValue: 10_00,
    usageLimit: null,
    perCustomerLimit: null,
    startDate: null,
    endDate: null,
    usedCount: 0,
  };

  it('is expired once its end date has passed', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(couponStatus({ endDate: null }, now)).toBe('active');
    expect(couponStatus({ endDate: new Date('2026-06-02T00:00:00Z') }, now)).toBe('active');
    expect(couponStatus({ endDate: new Date('2026-05-31T23:59:59Z') }, now)).toBe('expired');
  });

  it('checks the terms against each other', () => {
    expect(termProblems(terms)).toEqual({});
    expect(termProblems({ ...terms, discountValue: 100_00 })).toEqual({});
    expect(termProblems({ ...terms, discountValue: 100_01 })).toHaveProperty('discountValue');
    expect(termProblems({ ...terms, discountType: 'fixed', discountValue: 500_00 })).toEqual({});
    expect(termProblems({ ...terms, discountValue: 0 })).toHaveProperty('discountValue');
    expect(termProblems({ ...terms, startDate: new Date(2), endDate: new Date(1) })).toHaveProperty('endDate');
    expect(termProblems({ ...terms, usageLimit: 1, perCustomerLimit: 2 })).toHaveProperty('perCustomerLimit');
    expect(termProblems({ ...terms, usageLimit: 1, usedCount: 2 })).toHaveProperty('usageLimit');
  });

  it('keeps a used coupon', () => {
    expect(couponDeleteRefusal({ code: 'A', usedCount: 0 })).toBeNull();
    expect(english(couponDeleteRefusal({ code: 'A', usedCount: 1 }))).toMatch(/used 1 time and cannot be deleted/);
    expect(english(couponDeleteRefusal({ code: 'A', usedCount: 0, reservedCount: 2 }))).toMatch(
      /held by 2 unpaid orders/,
    );
  });

  it('expires now only a coupon not yet expired', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(couponExpireRefusal({ code: 'A', endDate: null }, now)).toBeNull();
    expect(couponExpireRefusal({ code: 'A', endDate: new Date('2026-07-01T00:00:00Z') }, now)).toBeNull();
    expect(english(couponExpireRefusal({ code: 'A', endDate: new Date('2026-05-01T00:00:00Z') }, now))).toBe(
      'Coupon "A" has already expired.',
    );
  });
});
