import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../../../common/webhooks';
import { apiGet, apiSend } from '../../../lib/api';

/** The endpoint calls react-admin's data provider does not make: the log, a test event, a replay, a new secret. */
const base = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

export type DeliveryLog = { deliveries: WebhookDelivery[]; attempts: WebhookAttempt[] };

export const deliveryLog = (id: string, signal?: AbortSignal) =>
  apiGet<DeliveryLog>(`${base(id)}/deliveries?limit=50`, { signal });

export const sendTest = (id: string) => apiSend<{ delivery: WebhookDelivery }>('POST', `${base(id)}/test`);

export const replay = (id: string, deliveryId: number) =>
  apiSend<{ delivery: WebhookDelivery }>('POST', `${base(id)}/deliveries/${deliveryId}/replay`);

export const rotate = (id: string) =>
  apiSend<{ webhook: WebhookEndpoint; secret: string }>('POST', `${base(id)}/rotate`);

export const logKey = (id: string) => ['webhooks', id, 'deliveries'] as const;
