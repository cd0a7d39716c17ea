// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addLine,
  CART_KEY,
  cartStore,
  clampQty,
  EMPTY_CART,
  itemCount,
  MAX_LINES,
  MAX_QTY,
  parseCart,
  removeLine,
  setLineQty,
} from '../../src/shop/cart';
import { idempotencyKeys } from '../../src/lib/idempotency';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

beforeEach(() => {
  localStorage.clear();
  cartStore.reload();
});

describe('cart rules', () => {
  it('keeps quantities whole and between 1 and the server’s maximum', () => {
    expect(clampQty(3)).toBe(3);
    expect(clampQty(2.7)).toBe(2);
    expect(clampQty(0)).toBe(1);
    expect(clampQty(-5)).toBe(1);
    expect(clampQty('abc')).toBe(1);
    expect(clampQty(MAX_QTY + 1)).toBe(MAX_QTY);
    expect(clampQty(50, 20)).toBe(20);
  });

  it('merges a product added twice into one line, its quantity capped', () => {
    let cart = addLine(EMPTY_CART, A, 2);
    cart = addLine(cart, B, 1);
    cart = addLine(cart, A, 3);
    expect(cart.lines).toEqual([
      { productId: A, qty: 5 },
      { productId: B, qty: 1 },
    ]);
    expect(itemCount(cart)).toBe(6);
    expect(addLine(cart, A, MAX_QTY).lines[0]!.qty).toBe(MAX_QTY);
  });

  it('sets and removes lines', () => {
    const cart = addLine(addLine(EMPTY_CART, A, 1), B, 1);
    expect(setLineQty(cart, B, 0).lines[1]!.qty).toBe(1);
    expect(setLineQty(cart, B, 7).lines[1]!.qty).toBe(7);
    expect(removeLine(cart, A).lines).toEqual([{ productId: B, qty: 1 }]);
  });

  it('takes no new product into a full cart, but still adds to a line it has', () => {
    let cart = EMPTY_CART;
    for (let i = 0; i < MAX_LINES; i++) cart = addLine(cart, `p${i}`, 1);
    expect(addLine(cart, 'one-more', 1)).toBe(cart);
    expect(addLine(cart, 'p0', 1).lines[0]!.qty).toBe(2);
  });

  it('reads a damaged or hand-edited stored cart safely', () => {
    expect(parseCart(null)).toEqual(EMPTY_CART);
    expect(parseCart('{not json')).toEqual(EMPTY_CART);
    expect(parseCart('"a string"')).toEqual(EMPTY_CART);
    const cart = parseCart(
      JSON.stringify({
        lines: [{ productId: A, qty: 2 }, { productId: A, qty: '3' }, { qty: 1 }, null, { productId: B, qty: -4 }],
        couponCode: 7,
      }),
    );
    expect(cart).toEqual({
      lines: [
        { productId: A, qty: 5 },
        { productId: B, qty: 1 },
      ],
      couponCode: '',
    });
  });
});

describe('the cart store', () => {
  it('keeps the cart in localStorage, so it survives a reload', () => {
    cartStore.add(A, 2);
    cartStore.add(A, 1);
    cartStore.setCoupon('  SAVE10 ');
    expect(JSON.parse(localStorage.getItem(CART_KEY)!)).toEqual({
      lines: [{ productId: A, qty: 3 }],
      couponCode: 'SAVE10',
    });
    cartStore.reload();
    expect(cartStore.get()).toEqual({ lines: [{ productId: A, qty: 3 }], couponCode: 'SAVE10' });
    cartStore.clear();
    cartStore.reload();
    expect(cartStore.get()).toEqual(EMPTY_CART);
  });

  it('tells its subscribers, and follows a change made in another tab', () => {
    let calls = 0;
    const stop = cartStore.subscribe(() => calls++);
    cartStore.add(A, 1);
    expect(calls).toBe(1);
    localStorage.setItem(CART_KEY, JSON.stringify({ lines: [{ productId: B, qty: 4 }], couponCode: '' }));
    window.dispatchEvent(new StorageEvent('storage', { key: CART_KEY }));
    expect(calls).toBe(2);
    expect(cartStore.get().lines).toEqual([{ productId: B, qty: 4 }]);
    stop();
  });

  it('says when a full cart refused a new product', () => {
    for (let i = 0; i < MAX_LINES; i++) expect(cartStore.add(`p${i}`, 1)).toBe(true);
    expect(cartStore.add('one-more', 1)).toBe(false);
  });
});

describe('checkout attempts', () => {
  it('reuse the Idempotency-Key for the same body and make a new one when the body changes', () => {
    const keyFor = idempotencyKeys();
    const body = { items: [{ productId: A, qty: 1 }], email: 'a@example.com' };
    const first = keyFor(body);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(keyFor({ ...body })).toBe(first);
    const second = keyFor({ ...body, email: 'b@example.com' });
    expect(second).not.toBe(first);
    expect(idempotencyKeys()(body)).not.toBe(first);
  });
});
