/**
 * The cart: product ids, quantities and a coupon code in localStorage (prices always come from the server).
 * Pure rules first (unit-tested), then the one store every screen and the header badge read.
 */
import { useSyncExternalStore } from 'react';

export type CartLine = { productId: string; qty: number };
export type Cart = { lines: CartLine[]; couponCode: string };

/** The server's limits (cart.schemas.ts): a quantity from 1 to 10,000, at most 100 lines. */
export const MAX_QTY = 10_000;
export const MAX_LINES = 100;
export const CART_KEY = 'shopCart';

export const EMPTY_CART: Cart = { lines: [], couponCode: '' };

/** A whole number from 1 to `max`; anything unreadable is 1. */
export function clampQty(value: unknown, max = MAX_QTY): number {
  const n = Math.floor(Number(value));
  return Number.isFinite(n) ? Math.min(Math.max(n, 1), Math.max(1, Math.min(max, MAX_QTY))) : 1;
}

/** Adds to the line of the same product (the sum capped), or appends one; a full cart takes no new product. */
export function addLine(cart: Cart, productId: string, qty: number): Cart {
  const existing = cart.lines.find((l) => l.productId === productId);
  if (existing) return setLineQty(cart, productId, existing.qty + clampQty(qty));
  if (cart.lines.length >= MAX_LINES) return cart;
  return { ...cart, lines: [...cart.lines, { productId, qty: clampQty(qty) }] };
}

export function setLineQty(cart: Cart, productId: string, qty: number): Cart {
  return { ...cart, lines: cart.lines.map((l) => (l.productId === productId ? { productId, qty: clampQty(qty) } : l)) };
}

export function removeLine(cart: Cart, productId: string): Cart {
  return { ...cart, lines: cart.lines.filter((l) => l.productId !== productId) };
}

export const itemCount = (cart: Cart) => cart.lines.reduce((sum, l) => sum + l.qty, 0);

/** What was stored, checked line by line: a damaged or hand-edited entry never breaks the shop. */
export function parseCart(raw: string | null): Cart {
  let data: unknown;
  try {
    data = raw ? JSON.parse(raw) : null;
  } catch {
    return EMPTY_CART;
  }
  if (!data || typeof data !== 'object') return EMPTY_CART;
  const { lines, couponCode } = data as { lines?: unknown; couponCode?: unknown };
  let cart: Cart = { lines: [], couponCode: typeof couponCode === 'string' ? couponCode : '' };
  for (const line of Array.isArray(lines) ? lines : []) {
    const { productId, qty } = (line ?? {}) as { productId?: unknown; qty?: unknown };
    if (typeof productId === 'string' && productId) cart = addLine(cart, productId, clampQty(qty));
  }
  return cart;
}

let current: Cart | null = null;
const listeners = new Set<() => void>();

function read(): Cart {
  if (!current) {
    try {
      current = parseCart(localStorage.getItem(CART_KEY));
    } catch {
      current = EMPTY_CART;
    }
  }
  return current;
}

function write(next: Cart) {
  current = next;
  try {
    localStorage.setItem(CART_KEY, JSON.stringify(next));
  } catch {
    /* private mode or full storage: the cart lasts for this page only */
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the cart: read it again.
  const onStorage = (e: StorageEvent) => {
    if (e.key !== CART_KEY && e.key !== null) return;
    current = null;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const cartStore = {
  get: read,
  subscribe,
  /** False when the cart is full and the product is not in it yet. */
  add(productId: string, qty: number): boolean {
    const before = read();
    const next = addLine(before, productId, qty);
    write(next);
    return next !== before;
  },
  setQty: (productId: string, qty: number) => write(setLineQty(read(), productId, qty)),
  remove: (productId: string) => write(removeLine(read(), productId)),
  setCoupon: (couponCode: string) => write({ ...read(), couponCode: couponCode.trim() }),
  clear: () => write(EMPTY_CART),
  /** For tests: read localStorage again. */
  reload: () => {
    current = null;
  },
};

export const useCart = (): Cart => useSyncExternalStore(cartStore.subscribe, cartStore.get, () => EMPTY_CART);
