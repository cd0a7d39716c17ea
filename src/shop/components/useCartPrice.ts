import { useEffect, useState } from 'react';
import type { CartPrice } from '../../common/cart';
import { priceCart } from '../api';
import type { Cart } from '../cart';
import { useLoad } from './useLoad';

/** Typing a quantity re-prices once the typing pauses, not on every key. */
const SETTLE_MS = 300;

/**
 * The cart as the server prices it; the last answer stays while the next loads. `stale` says the cart changed
 * since the prices shown (they must not be acted on yet).
 */
export function useCartPrice(cart: Cart) {
  const key = JSON.stringify(cart);
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const result = useLoad<CartPrice | null>(settled, (signal) => {
    const { lines, couponCode } = JSON.parse(settled) as Cart;
    return lines.length
      ? priceCart({ items: lines, couponCode: couponCode || undefined }, signal)
      : Promise.resolve(null);
  });
  return { ...result, stale: key !== settled || result.status === 'loading' };
}
