/**
 * Standard Webhooks 1.0 signing: a secret is `whsec_` + base64 of 24 random bytes; a message is signed as
 * `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed with the secret's decoded bytes. While a rotated-away
 * secret still signs, `webhook-signature` carries both signatures, separated by a space.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** A message id: `msg_` and a UUID's hex. */
export const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three headers of a delivery, signed with each secret given. */
export function signedHeaders(secrets: readonly string[], id: string, timestamp: number, body: string) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signature(s, id, timestamp, body)).join(' '),
  };
}
