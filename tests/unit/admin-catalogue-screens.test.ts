import { describe, expect, it } from 'vitest';
import { orderBody, quantityOf } from '../../src/admin/resources/orders/orderBody';
import { orderStatusOf, paymentStatusOf } from '../../src/common/orders';
import { isPaymentRateLimit } from '../../src/common/payments';
import { idempotencyKeys } from '../../src/lib/idempotency';
import { productStatusOf } from '../../src/common/products';
import { shortId } from '../../src/admin/components/ids';
import en from '../../src/admin/i18n/en';
import zh from '../../src/admin/i18n/zh';

describe('create-order body', () => {
  it('falls back to quantity 1 when the input is not numeric', () => {
    expect(quantityOf('abc')).toBe(1);
    expect(quantityOf(undefined)).toBe(1);
    expect(quantityOf('')).toBe(1);
    expect(quantityOf('3')).toBe(3);
    expect(quantityOf(2.7)).toBe(2);
  });

  it('trims text and sends empty optional fields as null', () => {
    expect(orderBody({ userEmail: ' a@b.co ', productId: 'p', qty: '2', couponCode: ' ', walletAddress: '' })).toEqual({
      userEmail: 'a@b.co',
      productId: 'p',
      qty: 2,
      couponCode: null,
      walletAddress: null,
    });
  });
});

describe('statuses and ids', () => {
  it('renders unknown order statuses as pending and unknown product statuses as draft', () => {
    expect(orderStatusOf('paid')).toBe('paid');
    expect(orderStatusOf('weird')).toBe('pending');
    expect(productStatusOf('inactive')).toBe('inactive');
    expect(productStatusOf(undefined)).toBe('draft');
  });

  it('truncates ids to 12 characters', () => {
    expect(shortId('0123456789abcdef')).toBe('0123456789ab');
  });
});

describe('catalogue keys', () => {
  it('keeps the dashboard, product and order sentences in English, with a Chinese text for each', () => {
    expect(en.app.dashboard.subtitle).toBe('Manage your RWA platform efficiently');
    expect(en.resources.products.delete_confirm).toBe('Are you sure you want to delete this product?');
    expect(en.resources.orders.create.failed).toBe('Failed to create order: %{error}');
    expect(zh.resources.orders.create.success).not.toBe(en.resources.orders.create.success);
    expect(Object.keys(zh.app.dashboard.alerts).sort()).toEqual(Object.keys(en.app.dashboard.alerts).sort());
  });
});

describe('payments screen', () => {
  it('keeps the payments screen’s English sentences, and its rate-limit notice in Chinese too', () => {
    expect(en.resources.payments.empty).toBe('No payments found');
    expect(en.resources.payments.load_failed).toBe('Failed to load payments');
    expect(en.resources.payments.view_in_dashboard).toBe('View in Dashboard');
    expect(en.resources.payments.refund.success).toBe('Refund processed successfully');
    expect(en.resources.payments.refund.failed).toBe('Failed to process refund: %{error}');
    expect(zh.resources.payments.rate_limited).toMatch(/[\u4e00-\u9fff]/);
    expect(en.resources.payments.rate_limited).toContain(zh.resources.payments.rate_limited);
  });

  it('tells a payments rate limit from other errors, and renders unknown statuses as pending', () => {
    expect(isPaymentRateLimit('Too many payment requests, please slow down')).toBe(true);
    expect(isPaymentRateLimit('Request failed')).toBe(false);
    expect(isPaymentRateLimit(undefined)).toBe(false);
    expect(paymentStatusOf('refunded')).toBe('refunded');
    expect(paymentStatusOf('chargeback')).toBe('pending');
  });

  it('sends one Idempotency-Key per attempt: the same body again keeps it, another body gets a new one', () => {
    const keyFor = idempotencyKeys();
    const first = keyFor({ amount: 5, reason: 'Damaged' });
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(keyFor({ amount: 5, reason: 'Damaged' })).toBe(first);
    const second = keyFor({ amount: 6, reason: 'Damaged' });
    expect(second).not.toBe(first);
    expect(keyFor({ amount: 5, reason: 'Damaged' })).not.toBe(first);
  });
});
