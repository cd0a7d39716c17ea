/** Checkout in the browser: what the form checks before the server does, and each order's secret (so a guest can follow it). */

const SECRETS_KEY = 'shopCheckouts';
const GUEST_ID_KEY = 'shopGuestId';
/** Orders whose secret is kept; older ones are forgotten. */
const KEPT = 20;

export const WALLET_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Secrets = { orderId: string; secret: string }[];

function readSecrets(): Secrets {
  try {
    const data: unknown = JSON.parse(localStorage.getItem(SECRETS_KEY) ?? '[]');
    return Array.isArray(data)
      ? data.filter((e): e is Secrets[number] => typeof e?.orderId === 'string' && typeof e?.secret === 'string')
      : [];
  } catch {
    return [];
  }
}

export function rememberCheckout(orderId: string, secret: string): void {
  const kept = [{ orderId, secret }, ...readSecrets().filter((e) => e.orderId !== orderId)].slice(0, KEPT);
  try {
    localStorage.setItem(SECRETS_KEY, JSON.stringify(kept));
  } catch {
    /* no storage: the order can still be followed when logged in */
  }
}

export const checkoutSecret = (orderId: string): string | null =>
  readSecrets().find((e) => e.orderId === orderId)?.secret ?? null;

let pageGuestId: string | null = null;

/** This browser's random id, made once and kept: a guest's checkout answers are replayed to it alone. */
export function guestId(): string {
  try {
    const kept = localStorage.getItem(GUEST_ID_KEY);
    if (kept) return kept;
    const made = crypto.randomUUID();
    localStorage.setItem(GUEST_ID_KEY, made);
    return made;
  } catch {
    pageGuestId ??= crypto.randomUUID(); // no storage: the id lasts as long as the page, which is as long as a retry
    return pageGuestId;
  }
}
