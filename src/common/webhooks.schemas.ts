/** What the webhook routes take, and what they answer (server/modules/webhooks). */
import { z } from 'zod';
import { answerText, instant, nullableInstant, okWith } from './answers.schemas.js';
import { kycSessionAnswer } from './kyc.schemas.js';
import { mintJobAnswer } from './mint.schemas.js';
import { payoutAnswer } from './payouts.schemas.js';
import { userAnswer } from './users.schemas.js';
import { orderDetailAnswer, orderPaymentAnswer } from './orders.schemas.js';
import { optionalText, text } from './text.js';
import {
  WEBHOOK_TEST_EVENT,
  type WebhookEventType,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENTS,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookEndpoint,
} from './webhooks.js';

const fields = {
  /** Checked further by the service: https, and no private address (server/modules/webhooks/address.ts). */
  url: text('URL', { max: 2000 }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS), { error: 'Events must be a list of event names.' })
    .min(1, 'Choose at least one event.')
    .max(WEBHOOK_EVENTS.length),
  description: optionalText('Description', WEBHOOK_DESCRIPTION_MAX),
  enabled: z.boolean({ error: 'Enabled must be true or false.' }).optional(),
};

export const webhookBody = z.object(fields);
export const webhookPatch = z.object(fields).partial();
export type WebhookInput = z.infer<typeof webhookBody>;
export type WebhookPatch = z.infer<typeof webhookPatch>;

export const webhookAnswer = z.object({
  id: answerText,
  url: answerText,
  description: answerText.nullable(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  disabledReason: answerText.nullable(),
  failures: z.number().int(),
  previousSecretUntil: nullableInstant.describe('Until when the secret rotated away still signs'),
  createdAt: instant,
  updatedAt: instant,
}) satisfies z.ZodType<WebhookEndpoint>;

export const webhookOne = okWith({ webhook: webhookAnswer });
/** Create and rotate: the secret, shown this once. */
export const webhookWithSecret = okWith({
  webhook: webhookAnswer,
  secret: answerText.describe('The signing secret (whsec_…): shown only now'),
});
export const webhookList = okWith({ webhooks: z.array(webhookAnswer), total: z.number().int() });

export const webhookDeliveryAnswer = z.object({
  id: z.number().int(),
  eventId: answerText,
  eventType: answerText,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: nullableInstant,
  lastError: answerText.nullable(),
  createdAt: instant,
  deliveredAt: nullableInstant,
}) satisfies z.ZodType<WebhookDelivery>;

export const webhookAttemptAnswer = z.object({
  id: z.number().int(),
  deliveryId: z.number().int(),
  eventId: answerText,
  eventType: answerText,
  statusCode: z.number().int().nullable(),
  ok: z.boolean(),
  durationMs: z.number().int(),
  response: answerText.nullable(),
  error: answerText.nullable(),
  createdAt: instant,
}) satisfies z.ZodType<WebhookAttempt>;

export const webhookLogQuery = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be at least 1.').max(200, 'limit can be at most 200.').default(50),
});
export const webhookLog = okWith({
  deliveries: z.array(webhookDeliveryAnswer),
  attempts: z.array(webhookAttemptAnswer),
});
export const deliveryParams = z.object({
  id: text('The id', { max: 36, tooLong: 'The id must be a UUID.' }).uuid('The id must be a UUID.'),
  deliveryId: z.coerce.number({ error: 'The delivery id must be a number.' }).int().min(1),
});
export const webhookDeliveryOne = okWith({ delivery: webhookDeliveryAnswer });

/** What each event's `data` is: the record as the API answers it (GET /api/orders/:id, an order's payment, a mint job, a payout, a KYC session, a user). */
export const WEBHOOK_EVENT_DATA = {
  'order.created': orderDetailAnswer,
  'order.paid': orderDetailAnswer,
  'order.fulfilled': orderDetailAnswer,
  'order.refunded': orderDetailAnswer,
  'payment.succeeded': orderPaymentAnswer,
  'payment.failed': orderPaymentAnswer,
  'payment.refunded': orderPaymentAnswer,
  'mint.succeeded': mintJobAnswer,
  'mint.failed': mintJobAnswer,
  'token.redeemed': mintJobAnswer,
  'payout.approved': payoutAnswer,
  'payout.paid': payoutAnswer,
  'kyc.approved': kycSessionAnswer,
  'kyc.rejected': kycSessionAnswer,
  'user.created': userAnswer,
  [WEBHOOK_TEST_EVENT]: z.object({ endpointId: answerText, message: answerText }),
} satisfies Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, z.ZodType>;

/** A delivery's body: `{type, timestamp, data}`. */
export const webhookEventBody = (type: string, data: z.ZodType) =>
  z.object({ type: z.literal(type), timestamp: instant, data });
