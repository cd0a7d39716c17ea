import type {
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEventType,
} from '../../../src/common/webhooks.js';
import type { webhookEndpoints } from '../../db/schema.js';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** An endpoint as the API answers it: never its secrets. */
export function presentWebhook(e: typeof webhookEndpoints.$inferSelect, now = Date.now()): WebhookEndpoint {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    events: e.events as WebhookEventType[],
    enabled: e.enabled,
    disabledReason: e.disabledReason,
    failures: e.failures,
    previousSecretUntil: e.previousUntil && e.previousUntil.getTime() > now ? e.previousUntil.toISOString() : null,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

export type DeliveryRow = {
  id: number | string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: number;
  next_attempt_at: Date | string | null;
  last_error: string | null;
  created_at: Date | string;
  delivered_at: Date | string | null;
};

export const presentDelivery = (d: DeliveryRow): WebhookDelivery => ({
  id: Number(d.id),
  eventId: d.event_id,
  eventType: d.event_type,
  status: d.status as WebhookDeliveryStatus,
  attempts: d.attempts,
  nextAttemptAt: d.status === 'pending' ? iso(d.next_attempt_at) : null,
  lastError: d.last_error,
  createdAt: iso(d.created_at)!,
  deliveredAt: iso(d.delivered_at),
});

export type AttemptRow = {
  id: number | string;
  delivery_id: number | string;
  event_id: string;
  event_type: string;
  status_code: number | null;
  ok: boolean;
  duration_ms: number;
  response: string | null;
  error: string | null;
  created_at: Date | string;
};

export const presentAttempt = (a: AttemptRow): WebhookAttempt => ({
  id: Number(a.id),
  deliveryId: Number(a.delivery_id),
  eventId: a.event_id,
  eventType: a.event_type,
  statusCode: a.status_code,
  ok: a.ok,
  durationMs: a.duration_ms,
  response: a.response,
  error: a.error,
  createdAt: iso(a.created_at)!,
});
