import { describe, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '../../src/common/checkout.js';
import { checkoutSessionBody, sandboxConfirmBody } from '../../src/common/checkout.schemas.js';
import { mayPoll, withOrderId } from '../../server/modules/checkout/policy.js';
import { configuredProviders } from '../../server/modules/payments/providers/index.js';
import { cardOutcome, cardProblem, hasExpired, passesLuhn } from '../../server/modules/payments/providers/sandbox.js';
import { notPendingMessage } from '../../server/modules/payments/policy.js';
import { english } from './said.js';

const NOW = new Date('2026-11-23T12:00:00Z');
const card = (over: Record<string, string> = {}) =>
  sandboxConfirmBody.parse({ cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'A', ...over });

describe('the card sandbox', () => {
  it('checks card numbers with Luhn', () => {
    for (const good of Object.values(SANDBOX_CARDS)) expect(passesLuhn(good), good).toBe(true);
    expect(passesLuhn('5555555555554444')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it('takes a card through the end of its expiry month', () => {
    expect(hasExpired('11/26', NOW)).toBe(false);
    expect(hasExpired('10/26', NOW)).toBe(true);
    expect(hasExpired('01/2027', NOW)).toBe(false);
    expect(hasExpired('12/25', NOW)).toBe(true);
  });

  it('decides the outcome by the test card', () => {
    expect(cardOutcome(SANDBOX_CARDS.succeeds)).toMatchObject({
      type: 'payment.succeeded',
      reference: expect.stringMatching(/^sandbox_ch_/),
    });
    expect(cardOutcome(SANDBOX_CARDS.declined)).toMatchObject({ type: 'payment.refused', code: 'card_declined' });
    expect(cardOutcome(SANDBOX_CARDS.insufficientFunds)).toMatchObject({
      type: 'payment.refused',
      code: 'insufficient_funds',
    });
  });

  it('names the field of a card that cannot be charged', () => {
    expect(cardProblem(card(), NOW)).toBeNull();
    expect(cardProblem(card({ cardNumber: '4242 4242 4242 4241' }), NOW)).toMatchObject({
      status: 400,
      fields: { cardNumber: 'Your card number is invalid.' },
    });
    expect(cardProblem(card({ expiry: '01/26' }), NOW)).toMatchObject({
      status: 400,
      fields: { expiry: 'Your card has expired.' },
    });
    expect(card({ cardNumber: '4242-4242 4242-4242' }).cardNumber).toBe('4242424242424242');
  });

  it('is configured unless turned off (production turns it off by default)', () => {
    expect(configuredProviders({ paymentSandbox: true }).get('sandbox').name).toBe('sandbox');
    expect(() => configuredProviders({ paymentSandbox: false }).get('sandbox')).toThrow('Sandbox is not configured.');
    expect(() => configuredProviders({ paymentSandbox: true }).get('paypal')).toThrow('PayPal is not configured.');
  });
});

describe('checkout and payment rules', () => {
  it('lets the secret, the owner and staff poll an order, and no one else', () => {
    const order = { userId: 'u1' };
    expect(mayPoll(order, null, true)).toBe(true);
    expect(mayPoll(order, null, false)).toBe(false);
    expect(mayPoll(order, { id: 'u1', role: 'user' }, false)).toBe(true);
    expect(mayPoll(order, { id: 'u2', role: 'user' }, false)).toBe(false);
    expect(mayPoll({ userId: null }, { id: 'u2', role: 'user' }, false)).toBe(false);
    for (const role of ['admin', 'finance', 'operator'])
      expect(mayPoll(order, { id: 'x', role }, false), role).toBe(true);
  });

  it('adds the order id to the return path, keeping its query and fragment', () => {
    expect(withOrderId('/shop/checkout/complete', 'o1')).toBe('/shop/checkout/complete?orderId=o1');
    expect(withOrderId('/done?a=1#top', 'o1')).toBe('/done?a=1&orderId=o1#top');
  });

  it('says why a payment that is not pending cannot be confirmed', () => {
    expect(english(notPendingMessage('completed'))).toBe('This payment has already been completed.');
    expect(english(notPendingMessage('failed'))).toMatch(/Start a new checkout/);
  });

  it('refuses return paths that leave the site', () => {
    const base = {
      items: [{ productId: '00000000-0000-4000-8000-000000000000', qty: 1 }],
      email: 'a@b.co',
      provider: 'sandbox',
    };
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/a b']) {
      expect(checkoutSessionBody.safeParse({ ...base, returnUrl: bad }).success, bad).toBe(false);
    }
    expect(checkoutSessionBody.parse({ ...base, returnUrl: '/shop/x?y=1' }).returnUrl).toBe('/shop/x?y=1');
  });
});
