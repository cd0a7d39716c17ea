import { describe, expect, it } from 'vitest';
import { orderBody, quantityOf } from '../../src/admin/resources/orders/orderBody';
import { orderStatusOf } from '../../src/common/orders';
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
  it('has the spec sentences in English and a Chinese text for each', () => {
    expect(en.app.dashboard.subtitle).toBe('Manage your RWA platform efficiently');
    expect(en.resources.products.delete_confirm).toBe('Are you sure you want to delete this product?');
    expect(en.resources.orders.create.failed).toBe('Failed to create order: %{error}');
    expect(zh.resources.orders.create.success).not.toBe(en.resources.orders.create.success);
    expect(Object.keys(zh.app.dashboard.alerts).sort()).toEqual(Object.keys(en.app.dashboard.alerts).sort());
  });
});
