/** The storefront's calls, all through the shared transport (src/lib/api.ts). */
import {
  ApiError,
  apiGet,
  apiSend,
  apiSendForm,
  clearToken,
  getToken,
  networkFailure,
  rawRequest,
  serverSentence,
  setToken,
  toQuery,
} from '../lib/api';
import type { CartPrice } from '../common/cart';
import type { KycSession } from '../common/kyc';
import type { Member, Redemption } from '../common/membership';
import {
  CHECKOUT_SECRET_HEADER,
  GUEST_ID_HEADER,
  type CheckoutOrder,
  type CheckoutSession,
  type HostedPayment,
  type PaymentProvider,
  type SandboxConfirmation,
} from '../common/checkout';
import type { Notification } from '../common/notifications';
import type { HostedCryptoPayment } from '../common/payments';
import type { ShopOrder } from '../common/orders';
import type { Product } from '../common/products';
import { tokenIdHex, type TokenMetadata } from '../common/tokens';
import type { ShopTransaction } from '../common/shop';
import type { Restriction, TwoFactorEnabled, TwoFactorSetup, TwoFactorStatus } from '../common/two-factor';
import type { SessionUser } from '../common/users';
import { guestId } from './checkout';

/** Products a page of the catalogue shows. */
export const PAGE_SIZE = 12;
/** Orders a page of the account shows. */
export const ORDERS_PAGE_SIZE = 10;

/** The admin's key for the logged-in user, kept in step so both apps agree on who is logged in. */
const USER_KEY = 'authUser';

export type ProductPage = { products: Product[]; total: number; totalIsEstimate: boolean };
export type ProductQuery = { limit: number; offset: number; q?: string; rwaType?: string };

export const listProducts = (query: ProductQuery, signal?: AbortSignal) =>
  apiGet<ProductPage>(`/api/shop/products${toQuery(query)}`, { public: true, signal });

export const getProduct = (id: string, signal?: AbortSignal) =>
  apiGet<{ product: Product }>(`/api/shop/products/${encodeURIComponent(id)}`, { public: true, signal }).then(
    (r) => r.product,
  );

/** A tokenised product's public metadata (its documents among it); a failure is this page's own to show. */
export const getTokenMetadata = (tokenId: string, signal?: AbortSignal) =>
  apiGet<TokenMetadata>(`/api/tokens/${tokenIdHex(tokenId)}`, { public: true, unreported: true, signal });

export type OrderPage = { orders: ShopOrder[]; total: number };

export const listOwnOrders = (query: { limit: number; offset: number }, signal?: AbortSignal) =>
  apiGet<OrderPage>(`/api/shop/orders${toQuery(query)}`, { signal });

/** The buyer's own transaction: by their login, or a guest's by the order's id and its checkout's secret. */
export const getOwnTransaction = (hash: string, order: { id: string; secret: string | null }, signal?: AbortSignal) =>
  apiGet<{ transaction: ShopTransaction }>(
    `/api/shop/tx/${encodeURIComponent(hash)}${order.id ? toQuery({ orderId: order.id }) : ''}`,
    { public: true, signal, headers: order.secret ? { [CHECKOUT_SECRET_HEADER]: order.secret } : {} },
  ).then((r) => r.transaction);

/** Notifications a page of the account shows. */
export const NOTIFICATIONS_PAGE_SIZE = 5;
export type NotificationPage = { notifications: Notification[]; total: number; unread: number };

export const listOwnNotifications = (query: { limit: number; offset: number }, signal?: AbortSignal) =>
  apiGet<NotificationPage>(`/api/notifications${toQuery(query)}`, { signal });
export const markNotificationRead = (id: string) => apiSend('PUT', `/api/notifications/${encodeURIComponent(id)}/read`);
export const markAllNotificationsRead = () => apiSend<{ updated: number }>('PUT', '/api/notifications/read-all');

export const currentUser = (signal?: AbortSignal) =>
  apiGet<{ user: SessionUser }>('/api/auth/me', { signal }).then((r) => r.user);

export type CartItem = { productId: string; qty: number };

/** The server prices every line; the cart's own numbers are never trusted. */
export const priceCart = (body: { items: CartItem[]; couponCode?: string }, signal?: AbortSignal) =>
  apiSend<CartPrice>('POST', '/api/cart/price', body, { public: true, signal });

export type CheckoutInput = {
  items: CartItem[];
  couponCode?: string;
  email: string;
  walletAddress?: string;
  provider: 'sandbox' | 'crypto';
  returnUrl: string;
  cancelUrl: string;
  referralCode?: string;
};

/** 201 with where to pay; the same key and body answer the first session again (a retry never pays twice). */
export const createCheckout = (input: CheckoutInput, idempotencyKey: string) =>
  apiSend<CheckoutSession>('POST', '/api/checkout/session', input, {
    public: true,
    headers: { 'Idempotency-Key': idempotencyKey, [GUEST_ID_HEADER]: guestId() },
  });

/** A guest proves the order is theirs with the checkout's secret; a logged-in buyer's token is sent as well. */
export const getCheckoutOrder = (id: string, secret: string | null, signal?: AbortSignal) =>
  apiGet<{ order: CheckoutOrder }>(`/api/checkout/order/${encodeURIComponent(id)}`, {
    public: true,
    signal,
    headers: secret ? { [CHECKOUT_SECRET_HEADER]: secret } : {},
  }).then((r) => r.order);

export const getHostedPayment = (paymentId: string, signal?: AbortSignal) =>
  apiGet<{ payment: HostedPayment }>(`/api/payments/sandbox/${encodeURIComponent(paymentId)}`, {
    public: true,
    signal,
  }).then((r) => r.payment);

/** The buyer's crypto page: the deposit address, the amount and what has arrived. */
export const getCryptoPayment = (paymentId: string, signal?: AbortSignal) =>
  apiGet<{ payment: HostedCryptoPayment }>(`/api/payments/crypto/${encodeURIComponent(paymentId)}`, {
    public: true,
    signal,
  }).then((r) => r.payment);

/** The payment providers and whether each is configured (no token needed). */
export const listProviders = (signal?: AbortSignal) =>
  apiGet<{ providers: { name: PaymentProvider; configured: boolean }[] }>('/api/payment-sdk/providers', {
    public: true,
    signal,
  }).then((r) => r.providers);

export type CardInput = { cardNumber: string; expiry: string; cvc: string; name: string };

export const confirmSandboxPayment = (paymentId: string, card: CardInput) =>
  apiSend<SandboxConfirmation>('POST', `/api/payments/sandbox/${encodeURIComponent(paymentId)}/confirm`, card, {
    public: true,
  });

export type SignupInput = { name: string; email: string; password: string };

/**
 * 202 whether the email is new or taken (an email says what comes next: a link to confirm, or a warning to the
 * owner); 400 with `fields`: thrown as an ApiError carrying the server's sentences.
 */
export const signup = (input: SignupInput) =>
  apiSend<{ ok: true }>('POST', '/api/shop/auth/signup', input, { public: true }).then(() => undefined);

/** Thrown by login() when the password was right and the account has 2FA: the form asks for the code. */
export class TwoFactorNeeded extends Error {
  constructor(
    readonly challenge: string,
    message: string,
  ) {
    super(message);
    this.name = 'TwoFactorNeeded';
  }
}

/** A logged-in shopper, and what their session must do first: change the password an administrator reset, or enrol in 2FA. */
export type LoggedIn = { user: SessionUser; restriction: Restriction | null };

async function finishLogin(path: string, body: Record<string, string>, fallback: string): Promise<LoggedIn> {
  let res;
  try {
    res = await rawRequest(path, { method: 'POST', body });
  } catch {
    throw networkFailure(false);
  }
  const answer = (res.body ?? {}) as {
    ok?: boolean;
    error?: unknown;
    code?: unknown;
    token?: unknown;
    user?: SessionUser;
    restriction?: Restriction | null;
    twoFactorRequired?: boolean;
    challenge?: string;
  };
  if (res.ok && answer.twoFactorRequired && answer.challenge)
    throw new TwoFactorNeeded(answer.challenge, serverSentence(answer) ?? '');
  if (!res.ok || answer.ok === false || typeof answer.token !== 'string' || !answer.user) {
    throw new ApiError(serverSentence(answer) || fallback, res.status, {
      code: typeof answer.code === 'string' ? answer.code : undefined,
      body: answer,
    });
  }
  forget();
  setToken(answer.token);
  rememberUser(answer.user);
  return { user: answer.user, restriction: answer.restriction ?? null };
}

/**
 * Logs in and stores the token like the admin does. The server's own sentence is kept on failure
 * ("Invalid email or password" …), which is why this reads the raw answer rather than the mapped one.
 * An account with 2FA throws TwoFactorNeeded: then loginWithCode with its challenge.
 */
export const login = (email: string, password: string, fallback: string) =>
  finishLogin('/api/admin/auth/login', { email, password }, fallback);

/** The second step of a login with 2FA: the challenge and a 6-digit code or a recovery code. */
export const loginWithCode = (challenge: string, code: string, fallback: string) =>
  finishLogin('/api/admin/auth/login/2fa', { challenge, code }, fallback);

/** Confirms a sign-up with its emailed link's token: the account is made and logged in. */
export const confirmSignup = (token: string, fallback: string) =>
  finishLogin('/api/shop/auth/confirm', { token }, fallback);

/** Changes the logged-in user's password (required after an administrator reset it). */
export const changePassword = (currentPassword: string, newPassword: string) =>
  apiSend<{ ok: true }>('POST', '/api/auth/password', { currentPassword, newPassword });

/** Who is logged in, and what their session must do first. */
export const currentSession = (signal?: AbortSignal) =>
  apiGet<{ user: SessionUser; restriction?: Restriction | null }>('/api/auth/me', { signal }).then((r): LoggedIn => ({
    user: r.user,
    restriction: r.restriction ?? null,
  }));

/** The shopper's own 2FA: its state, a pending secret to scan, confirming it with a code, turning it off with the password and a code. */
export const getTwoFactor = (signal?: AbortSignal) =>
  apiGet<{ twoFactor: TwoFactorStatus }>('/api/auth/2fa', { signal }).then((r) => r.twoFactor);
export const setupTwoFactor = () => apiSend<TwoFactorSetup>('POST', '/api/auth/2fa/setup', {});
export const enableTwoFactor = (code: string) =>
  apiSend<TwoFactorEnabled>('POST', '/api/auth/2fa/enable', { code }).then((r) => r.recoveryCodes);
export const disableTwoFactor = (password: string, code: string) =>
  apiSend<{ twoFactor: TwoFactorStatus }>('POST', '/api/auth/2fa/disable', { password, code }).then((r) => r.twoFactor);

/** The server revokes the session; the browser forgets it even if that call fails. */
export async function logout(): Promise<void> {
  if (getToken()) await rawRequest('/api/admin/auth/logout', { method: 'POST', body: {} }).catch(() => undefined);
  forget();
}

export function forget(): void {
  clearToken();
  try {
    localStorage.removeItem(USER_KEY);
  } catch {
    /* no storage */
  }
}

export function rememberUser(user: SessionUser): void {
  try {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    /* no storage */
  }
}

export { ApiError, getToken };

/** The logged-in user's own KYC sessions, newest first. */
export const listOwnKyc = (signal?: AbortSignal) =>
  apiGet<{ sessions: KycSession[] }>('/api/kyc/me', { signal }).then((r) => r.sessions);

/** Sends the KYC form with its document (multipart); 201 with the pending session, or an ApiError with the server's sentences. */
export const submitKyc = (form: FormData) =>
  apiSendForm<{ session: KycSession }>('/api/kyc/session', form).then((r) => r.session);

/** The logged-in shopper's membership: level, points, benefits, token balances read from the chain. */
export const getOwnMembership = (signal?: AbortSignal) =>
  apiGet<{ member: Member }>('/api/membership/info', { signal }).then((r) => r.member);

/** Redemptions a page of the account shows. */
export const REDEMPTIONS_PAGE_SIZE = 5;
export const listOwnRedemptions = (signal?: AbortSignal) =>
  apiGet<{ redemptions: Redemption[] }>(
    `/api/membership/redemptions/history${toQuery({ limit: REDEMPTIONS_PAGE_SIZE })}`,
    { signal },
  ).then((r) => r.redemptions);

/** 201 with the pending redemption (its points held); an ApiError with the server's sentence otherwise. */
export const redeemPoints = (input: { productId: string; quantity: number }) =>
  apiSend<{ redemption: Redemption }>('POST', '/api/redemptions', input).then((r) => r.redemption);
