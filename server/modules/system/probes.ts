/** The dependencies' checks of GET /api/system, each bounded by PROBE_MS: database, chain, Redis, SMTP. */
import { sql } from 'drizzle-orm';
import type { SystemAnswer } from '../../../src/common/system.schemas.js';
import { pendingMigrations } from '../../db/migration-state.js';
import type { AppContext } from '../../types.js';
import { hostOf } from './redact.js';

const PROBE_MS = 2000;

/** `work`, or false when it fails or takes longer than PROBE_MS. */
export async function within<T>(work: () => Promise<T>): Promise<T | false> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), PROBE_MS)));
  try {
    return await Promise.race([work().catch(() => false as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function databaseStatus(ctx: AppContext): Promise<SystemAnswer['database']> {
  const { probe } = ctx.database;
  if ((await within(() => probe.execute(sql`select 1`))) === false)
    return { status: 'failing', pendingMigrations: null };
  const pending = await within(() => pendingMigrations(probe));
  if (pending === false) return { status: 'failing', pendingMigrations: null };
  return { status: pending > 0 ? 'stale' : 'ok', pendingMigrations: pending };
}

export async function chainStatus(ctx: AppContext): Promise<SystemAnswer['chain']> {
  const chain = ctx.chain?.chain;
  if (!chain) return { status: 'off', detail: null, blockHeight: null };
  const height = await within(() => chain.publicClient.getBlockNumber());
  if (height === false) return { status: 'failing', detail: null, blockHeight: null };
  return { status: 'ok', detail: null, blockHeight: Number(height) };
}

/** One short-lived connection and a PING; off without REDIS_URL. */
export async function redisStatus(ctx: AppContext): Promise<SystemAnswer['redis']> {
  const url = ctx.config.redisUrl;
  if (!url) return { status: 'off', detail: null };
  const { Redis } = await import('ioredis'); // on first use: a start does not load it
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: PROBE_MS,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    const pong = await within(async () => {
      await redis.connect();
      return redis.ping();
    });
    return { status: pong === 'PONG' ? 'ok' : 'failing', detail: hostOf(url) };
  } finally {
    redis.disconnect();
  }
}

/** SMTP is configured (its host, never its credentials) or mail stays in the outbox; the email loop shows delivery. */
export function smtpStatus(ctx: AppContext): SystemAnswer['smtp'] {
  const host = hostOf(ctx.config.mail.smtpUrl);
  return host ? { status: 'ok', detail: host } : { status: 'off', detail: null };
}
