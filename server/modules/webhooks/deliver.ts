/**
 * The webhook delivery worker, one loop per process (like the notification worker): it claims due deliveries with
 * FOR UPDATE SKIP LOCKED for a lease, sends each outside any transaction, then records the attempt and the outcome
 * in one transaction (only while its claim still holds). A process killed mid-delivery leaves its claims to expire;
 * they are then due again, so every event is delivered at least once. A record's events reach one endpoint in order:
 * a delivery waits while an earlier event of the same record to the same endpoint is open. A failure comes back
 * after an exponential delay with jitter, for up to 3 days after the event; an endpoint failing every attempt for
 * long enough is turned off and the admins are told.
 */
import http from 'node:http';
import https from 'node:https';
import { sql } from 'drizzle-orm';
import { WEBHOOK_RESPONSE_KEPT } from '../../../src/common/webhooks.js';
import { notice } from '../../../src/common/notices-catalogue.js';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema.js';
import { messageOf } from '../../lib/errors.js';
import { startDrainLoop } from '../../lib/loop.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { notifyMany } from '../notifications/notify.js';
import { safeLookup, urlRefusal } from './address.js';
import { sentenceOf } from '../../lib/errors.js';
import { endpointsChanged, onWebhooksQueued } from './outbox.js';
import { PRUNE_EVERY_MS, pruneWebhookEvents } from './prune.js';
import { signedHeaders } from './sign.js';
import { webhookOutcomes } from '../metrics/business.js';

export type WebhookWorkerOptions = {
  /** Deliveries sent at once. */
  batch?: number;
  /** The first retry's delay; each next one doubles (with ±25 % jitter), up to `maxRetryMs`. */
  retryBaseMs?: number;
  maxRetryMs?: number;
  /** How long after its event a delivery is still tried (3 days). */
  maxAgeMs?: number;
  /** An endpoint is turned off after this many attempts failed in a row… */
  disableAfterFailures?: number;
  /** …spanning at least this long. */
  disableAfterMs?: number;
};

const defaults = {
  batch: 20,
  retryBaseMs: 5000,
  maxRetryMs: 4 * 3600_000,
  maxAgeMs: 3 * 86_400_000,
  disableAfterFailures: 20,
  disableAfterMs: 86_400_000,
};
type Options = typeof defaults;

/** A claim outlives its attempt's timeout by this long: the time to record the outcome, on a slow database too. */
const LEASE_GRACE_S = 10;

/** Pino's shape: a line per delivery's outcome, with the id of the request that caused its event. */
type DeliveryLog = { info(fields: object, msg: string): void; warn(fields: object, msg: string): void };
export type DeliveryDeps = {
  db: Db;
  box: SecretBox;
  timeoutMs: number;
  allowInsecure: boolean;
  log?: DeliveryLog;
  /** Ended events older than this are deleted by the worker (prune.ts); unset: kept. */
  retentionDays?: number;
};

/** The delay before retry number `attempts` (1: the first failure), with ±25 % jitter. */
export function retryDelayMs(attempts: number, o: Pick<Options, 'retryBaseMs' | 'maxRetryMs'>, random = Math.random) {
  const plain = Math.min(o.retryBaseMs * 2 ** Math.min(attempts - 1, 30), o.maxRetryMs);
  return Math.round(plain * (0.75 + random() * 0.5));
}

/** Gives back deliveries a worker claimed and never recorded (it stopped mid-way): they are due again. */
export async function releaseStaleDeliveries(db: Db) {
  await db.execute(sql`
    update ${webhookDeliveries} set status = 'pending', lease_until = null, next_attempt_at = now()
    where status = 'sending' and lease_until < now()`);
}

type Claimed = {
  id: number | string;
  attempts: number;
  endpoint_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_until: Date | string | null;
  msg_id: string;
  request_id: string | null;
  payload: unknown;
  event_at: Date | string;
};

async function claim(deps: DeliveryDeps, o: Options): Promise<Claimed[]> {
  const leaseSeconds = deps.timeoutMs / 1000 + LEASE_GRACE_S;
  return queryRows<Claimed>(
    deps.db,
    sql`
    with due as (
      select d.id from ${webhookDeliveries} d
      join ${webhookEndpoints} e on e.id = d.endpoint_id and e.enabled
      where d.status = 'pending' and d.next_attempt_at <= now()
        and not exists (
          select 1 from ${webhookDeliveries} p
          where p.endpoint_id = d.endpoint_id and p.record_key = d.record_key and p.event_seq < d.event_seq
            and p.status in ('pending', 'sending'))
      order by d.next_attempt_at, d.id limit ${o.batch}
      for update of d skip locked
    ),
    claimed as (
      update ${webhookDeliveries} d set status = 'sending', attempts = d.attempts + 1,
        lease_until = now() + make_interval(secs => ${leaseSeconds})
      from due where d.id = due.id
      returning d.id, d.attempts, d.endpoint_id, d.event_seq
    )
    select c.id, c.attempts, c.endpoint_id, e.url, e.secret, e.previous_secret, e.previous_until,
      ev.id as msg_id, ev.request_id, ev.payload, ev.created_at as event_at
    from claimed c join webhook_endpoints e on e.id = c.endpoint_id join webhook_events ev on ev.seq = c.event_seq
    order by c.id`,
  );
}

export type Sent = {
  statusCode: number | null;
  ok: boolean;
  durationMs: number;
  response: string | null;
  error: string | null;
};

/** One POST to the receiver, cut after `timeoutMs`; never throws. */
export function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  allowInsecure: boolean,
): Promise<Sent> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const refused = urlRefusal(url, allowInsecure);
  if (refused)
    return Promise.resolve({ statusCode: null, ok: false, durationMs: 0, response: null, error: sentenceOf(refused) });
  return new Promise((resolve) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    let settled = false;
    const done = (s: Omit<Sent, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...s, durationMs: took() });
    };
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'RWA-Commerce-Webhooks/1',
        },
        ...(allowInsecure ? {} : { lookup: safeLookup }),
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < WEBHOOK_RESPONSE_KEPT) text += chunk;
          else res.destroy();
        });
        const finish = () => {
          const code = res.statusCode ?? null;
          const ok = code !== null && code >= 200 && code < 300;
          done({
            statusCode: code,
            ok,
            response: text.slice(0, WEBHOOK_RESPONSE_KEPT) || null,
            error: ok ? null : `The receiver answered ${code}.`,
          });
        };
        res.on('end', finish);
        res.on('close', finish);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      done({ statusCode: null, ok: false, response: null, error: `No answer within ${timeoutMs} ms.` });
    }, timeoutMs);
    req.on('error', (err) => done({ statusCode: null, ok: false, response: null, error: messageOf(err) }));
    req.end(body);
  });
}

const asDate = (d: Date | string) => (d instanceof Date ? d : new Date(d));

/** The secrets that sign now: the current one, and the one rotated away while its overlap lasts. */
export function signingSecrets(c: Pick<Claimed, 'secret' | 'previous_secret' | 'previous_until'>, box: SecretBox) {
  const secrets = [box.open(c.secret)];
  if (c.previous_secret && c.previous_until && asDate(c.previous_until).getTime() > Date.now())
    secrets.push(box.open(c.previous_secret));
  return secrets;
}

async function deliverOne(deps: DeliveryDeps, c: Claimed, o: Options) {
  const body = JSON.stringify(c.payload);
  const headers = signedHeaders(signingSecrets(c, deps.box), c.msg_id, Math.floor(Date.now() / 1000), body);
  const sent = await post(c.url, headers, body, deps.timeoutMs, deps.allowInsecure);
  await deps.db.transaction((tx) => record(tx, c, sent, o));
  logOutcome(deps.log, c, sent);
}

function logOutcome(log: DeliveryLog | undefined, c: Claimed, sent: Sent) {
  if (!log) return;
  // The host only: a receiver's path or query may hold a token of its own.
  const host = URL.canParse(c.url) ? new URL(c.url).host : '';
  const fields = { webhookDeliveryId: Number(c.id), webhookId: c.msg_id, reqId: c.request_id ?? undefined };
  const outcome = sent.ok ? `${sent.statusCode}` : (sent.error ?? `${sent.statusCode}`);
  const line = `webhook delivery ${c.id} to ${host}, attempt ${c.attempts}: ${outcome} in ${sent.durationMs} ms`;
  if (sent.ok) log.info(fields, line);
  else log.warn(fields, line);
}

/** The attempt, the delivery's outcome and the endpoint's streak, in one transaction; only while the claim holds. */
async function record(tx: Tx, c: Claimed, sent: Sent, o: Options) {
  const id = Number(c.id);
  const [held] = await queryRows<{ id: number }>(
    tx,
    sql`select id from ${webhookDeliveries} where id = ${id} and status = 'sending' for update`,
  );
  if (!held) return;
  await tx.insert(webhookAttempts).values({
    deliveryId: id,
    endpointId: c.endpoint_id,
    statusCode: sent.statusCode,
    ok: sent.ok,
    durationMs: sent.durationMs,
    response: sent.response,
    error: sent.error,
  });
  if (sent.ok) {
    await tx.execute(sql`update ${webhookDeliveries} set status = 'delivered', delivered_at = now(),
      lease_until = null, last_error = null where id = ${id}`);
    await tx.execute(
      sql`update ${webhookEndpoints} set failures = 0, failing_since = null where id = ${c.endpoint_id}::uuid`,
    );
    webhookOutcomes.inc({ outcome: 'delivered' });
    return;
  }
  const tooOld = Date.now() - asDate(c.event_at).getTime() >= o.maxAgeMs;
  if (tooOld) webhookOutcomes.inc({ outcome: 'failed' });
  const delaySeconds = retryDelayMs(c.attempts, o) / 1000;
  await tx.execute(sql`update ${webhookDeliveries} set lease_until = null, last_error = ${sent.error},
    ${tooOld ? sql`status = 'failed'` : sql`status = 'pending', next_attempt_at = now() + make_interval(secs => ${delaySeconds})`}
    where id = ${id}`);
  const [endpoint] = await queryRows<{ failures: number; url: string; off: boolean }>(
    tx,
    sql`update ${webhookEndpoints} set failures = failures + 1, failing_since = coalesce(failing_since, now())
    where id = ${c.endpoint_id}::uuid
    returning failures, url, (enabled and failures >= ${o.disableAfterFailures}
      and failing_since <= now() - make_interval(secs => ${o.disableAfterMs / 1000})) as off`,
  );
  if (endpoint?.off) await disableFailing(tx, c.endpoint_id, endpoint.url, endpoint.failures);
}

/** Turns off an endpoint that keeps failing and tells every active admin. */
async function disableFailing(tx: Tx, endpointId: string, url: string, failures: number) {
  const reason = `Turned off after ${failures} failed attempts in a row.`;
  await tx.execute(sql`update ${webhookEndpoints} set enabled = false, disabled_reason = ${reason}, updated_at = now()
    where id = ${endpointId}::uuid`);
  endpointsChanged();
  const admins = await queryRows<{ id: string }>(
    tx,
    sql`select id from users where role = 'admin' and status = 'active'`,
  );
  await notifyMany(
    tx,
    admins.map((a) => ({
      userId: a.id,
      channels: ['in_app'] as const,
      link: `/webhooks/${endpointId}/show`,
      notice: notice('webhook_disabled', { url, failures }),
    })),
  );
}

/** One round: stale claims released, a batch claimed and delivered. Answers whether there was any. */
export async function deliverOnce(deps: DeliveryDeps, options: WebhookWorkerOptions = {}): Promise<boolean> {
  const o = { ...defaults, ...options };
  await releaseStaleDeliveries(deps.db);
  const claimed = await claim(deps, o);
  await Promise.all(claimed.map((c) => deliverOne(deps, c, o)));
  return claimed.length > 0;
}

type Log = { error(msg: string): void };

/** Runs the worker until stopped: at once, whenever this process stores an event, and every `pollMs`. */
export function startWebhookWorker(deps: DeliveryDeps, pollMs: number, log: Log, options: WebhookWorkerOptions = {}) {
  let prunedAt = 0;
  return startDrainLoop({
    drain: async () => {
      if (deps.retentionDays && Date.now() - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await pruneWebhookEvents(deps.db, deps.retentionDays);
      }
      return deliverOnce(deps, options);
    },
    pollMs,
    onError: (err) => log.error(`Webhook worker: ${messageOf(err)}`),
    subscribe: onWebhooksQueued,
    name: 'webhook_delivery',
  });
}
