/**
 * What the product tells people, by message code: the English title and body of every notification an event writes.
 * The server stores a notification's code and params beside the English made from here (notifications/notify.ts);
 * the bell, the notifications page and the shop show the code and params in the reader's language (the Chinese in
 * `notices-catalogue.zh.ts`), and the stored text when a notification has no code (staff wrote it, or it is older
 * than the codes). Placeholders are `%{name}`, as in errors-catalogue.ts.
 */
import { fillMessage } from './errors-catalogue.js';

export type NoticeText = { title: string; body: string };

export const NOTICE_MESSAGES = {
  order_paid: {
    title: 'Order %{order} is paid',
    body: 'We received your payment of %{amount} %{currency} for order %{orderId}. Thank you for your purchase.',
  },
  token_minted: {
    title: 'Your token %{tokenId} was minted',
    body: '%{amount} of token %{tokenId} from order %{orderId} reached %{wallet} in transaction %{txHash}.',
  },
  payout_sent_tx: {
    title: 'Your payout was sent',
    body: 'Your payout of %{amount} %{currency} was completed (transaction %{txHash}).',
  },
  payout_sent_bank: {
    title: 'Your payout was sent',
    body: 'Your payout of %{amount} %{currency} was completed (bank reference %{reference}).',
  },
  kyc_verified: {
    title: 'Your identity is verified',
    body: 'Your identity check was approved: purchases that need a verified buyer are open to you.',
  },
  kyc_rejected: {
    title: 'Your identity check was not accepted',
    body: 'Your identity check was rejected: %{reason}. You may send it again from your account.',
  },
  redemption_approved: {
    title: 'Your redemption was approved',
    body: 'Your redemption of %{points} points was approved; order %{order} is on its way.',
  },
  redemption_approved_note: {
    title: 'Your redemption was approved',
    body: 'Your redemption of %{points} points was approved; order %{order} is on its way. %{note}',
  },
  redemption_rejected: {
    title: 'Your redemption was rejected',
    body: 'Your redemption was rejected and its %{points} points are back in your balance.',
  },
  redemption_rejected_note: {
    title: 'Your redemption was rejected',
    body: 'Your redemption was rejected and its %{points} points are back in your balance. Reason: %{note}',
  },
  level_up: {
    title: 'You are now a %{level} member',
    body: 'Your points and orders have taken you to the %{level} level. Its benefits apply to your next purchase.',
  },
  level_changed: {
    title: 'Your membership level is now %{level}',
    body: "The membership levels' requirements have changed: with your points and orders your level is now %{level} instead of %{from}.",
  },
  account_suspended: {
    title: 'Your %{siteName} account was suspended',
    body: 'Your account %{email} on %{siteName} was suspended by an administrator, and you were logged out. If you think this is a mistake, reply to this email or contact support.',
  },
  password_invite: {
    title: 'Set your password for %{siteName}',
    body: 'An administrator created an account for %{email} on %{siteName}. Choose your password with the link below: it works once, for %{hours} hours.',
  },
  password_reset: {
    title: 'Reset your password for %{siteName}',
    body: 'An administrator reset the password of %{email} on %{siteName}. Choose a new password with the link below: it works once, for %{hours} hours.',
  },
  signup_taken: {
    title: 'Someone tried to sign up with your address on %{siteName}',
    body: 'Someone tried to create an account on %{siteName} with %{email}, which already has an account: nothing was changed. If it was you, log in instead. If not, you can ignore this email.',
  },
  signup_confirm: {
    title: 'Confirm your email for %{siteName}',
    body: 'Someone, probably you, signed up on %{siteName} with %{email}. Follow the link below within %{hours} hours to create your account and log in. If it was not you, ignore this email: no account is made.',
  },
  welcome: {
    title: 'Welcome to %{siteName}',
    body: 'Hello, your account on %{siteName} is ready. Browse the shop at %{shopUrl}. Your orders, identity check, membership points and the wallet that receives your tokens are on your account page: %{accountUrl}.',
  },
  welcome_named: {
    title: 'Welcome to %{siteName}',
    body: 'Hello %{name}, your account on %{siteName} is ready. Browse the shop at %{shopUrl}. Your orders, identity check, membership points and the wallet that receives your tokens are on your account page: %{accountUrl}.',
  },
  // Reminders to staff (the demo data's inboxes carry them).
  payout_awaits_approval: {
    title: 'A payout awaits your approval',
    body: 'A payout created by %{creator} needs a second person’s approval.',
  },
  payout_to_approve: {
    title: 'A payout awaits your approval',
    body: '%{creator} created a payout of %{amount} %{currency} to %{recipient}. It needs a second person’s approval before it is paid.',
  },
  kyc_to_review: { title: 'Identity checks to review', body: 'New identity documents were sent for review.' },
  commissions_to_review: {
    title: 'Commissions to review',
    body: 'Commissions past their hold period wait for approval.',
  },
  payout_failed: { title: 'A payout failed', body: 'The bank returned a transfer; the payout needs another look.' },
  weekly_report: { title: 'Weekly report ready', body: 'Last week’s sales and commissions are in Reports.' },
  low_stock: { title: 'Low stock', body: 'A product has fewer than %{count} items left.' },
  webhook_disabled: {
    title: 'A webhook endpoint was turned off',
    body: 'Deliveries to %{url} failed %{failures} times in a row, so the endpoint was turned off. Fix the receiver, then turn it on again in Webhooks.',
  },
} as const satisfies Record<string, NoticeText>;

export type NoticeCode = keyof typeof NOTICE_MESSAGES;
export type NoticeParams = Record<string, string | number>;
/** A notification as its message code and params. */
export type Notice = { messageCode: NoticeCode; params: NoticeParams };

export const notice = (messageCode: NoticeCode, params: NoticeParams = {}): Notice => ({ messageCode, params });

export const isNoticeCode = (code: unknown): code is NoticeCode =>
  typeof code === 'string' && Object.hasOwn(NOTICE_MESSAGES, code);

/** `params` with each membership level's name (the params `level` and `from`) said by `levelName`. */
export function withLevelNames(params: NoticeParams | null | undefined, levelName: (level: string) => string) {
  return Object.fromEntries(
    Object.entries(params ?? {}).map(([k, v]) => [
      k,
      (k === 'level' || k === 'from') && typeof v === 'string' ? levelName(v) : v,
    ]),
  );
}

/**
 * A notice's title and body from `catalogue` (English unless told), with level names from `levels`; null for a code
 * the catalogue does not know (the caller shows the stored text).
 */
export function noticeText(
  code: string | null | undefined,
  params: NoticeParams | null | undefined,
  catalogue: Record<NoticeCode, NoticeText> = NOTICE_MESSAGES,
  levels: Record<string, string> = {},
): NoticeText | null {
  if (!isNoticeCode(code)) return null;
  const said = withLevelNames(params, (v) => (Object.hasOwn(levels, v) ? levels[v]! : v));
  const t = catalogue[code];
  return { title: fillMessage(t.title, said), body: fillMessage(t.body, said) };
}
