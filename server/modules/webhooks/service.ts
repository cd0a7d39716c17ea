/** Webhook endpoints: register, change, rotate the secret, delete; the delivery log, replays and test events. */
import { desc, eq, sql } from 'drizzle-orm';
import type { WebhookInput, WebhookPatch } from '../../../src/common/webhooks.schemas.js';
import { WEBHOOK_TEST_EVENT, type WebhookEndpoint } from '../../../src/common/webhooks.js';
import { queryRows, type Db } from '../../db/client.js';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.js';
import { invalidField, notFound } from '../../lib/errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Actor } from '../../types.js';
import { audit } from '../audit/service.js';
import { changes } from '../audit/changes.js';
import { resolveRefusal } from './address.js';
import { endpointsChanged, eventBody, storeEvent, webhooksQueued } from './outbox.js';
import { ROTATION_OVERLAP_MS } from './policy.js';
import { presentAttempt, presentDelivery, presentWebhook, type AttemptRow, type DeliveryRow } from './present.js';
import { newWebhookSecret } from './sign.js';

export type WebhookDeps = { db: Db; box: SecretBox; allowInsecure: boolean };

async function checkUrl(url: string, allowInsecure: boolean) {
  const refusal = await resolveRefusal(url, allowInsecure);
  if (refusal) throw invalidField('url', refusal);
}

async function row(db: Db, id: string) {
  const [e] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
  if (!e) throw notFound('webhook_not_found');
  return e;
}

export async function listWebhooks(db: Db) {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return { webhooks: rows.map((e) => presentWebhook(e)), total: rows.length };
}

export const getWebhook = async (db: Db, id: string) => presentWebhook(await row(db, id));

/** A new endpoint and its secret (answered this once). */
export async function createWebhook(deps: WebhookDeps, input: WebhookInput, actor: Actor) {
  await checkUrl(input.url, deps.allowInsecure);
  const secret = newWebhookSecret();
  const webhook = await deps.db.transaction(async (tx) => {
    const [e] = await tx
      .insert(webhookEndpoints)
      .values({
        url: input.url,
        description: input.description,
        events: [...new Set(input.events)],
        enabled: input.enabled ?? true,
        secret: deps.box.seal(secret),
      })
      .returning();
    await audit(tx, actor, 'webhook.create', 'webhook', e!.id, { url: e!.url, events: e!.events, enabled: e!.enabled });
    return presentWebhook(e!);
  });
  endpointsChanged(); // once committed: a read before it would keep the old types
  return { webhook, secret };
}

export async function updateWebhook(
  deps: WebhookDeps,
  id: string,
  patch: WebhookPatch,
  actor: Actor,
): Promise<WebhookEndpoint> {
  if (patch.url !== undefined) await checkUrl(patch.url, deps.allowInsecure);
  const changed = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update').limit(1);
    if (!before) throw notFound('webhook_not_found');
    const next = {
      ...(patch.url !== undefined ? { url: patch.url } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.events !== undefined ? { events: [...new Set(patch.events)] } : {}),
      ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
      // Turned on again: the failures that turned it off are forgotten.
      ...(patch.enabled && !before.enabled ? { failures: 0, failingSince: null, disabledReason: null } : {}),
    };
    const [after] = await tx
      .update(webhookEndpoints)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    await audit(tx, actor, 'webhook.update', 'webhook', id, changes(before, next));
    return presentWebhook(after!);
  });
  endpointsChanged();
  if (patch.enabled) webhooksQueued();
  return changed;
}

export async function deleteWebhook(db: Db, id: string, actor: Actor) {
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .returning({ url: webhookEndpoints.url });
    if (gone.length === 0) throw notFound('webhook_not_found');
    await audit(tx, actor, 'webhook.delete', 'webhook', id, { url: gone[0]!.url });
  });
  endpointsChanged();
}

/** A new secret (answered this once); the one it replaces goes on signing beside it for ROTATION_OVERLAP_MS. */
export async function rotateSecret(deps: WebhookDeps, id: string, actor: Actor, now = new Date()) {
  const secret = newWebhookSecret();
  const webhook = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update').limit(1);
    if (!before) throw notFound('webhook_not_found');
    const [after] = await tx
      .update(webhookEndpoints)
      .set({
        secret: deps.box.seal(secret),
        previousSecret: before.secret,
        previousUntil: new Date(now.getTime() + ROTATION_OVERLAP_MS),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    await audit(tx, actor, 'webhook.rotate_secret', 'webhook', id, { overlapHours: ROTATION_OVERLAP_MS / 3600_000 });
    return presentWebhook(after!);
  });
  return { webhook, secret };
}

/** The endpoint's latest deliveries and attempts, newest first. */
export async function deliveryLog(db: Db, id: string, limit: number) {
  await row(db, id);
  const deliveries = await queryRows<DeliveryRow>(
    db,
    sql`select d.id, ev.id as event_id, ev.type as event_type, d.status, d.attempts, d.next_attempt_at, d.last_error,
      d.created_at, d.delivered_at
    from ${webhookDeliveries} d join ${webhookEvents} ev on ev.seq = d.event_seq
    where d.endpoint_id = ${id}::uuid order by d.id desc limit ${limit}`,
  );
  const attempts = await queryRows<AttemptRow>(
    db,
    sql`select a.id, a.delivery_id, ev.id as event_id, ev.type as event_type, a.status_code, a.ok, a.duration_ms,
      a.response, a.error, a.created_at
    from webhook_attempts a join ${webhookDeliveries} d on d.id = a.delivery_id join ${webhookEvents} ev on ev.seq = d.event_seq
    where a.endpoint_id = ${id}::uuid order by a.id desc limit ${limit}`,
  );
  return { deliveries: deliveries.map(presentDelivery), attempts: attempts.map(presentAttempt) };
}

async function deliveryOf(db: Db, id: string, deliveryId: number) {
  const [d] = await queryRows<DeliveryRow>(
    db,
    sql`select d.id, ev.id as event_id, ev.type as event_type, d.status, d.attempts, d.next_attempt_at, d.last_error,
      d.created_at, d.delivered_at
    from ${webhookDeliveries} d join ${webhookEvents} ev on ev.seq = d.event_seq
    where d.endpoint_id = ${id}::uuid and d.id = ${deliveryId}`,
  );
  if (!d) throw notFound('webhook_delivery_not_found');
  return d;
}

/** Sends a delivery's event to its endpoint again, as a new delivery (the same message id: receivers may dedupe). */
export async function replayDelivery(db: Db, id: string, deliveryId: number, actor: Actor) {
  await deliveryOf(db, id, deliveryId);
  const made = await db.transaction(async (tx) => {
    const [d] = await queryRows<{ id: number }>(
      tx,
      sql`insert into ${webhookDeliveries} (endpoint_id, event_seq, record_key)
      select endpoint_id, event_seq, record_key from ${webhookDeliveries} where id = ${deliveryId}
      returning id`,
    );
    await audit(tx, actor, 'webhook.replay', 'webhook', id, { deliveryId, replay: Number(d!.id) });
    return Number(d!.id);
  });
  webhooksQueued();
  return presentDelivery(await deliveryOf(db, id, made));
}

/** Queues a `webhook.test` event for this endpoint alone. */
export async function sendTestEvent(db: Db, id: string, actor: Actor) {
  const endpoint = await row(db, id);
  const now = new Date();
  const event = await db.transaction(async (tx) => {
    const data = { endpointId: endpoint.id, message: 'A test event from RWA Commerce.' };
    const stored = await storeEvent(
      tx,
      WEBHOOK_TEST_EVENT,
      `test:${endpoint.id}:${now.getTime()}`,
      eventBody(WEBHOOK_TEST_EVENT, now, data),
      [endpoint.id],
      now,
    );
    await audit(tx, actor, 'webhook.test', 'webhook', id, { eventId: stored.id });
    return stored;
  });
  webhooksQueued();
  const [d] = await queryRows<{ id: number }>(
    db,
    sql`select id from ${webhookDeliveries} where event_seq = ${event.seq} and endpoint_id = ${id}::uuid`,
  );
  return presentDelivery(await deliveryOf(db, id, Number(d!.id)));
}
