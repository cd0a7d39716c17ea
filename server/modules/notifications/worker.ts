/**
 * The notification worker, one loop per process: it reaches the recipients of bulk sends in batches (one statement
 * writes a batch's notifications and queues its emails) and delivers queued emails, by SMTP or into the outbox.
 * Everything it does is claimed with FOR UPDATE SKIP LOCKED and recorded in the same transaction, so several processes
 * can run it on one PostgreSQL, a restart goes on where the last one stopped, and each recipient is reached once (a
 * bulk's notifications and emails are also unique per recipient). With SMTP a message is claimed for a while
 * (`sending`), sent outside any transaction, then recorded; failures come back with a growing delay and fail for good
 * after MAX_EMAIL_ATTEMPTS or at once on an SMTP 5xx answer, keeping the server's error.
 */
import { sql } from 'drizzle-orm';
import { MAX_EMAIL_ATTEMPTS } from '../../../src/common/notifications.js';
import { queryRows, type Db, type Queryable } from '../../db/client.js';
import { emailMessages, notificationBulks, notifications, users } from '../../db/schema.js';
import { deliveryFailure, type Mailer } from './mailer.js';
import { emailText, notificationSettings, onNotificationsQueued, type NotificationSettings } from './notify.js';
import { SKIPPED_SENTENCE } from './policy.js';
import { messageOf } from '../../lib/errors.js';
import { startDrainLoop } from '../../lib/loop.js';

export type WorkerOptions = {
  /** Recipients a bulk send reaches per statement. */
  bulkChunk?: number;
  /** Emails moved to the outbox (or skipped) per statement when there is no SMTP server. */
  outboxBatch?: number;
  /** Emails sent by SMTP at once. */
  smtpBatch?: number;
  /** First retry delay; each next one doubles. */
  retryBaseMs?: number;
  maxAttempts?: number;
  /** How long a claimed email is held before another worker may take it again. */
  leaseMs?: number;
};

/** Pino's shape: a line's fields (`reqId`: the request that queued the email), then its words. */
type Log = {
  info(fields: object, msg: string): void;
  warn(fields: object, msg: string): void;
  error(msg: string): void;
};

const defaults = {
  bulkChunk: 5000,
  outboxBatch: 5000,
  smtpBatch: 20,
  retryBaseMs: 1000,
  maxAttempts: MAX_EMAIL_ATTEMPTS,
  leaseMs: 120_000,
};
type Options = typeof defaults;

/** Reaches the next batch of one open bulk send's recipients; answers how many (0: no bulk send waits). */
export async function expandBulkBatch(db: Db, chunk = defaults.bulkChunk): Promise<number> {
  return db.transaction(async (tx) => {
    const [bulk] = await tx
      .select()
      .from(notificationBulks)
      .where(sql`${notificationBulks.status} <> 'completed' and ${notificationBulks.expandedAt} is null`)
      .orderBy(notificationBulks.createdAt)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!bulk) return 0;
    const s = await notificationSettings(tx);
    const inApp = bulk.inApp && s.notifications;
    const text = emailText(bulk.body, bulk.link, s.siteUrl);
    const [r] = await queryRows<{ n: number; last: string | null; notes: number }>(
      tx,
      sql`
      with recipients as (
        select id, email from ${users}
        where status = 'active' and (${bulk.audience} = 'all' or role = ${bulk.audience}) and created_at <= ${bulk.createdAt.toISOString()}::timestamptz
          and (${bulk.cursor}::uuid is null or id > ${bulk.cursor}::uuid)
        order by id limit ${chunk}
      ),
      notes as (
        insert into ${notifications} (user_id, title, body, link, bulk_id)
        select id, ${bulk.title}, ${bulk.body}, ${bulk.link}, ${bulk.id}::uuid from recipients where ${inApp}
        on conflict do nothing returning 1
      ),
      mails as (
        insert into ${emailMessages} (user_id, to_address, subject, body, bulk_id)
        select id, email, ${bulk.title}, ${text}, ${bulk.id}::uuid from recipients where ${bulk.email}
        on conflict do nothing returning 1
      )
      select (select count(*) from recipients)::int as n, (select id from recipients order by id desc limit 1) as last,
        (select count(*) from notes)::int as notes, (select count(*) from mails)::int as mails`,
    );
    const n = Number(r!.n);
    const done = n < chunk;
    const reached = bulk.reached + n;
    // Without email a recipient is done once their notification is written (or skipped: in-app turned off).
    const sentNow = bulk.email ? 0 : inApp ? Number(r!.notes) : 0;
    const skippedNow = bulk.email ? 0 : inApp ? n - Number(r!.notes) : n;
    await tx
      .update(notificationBulks)
      .set({
        status: 'running',
        reached,
        cursor: r!.last ?? bulk.cursor,
        sent: sql`${notificationBulks.sent} + ${sentNow}`,
        skipped: sql`${notificationBulks.skipped} + ${skippedNow}`,
        ...(done ? { expandedAt: new Date(), total: reached } : {}),
      })
      .where(sql`${notificationBulks.id} = ${bulk.id}`);
    return Math.max(n, done ? 1 : 0);
  });
}

/**
 * Without SMTP (or with email notifications turned off) one statement settles a batch of due emails: into the outbox,
 * or skipped with the reason, and adds them to their bulk sends' progress.
 */
export async function settleEmailBatch(
  db: Queryable,
  outcome: 'outbox' | 'skipped',
  limit = defaults.outboxBatch,
  log?: Log,
): Promise<number> {
  const counter = outcome === 'outbox' ? sql.raw('sent') : sql.raw('skipped');
  const rows = await queryRows<{ n: number; traced: { id: number; reqId: string }[] | string | null }>(
    db,
    sql`
    with due as (
      select id from ${emailMessages} where status = 'queued' and next_attempt_at <= now()
      order by next_attempt_at, id limit ${limit} for update skip locked
    ),
    done as (
      update ${emailMessages} m set status = ${outcome}, attempts = m.attempts + 1, lease_until = null,
        sent_at = ${outcome === 'outbox' ? sql`now()` : sql`null`}, last_error = ${outcome === 'outbox' ? null : SKIPPED_SENTENCE}
      from due where m.id = due.id
      returning m.id, m.bulk_id, m.request_id
    ),
    per as (select bulk_id, count(*)::int as n from done where bulk_id is not null group by bulk_id),
    bumped as (update ${notificationBulks} b set ${counter} = b.${counter} + per.n from per where b.id = per.bulk_id returning 1)
    select (select count(*) from done)::int as n, (select count(*) from bumped)::int as b,
      (select json_agg(json_build_object('id', id, 'reqId', request_id)) from done where request_id is not null) as traced`,
  );
  // One line per message a request queued (a bulk send's thousands carry none and are counted, not listed).
  const traced = rows[0]?.traced;
  for (const t of (typeof traced === 'string' ? JSON.parse(traced) : (traced ?? [])) as { id: number; reqId: string }[])
    log?.info(
      { emailId: t.id, reqId: t.reqId },
      `email ${t.id} ${outcome === 'outbox' ? 'kept in the outbox (no SMTP server)' : 'skipped'}`,
    );
  return Number(rows[0]?.n ?? 0);
}

type Claimed = {
  id: number | string;
  to_address: string;
  subject: string;
  body: string;
  attempts: number;
  request_id: string | null;
};

/** Gives back emails a worker claimed and never recorded (it stopped mid-way): they are due again. */
export async function releaseStaleClaims(db: Queryable): Promise<void> {
  await db
    .update(emailMessages)
    .set({ status: 'queued', leaseUntil: null, nextAttemptAt: sql`now()` })
    .where(sql`${emailMessages.status} = 'sending' and ${emailMessages.leaseUntil} < now()`);
}

/** With SMTP: claims a batch, sends each message, records each outcome. Answers how many were tried. */
export async function sendSmtpBatch(db: Db, mailer: Mailer, o: Options & { log?: Log }): Promise<number> {
  const claimed = await queryRows<Claimed>(
    db,
    sql`
    update ${emailMessages} m set status = 'sending', attempts = m.attempts + 1, lease_until = now() + make_interval(secs => ${o.leaseMs / 1000})
    from (
      select id from ${emailMessages} where status = 'queued' and next_attempt_at <= now()
      order by next_attempt_at, id limit ${o.smtpBatch} for update skip locked
    ) due
    where m.id = due.id
    returning m.id, m.to_address, m.subject, m.body, m.attempts, m.request_id`,
  );
  await Promise.all(
    claimed.map(async (m) => {
      const id = Number(m.id);
      const fields = { emailId: id, reqId: m.request_id ?? undefined };
      try {
        const info = await mailer.send({ to: m.to_address, subject: m.subject, text: m.body });
        await recordOutcome(db, id, { status: 'sent', messageId: info.messageId });
        o.log?.info(fields, `email ${id} sent`);
      } catch (err) {
        const failure = deliveryFailure(err);
        o.log?.warn(fields, `email ${id} not sent (attempt ${m.attempts}): ${failure.message}`);
        if (failure.permanent || m.attempts >= o.maxAttempts)
          await recordOutcome(db, id, { status: 'failed', error: failure.message });
        else
          await recordOutcome(db, id, {
            status: 'queued',
            error: failure.message,
            retryInMs: o.retryBaseMs * 2 ** (m.attempts - 1),
          });
      }
    }),
  );
  return claimed.length;
}

type Outcome =
  | { status: 'sent'; messageId: string }
  | { status: 'failed'; error: string }
  | { status: 'queued'; error: string; retryInMs: number };

/** One statement: the email's outcome (only while this claim still holds it) and its bulk send's progress. */
async function recordOutcome(db: Queryable, id: number, o: Outcome) {
  const set =
    o.status === 'sent'
      ? sql`status = 'sent', sent_at = now(), message_id = ${o.messageId}, last_error = null, lease_until = null`
      : o.status === 'failed'
        ? sql`status = 'failed', last_error = ${o.error}, lease_until = null`
        : sql`status = 'queued', last_error = ${o.error}, lease_until = null, next_attempt_at = now() + make_interval(secs => ${o.retryInMs / 1000})`;
  const counter = o.status === 'sent' ? sql.raw('sent') : o.status === 'failed' ? sql.raw('failed') : null;
  await db.execute(sql`
    with done as (update ${emailMessages} set ${set} where id = ${id} and status = 'sending' returning bulk_id)
    ${counter ? sql`update ${notificationBulks} b set ${counter} = b.${counter} + 1 from done where b.id = done.bulk_id` : sql`select 1 from done`}`);
}

/** Bulk sends whose every recipient was reached and settled are completed. */
export async function finishBulks(db: Queryable): Promise<void> {
  await db.update(notificationBulks).set({ status: 'completed', finishedAt: sql`now()` })
    .where(sql`${notificationBulks.status} <> 'completed' and ${notificationBulks.expandedAt} is not null
      and ${notificationBulks.sent} + ${notificationBulks.failed} + ${notificationBulks.skipped} >= ${notificationBulks.total}`);
}

/** One round of work; answers whether there was any (the loop goes on at once while there is). */
export async function workOnce(
  db: Db,
  mailer: Mailer,
  options: WorkerOptions = {},
  settings?: NotificationSettings,
  log?: Log,
): Promise<boolean> {
  const o = { ...defaults, ...options, log };
  const expanded = await expandBulkBatch(db, o.bulkChunk);
  const s = settings ?? (await notificationSettings(db));
  let delivered: number;
  if (!s.emailNotifications) delivered = await settleEmailBatch(db, 'skipped', o.outboxBatch, log);
  else if (mailer.smtp) {
    await releaseStaleClaims(db);
    delivered = await sendSmtpBatch(db, mailer, o);
  } else delivered = await settleEmailBatch(db, 'outbox', o.outboxBatch, log);
  await finishBulks(db);
  return expanded > 0 || delivered > 0;
}

/** Runs the worker until stopped: at once, whenever this process queues something, and every `pollMs`. */
export function startNotificationWorker(db: Db, mailer: Mailer, pollMs: number, log: Log, options: WorkerOptions = {}) {
  const loop = startDrainLoop({
    drain: () => workOnce(db, mailer, options, undefined, log),
    pollMs,
    onError: (err) => log.error(`Notification worker: ${messageOf(err)}`),
    subscribe: onNotificationsQueued,
    name: 'email_outbox',
  });
  return {
    kick: loop.kick,
    stop: async () => {
      await loop.stop();
      mailer.close();
    },
  };
}
