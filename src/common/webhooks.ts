/** Webhooks (issue 41): the events an endpoint may listen for, and what the API answers about endpoints and deliveries. */

export const WEBHOOK_EVENTS = [
  'order.created',
  'order.paid',
  'order.fulfilled',
  'order.refunded',
  'payment.succeeded',
  'payment.failed',
  'payment.refunded',
  'payout.approved',
  'payout.paid',
  'mint.succeeded',
  'mint.failed',
  'token.redeemed',
  'kyc.approved',
  'kyc.rejected',
  'user.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** The test event "Send test event" delivers: not one an endpoint chooses, every endpoint may receive it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Longest a description may be. */
export const WEBHOOK_DESCRIPTION_MAX = 500;
/** How much of a receiver's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_KEPT = 1000;

export type WebhookEndpoint = {
  id: string;
  url: string;
  description: string | null;
  events: WebhookEventType[];
  enabled: boolean;
  /** Why the endpoint was turned off by failures (null when an admin turned it off, or it is on). */
  disabledReason: string | null;
  /** Attempts failed in a row (0 after a success). */
  failures: number;
  /** Until when the secret rotated away still signs (null: no overlap). */
  previousSecretUntil: string | null;
  createdAt: string;
  updatedAt: string;
};

export type WebhookAttempt = {
  id: number;
  deliveryId: number;
  eventId: string;
  eventType: string;
  /** The receiver's HTTP status; null when it gave none (refused, timed out, address refused). */
  statusCode: number | null;
  ok: boolean;
  durationMs: number;
  /** The first part of the receiver's answer. */
  response: string | null;
  error: string | null;
  createdAt: string;
};

export type WebhookDelivery = {
  id: number;
  eventId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
};
