/**
 * The webhooks outbox: `emitWebhook` is called inside the transaction of the change that causes an event, so the event
 * is stored exactly when the change commits (never lost, never invented). Nothing is written, and the record is not
 * even read, when no enabled endpoint listens for the event's type. The delivery worker (deliver.ts) sends it.
 */
import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '../../../src/common/webhooks.js';
import { afterCommit } from '../../db/after-commit.js';
import { queryRows, type Queryable } from '../../db/client.js';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.js';
import { cachesTrusted, invalidated, onInvalidation } from '../../lib/invalidation.js';
import { currentRequestId } from '../../lib/request-id.js';
import { newMessageId } from './sign.js';

/**
 * The event types some enabled endpoint listens for, kept until an endpoint changes (dropped on every process then,
 * as the settings are): a change nobody listens to costs no statement in its transaction. No timer refreshes it, so
 * the statements of a write do not depend on the clock.
 */
let types: Set<string> | null = null;
let generation = 0;
const dropTypes = () => {
  types = null;
  generation += 1;
};
onInvalidation((event) => {
  if (event === 'webhooks' || event === 'all') dropTypes();
});

/**
 * An app starting on its database reads the types afresh: the copy is the process's, and tests and benchmarks open
 * one database after another in one process (a production process has one database).
 */
export const forgetListenedTypes = dropTypes;

/** Call when endpoints change (created, changed, deleted, turned off): every process reads their types again. */
export function endpointsChanged() {
  dropTypes();
  invalidated('webhooks');
}

async function listenedTypes(tx: Queryable): Promise<Set<string>> {
  if (types && cachesTrusted()) return types;
  const before = generation;
  const rows = await queryRows<{ type: string }>(
    tx,
    sql`select distinct unnest(events) as type from ${webhookEndpoints} where enabled`,
  );
  const set = new Set(rows.map((r) => r.type));
  if (generation === before) types = set;
  return set;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** The worker of this process listens here to start at once instead of at its next poll. */
export function onWebhooksQueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export function webhooksQueued() {
  for (const l of listeners) l();
}

/** The body a receiver gets: `{type, timestamp, data}`. */
export const eventBody = (type: string, timestamp: Date, data: unknown) => ({
  type,
  timestamp: timestamp.toISOString(),
  data,
});

/** Whether an enabled endpoint listens for `type` (a caller whose record key costs a read asks this first). */
export async function anyListening(tx: Queryable, type: WebhookEventType): Promise<boolean> {
  return (await listenedTypes(tx)).has(type);
}

/**
 * Stores an event about a record (`kind:id`, e.g. `order:…`) for every enabled endpoint that listens for `type`, in
 * the caller's transaction. `data` answers the record as the API shows it, read only when someone listens.
 * Answers whether anything was stored.
 */
export async function emitWebhook(
  tx: Queryable,
  type: WebhookEventType,
  recordKey: string,
  data: () => Promise<unknown> | unknown,
  now = new Date(),
): Promise<boolean> {
  if (!(await anyListening(tx, type))) return false;
  const listening = await queryRows<{ id: string }>(
    tx,
    sql`select id from ${webhookEndpoints} where enabled and ${type} = any(events)`,
  );
  if (listening.length === 0) return false;
  const payload = eventBody(type, now, await data());
  await storeEvent(
    tx,
    type,
    recordKey,
    payload,
    listening.map((e) => e.id),
    now,
  );
  afterCommit(webhooksQueued);
  return true;
}

/** One statement: the event and one pending delivery to each endpoint. */
export async function storeEvent(
  tx: Queryable,
  type: string,
  recordKey: string,
  payload: unknown,
  endpointIds: readonly string[],
  now = new Date(),
) {
  const id = newMessageId();
  const ids = sql.join(
    endpointIds.map((e) => sql`${e}::uuid`),
    sql`, `,
  );
  const [row] = await queryRows<{ seq: number; id: string }>(
    tx,
    sql`
    with event as (
      insert into ${webhookEvents} (id, type, record_key, payload, request_id, created_at)
      values (${id}, ${type}, ${recordKey}, ${JSON.stringify(payload)}::jsonb, ${currentRequestId()},
        ${now.toISOString()}::timestamptz)
      returning seq, id
    ),
    sent as (
      insert into ${webhookDeliveries} (endpoint_id, event_seq, record_key)
      select e, event.seq, ${recordKey} from event, unnest(array[${ids}]) as e
      returning id
    )
    select event.seq, event.id, (select count(*) from sent)::int as n from event`,
  );
  return row!;
}
