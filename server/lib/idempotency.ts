/**
 * Idempotency-Key (DESIGN.md, API conventions; Stripe's semantics). The first request with a key runs and its
 * answer is kept 24 h: the same key with the same body answers that again, with another body 422, and while the
 * first is still running 409. A request that fails with an error keeps nothing, so it may be retried with its key.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { isSafeText } from '../../src/common/text.js';
import { sha256 } from './crypto.js';
import { AppError, badRequest, conflict } from './errors.js';

export const KEY_HEADER = 'idempotency-key';
const KEEP_HOURS = 24;
const expiry = () => sql`now() - make_interval(hours => ${KEEP_HOURS})`;

/** Forgets every key past its 24 hours (the checkout sweeper calls it); answers how many. */
export async function purgeIdempotencyKeys(db: Db): Promise<number> {
  return (await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, expiry())).returning({ key: idempotencyKeys.key })).length;
}

export type Answer = { status: number; body: unknown };

/** JSON with its object keys sorted, so that the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The header's key, or null when the request has none; a key that cannot be one is a 400. */
export function idempotencyKeyOf(req: FastifyRequest): string | null {
  const raw = req.headers[KEY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] ?? '' : raw;
  if (key.length < 1 || key.length > 255 || !isSafeText(key) || /[^\x21-\x7e]/.test(key)) {
    throw badRequest('The Idempotency-Key header must be 1 to 255 visible ASCII characters.', { [KEY_HEADER]: 'Not a valid key.' });
  }
  return key;
}

/**
 * Runs `handle` once per (scope, key). `scope` names the route and the caller, so two users' keys never meet.
 * Without a key the request simply runs.
 */
export async function runIdempotent(db: Db, input: { key: string | null; scope: string; body: unknown }, handle: () => Promise<Answer>): Promise<Answer & { replayed: boolean }> {
  if (!input.key) return { ...(await handle()), replayed: false };
  const where = and(eq(idempotencyKeys.scope, input.scope), eq(idempotencyKeys.key, input.key));
  const requestHash = sha256(canonical(input.body ?? null));
  const claim = () => db.insert(idempotencyKeys).values({ scope: input.scope, key: input.key!, requestHash })
    .onConflictDoNothing().returning({ key: idempotencyKeys.key });
  let claimed = await claim();
  if (claimed.length === 0) {
    // A key older than its 24 hours is free again (purgeIdempotencyKeys removes the rest in bulk).
    const gone = await db.delete(idempotencyKeys).where(and(where, lt(idempotencyKeys.createdAt, expiry()))).returning({ key: idempotencyKeys.key });
    if (gone.length > 0) claimed = await claim();
  }
  if (claimed.length === 0) {
    const [first] = await db.select().from(idempotencyKeys).where(where).limit(1);
    if (!first) throw conflict('A request with this Idempotency-Key has just ended; send it again.', 'idempotency_retry');
    if (first.requestHash !== requestHash) {
      throw new AppError(422, 'This Idempotency-Key was already used with a different request. Use a new key for a new request.', 'idempotency_mismatch');
    }
    if (first.statusCode === null) throw conflict('A request with this Idempotency-Key is still being processed. Try again in a moment.', 'idempotency_in_progress');
    return { status: first.statusCode, body: first.response, replayed: true };
  }
  try {
    const answer = await handle();
    await db.update(idempotencyKeys).set({ statusCode: answer.status, response: answer.body as object }).where(where);
    return { ...answer, replayed: false };
  } catch (err) {
    await db.delete(idempotencyKeys).where(where);
    throw err;
  }
}

/**
 * For a route handler: runs idempotently under the caller and route, and sends the (first) answer. With `required`,
 * a request without a key is a 400 (a checkout must never be made twice by a retry).
 */
export async function sendIdempotent(db: Db, req: FastifyRequest, reply: FastifyReply, handle: () => Promise<Answer>, opts: { required?: boolean } = {}) {
  const scope = `${req.method} ${req.routeOptions.url} ${req.user?.id ?? 'anonymous'}`;
  const key = idempotencyKeyOf(req);
  if (!key && opts.required) {
    throw badRequest('This request needs an Idempotency-Key header: a unique value per attempt, sent again with a retry.', { [KEY_HEADER]: 'Required.' });
  }
  const answer = await runIdempotent(db, { key, scope, body: req.body }, handle);
  if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
  return reply.status(answer.status).send(answer.body);
}
