/**
 * Idempotency-Key, with Stripe's semantics (PRODUCT.md, Limits). The first request with a key runs and its
 * answer is kept 24 h: the same key with the same body answers that again, with another body 422, and while the
 * first is still running 409. A request that fails with an error keeps nothing, so it may be retried with its key.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Slots } from '../db/built-once.js';
import { queryRows, type Db, type Queryable, type Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { GUEST_ID_HEADER } from '../../src/common/checkout.js';
import { isSafeText } from '../../src/common/text.js';
import { sha256 } from './crypto.js';
import { AppError, badRequest, conflict } from './errors.js';

export const KEY_HEADER = 'idempotency-key';
const KEEP_HOURS = 24;
const expiry = () => sql`now() - make_interval(hours => ${KEEP_HOURS})`;

/** Forgets every key past its 24 hours (the checkout sweeper calls it); answers how many. */
export async function purgeIdempotencyKeys(db: Db): Promise<number> {
  return (
    await db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, expiry()))
      .returning({ key: idempotencyKeys.key })
  ).length;
}

export type Answer = { status: number; body: unknown };

/** JSON with its object keys sorted, so that the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The header's key, or null when the request has none; a key that cannot be one is a 400. */
export function idempotencyKeyOf(req: FastifyRequest): string | null {
  const raw = req.headers[KEY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? (raw[0] ?? '') : raw;
  if (key.length < 1 || key.length > 255 || !isSafeText(key) || /[^\x21-\x7e]/.test(key)) {
    throw badRequest('idempotency_key_invalid', undefined, { [KEY_HEADER]: 'idempotency_key_invalid_field' });
  }
  return key;
}

/**
 * Runs `handle` once per (scope, key). `scope` names the route and the caller, so two users' keys never meet.
 * Without a key the request simply runs.
 */
export async function runIdempotent(
  db: Db,
  input: { key: string | null; scope: string; body: unknown },
  handle: () => Promise<Answer>,
): Promise<Answer & { replayed: boolean }> {
  if (!input.key) return { ...(await handle()), replayed: false };
  const where = and(eq(idempotencyKeys.scope, input.scope), eq(idempotencyKeys.key, input.key));
  const requestHash = sha256(canonical(input.body ?? null));
  const claim = () =>
    db
      .insert(idempotencyKeys)
      .values({ scope: input.scope, key: input.key!, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
  let claimed = await claim();
  if (claimed.length === 0) {
    // A key older than its 24 hours is free again (purgeIdempotencyKeys removes the rest in bulk).
    const gone = await db
      .delete(idempotencyKeys)
      .where(and(where, lt(idempotencyKeys.createdAt, expiry())))
      .returning({ key: idempotencyKeys.key });
    if (gone.length > 0) claimed = await claim();
  }
  if (claimed.length === 0) {
    const [first] = await db.select().from(idempotencyKeys).where(where).limit(1);
    return { ...replayOf(first, requestHash), replayed: true };
  }
  try {
    const answer = await handle();
    await db
      .update(idempotencyKeys)
      .set({ statusCode: answer.status, response: answer.body as object })
      .where(where);
    return { ...answer, replayed: false };
  } catch (err) {
    await db.delete(idempotencyKeys).where(where);
    throw err;
  }
}

/** What the first request with this key answered (or why it cannot be answered again), once the key is taken. */
function replayOf(first: typeof idempotencyKeys.$inferSelect | undefined, requestHash: string): Answer {
  if (!first) throw conflict('idempotency_retry');
  if (first.requestHash !== requestHash) {
    throw new AppError(422, 'idempotency_mismatch');
  }
  if (first.statusCode === null) throw conflict('idempotency_in_progress');
  return { status: first.statusCode, body: first.response };
}

/**
 * What `handle` may write with its last statement to keep its answer in that same statement: the values of
 * keptAnswerWrite's placeholders (null without a key). When the answer `handle` returns is the one it kept, the
 * separate update after it is left out.
 */
export type KeepAnswer = (answer: Answer) => KeptAnswer | null;
export type KeptAnswer = { keptScope: string; keptKey: string; keptStatus: number; keptResponse: string };

/** The update of the key's row that keeps its answer, for a statement built once (db/built-once.ts). */
export const keptAnswerWrite = (q: Queryable, p: Slots<KeptAnswer>) =>
  q
    .update(idempotencyKeys)
    .set({ statusCode: sql`${p.keptStatus}`, response: sql`${p.keptResponse}::jsonb` })
    .where(and(eq(idempotencyKeys.scope, p.keptScope), eq(idempotencyKeys.key, p.keptKey)));

/**
 * runIdempotent for work done in one transaction (`handle` gets it): the key is claimed and its answer kept in that
 * same transaction, so the work and the remembered answer commit (or vanish) together, without writes of their own
 * before and after. While one request holds the key, the same key is answered 409 at once: the claim takes a
 * transaction-scoped advisory lock on (scope, key) without waiting, and inserts only when it got it.
 */
export async function runIdempotentIn(
  db: Db,
  input: { key: string | null; scope: string; body: unknown },
  handle: (tx: Tx, keep: KeepAnswer) => Promise<Answer>,
): Promise<Answer & { replayed: boolean }> {
  if (!input.key) return { ...(await db.transaction((tx) => handle(tx, () => null))), replayed: false };
  const { scope, key } = input;
  const requestHash = sha256(canonical(input.body ?? null));
  const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  return db.transaction(async (tx) => {
    const claim = () =>
      queryRows(
        tx,
        sql`insert into ${idempotencyKeys} (scope, key, request_hash)
      select ${scope}, ${key}, ${requestHash} where pg_try_advisory_xact_lock(hashtextextended(${scope} || ' ' || ${key}, 0))
      on conflict do nothing returning key`,
      );
    let claimed = await claim();
    if (claimed.length === 0) {
      const [first] = await tx.select().from(idempotencyKeys).where(where).limit(1);
      if (first && first.createdAt.getTime() <= Date.now() - KEEP_HOURS * 3_600_000) {
        await tx.delete(idempotencyKeys).where(and(where, lt(idempotencyKeys.createdAt, expiry())));
        claimed = await claim();
      }
      if (claimed.length === 0) {
        // Not visible yet: the request holding the key has not committed.
        if (!first) throw conflict('idempotency_in_progress');
        return { ...replayOf(first, requestHash), replayed: true };
      }
    }
    let kept: string | null = null;
    const keep: KeepAnswer = (answer) => {
      kept = canonical(answer);
      return { keptScope: scope, keptKey: key, keptStatus: answer.status, keptResponse: JSON.stringify(answer.body) };
    };
    const answer = await handle(tx, keep);
    if (kept !== canonical(answer)) {
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: answer.status, response: answer.body as object })
        .where(where);
    }
    return { ...answer, replayed: false };
  });
}

/** The random id a browser without a login keeps and sends with its keys; a key with none (or no such id) is a 400. */
function guestIdOf(req: FastifyRequest): string {
  const raw = req.headers[GUEST_ID_HEADER];
  const id = Array.isArray(raw) ? (raw[0] ?? '') : (raw ?? '');
  if (id.length < 8 || id.length > 128 || /[^\x21-\x7e]/.test(id)) {
    throw badRequest('guest_id_required', undefined, { [GUEST_ID_HEADER]: 'required' });
  }
  return id;
}

/**
 * The request's key and the scope it is remembered under (the route and the caller, so two users' keys never meet).
 * Guests share one scope and their guest id is hashed with the body: another guest's key is refused as a different
 * request rather than answered with the first guest's order and secret.
 */
function keyOf(req: FastifyRequest, required: boolean) {
  const scope = `${req.method} ${req.routeOptions.url} ${req.user?.id ?? 'anonymous'}`;
  const key = idempotencyKeyOf(req);
  if (!key && required) {
    throw badRequest('idempotency_key_required', undefined, { [KEY_HEADER]: 'required' });
  }
  const body = key && !req.user ? { guest: guestIdOf(req), request: req.body } : req.body;
  return { key, scope, body };
}

function send(reply: FastifyReply, answer: Answer & { replayed: boolean }) {
  if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
  return reply.status(answer.status).send(answer.body);
}

/**
 * For a route handler: runs idempotently under the caller and route, and sends the (first) answer. With `required`,
 * a request without a key is a 400 (a checkout must never be made twice by a retry).
 */
export async function sendIdempotent(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  handle: () => Promise<Answer>,
  opts: { required?: boolean } = {},
) {
  return send(reply, await runIdempotent(db, keyOf(req, !!opts.required), handle));
}

/**
 * sendIdempotent for work in one transaction (runIdempotentIn): the key is kept in the work's own transaction.
 * `committed` runs once it has committed and before the answer is sent (so what it drops is published with the answer).
 */
export async function sendIdempotentIn(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  handle: (tx: Tx, keep: KeepAnswer) => Promise<Answer>,
  opts: { required?: boolean; committed?: () => void } = {},
) {
  const answer = await runIdempotentIn(db, keyOf(req, !!opts.required), handle);
  opts.committed?.();
  return send(reply, answer);
}
