/**
 * GET /api/system: what an operator needs at a glance, read live: this process, the database, chain, Redis and SMTP,
 * each background loop of this process (lib/loop-health.ts) and each queue's depth and oldest age. Nothing secret:
 * hosts without credentials, loop errors redacted (redact.ts).
 */
import { sql } from 'drizzle-orm';
import {
  LOOP_NAMES,
  type SystemAnswer,
  type SystemLoop,
  type SystemQueue,
  type SystemStatus,
} from '../../../src/common/system.schemas.js';
import { queryRows, type Db } from '../../db/client.js';
import { loopHealth } from '../../lib/loop-health.js';
import { projectRoot } from '../../lib/paths.js';
import type { AppContext } from '../../types.js';
import { queueReader } from '../metrics/queues.js';
import { chainStatus, databaseStatus, redisStatus, smtpStatus, within } from './probes.js';
import { redactError } from './redact.js';
import fs from 'node:fs';
import path from 'node:path';

/** A loop without a good pass for this long is stale (the slowest loop passes every minute or so). */
export const LOOP_STALE_SECONDS = 300;

/** Older than this, a queue's oldest waiting item means the queue is stuck. */
export const QUEUE_LIMITS: Record<SystemQueue['name'], number> = {
  mint_jobs: 600,
  email_outbox: 900,
  webhook_deliveries: 900,
  crypto_deposits: 3600,
  payouts_awaiting_approval: 3 * 86400,
};

const VERSION = (() => {
  try {
    return (JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version?: string })
      .version;
  } catch {
    return undefined;
  }
})();

const now = () => Date.now() / 1000;

export function loopsNow(at = now()): SystemLoop[] {
  const health = loopHealth();
  return LOOP_NAMES.map((name) => {
    const h = health.get(name);
    if (!h) {
      return {
        name,
        status: 'off',
        running: false,
        startedAt: null,
        lastSuccessAt: null,
        errors: 0,
        lastError: null,
        lastErrorAt: null,
      };
    }
    const lastFailed = h.lastErrorAt !== null && (h.lastSuccessAt === null || h.lastErrorAt >= h.lastSuccessAt);
    const status: SystemStatus = lastFailed
      ? 'failing'
      : at - (h.lastSuccessAt ?? h.startedAt) > LOOP_STALE_SECONDS
        ? 'stale'
        : 'ok';
    return { name, status, running: true, ...h, lastError: redactError(h.lastError) };
  });
}

const queue = (
  name: SystemQueue['name'],
  pending: number,
  failed: number | null,
  oldestSeconds: number,
): SystemQueue => {
  const limitSeconds = QUEUE_LIMITS[name];
  const status: SystemStatus = failed ? 'failing' : pending > 0 && oldestSeconds > limitSeconds ? 'stale' : 'ok';
  return { name, status, pending, failed, oldestSeconds: Math.round(oldestSeconds), limitSeconds };
};

type WebhookRow = { pending: number; failed: number; oldest: number | string | null };

async function webhookFigures(db: Db): Promise<WebhookRow | false> {
  return within(async () => {
    const [row] = await queryRows<WebhookRow>(
      db,
      sql`select count(*) filter (where status in ('pending', 'sending'))::int as pending,
          count(*) filter (where status = 'failed')::int as failed,
          extract(epoch from now() - min(created_at) filter (where status in ('pending', 'sending')))::float8 as oldest
        from webhook_deliveries`,
    );
    return row!;
  });
}

/** Reads the figures; `read` is this app's queue reader (metrics/queues.ts). */
export async function systemStatus(
  ctx: AppContext,
  read: ReturnType<typeof queueReader>,
): Promise<Omit<SystemAnswer, 'ok'>> {
  const [database, chain, redis, figures, hooks] = await Promise.all([
    databaseStatus(ctx),
    chainStatus(ctx),
    redisStatus(ctx),
    read(),
    webhookFigures(ctx.db),
  ]);
  const at = now();
  const uptime = process.uptime();
  const m = figures.mintJobs;
  const e = figures.emails;
  const queues = [
    queue('mint_jobs', (m.queued ?? 0) + (m.processing ?? 0), m.failed ?? 0, figures.mintOldestQueuedSeconds),
    queue('email_outbox', (e.queued ?? 0) + (e.sending ?? 0), e.failed ?? 0, figures.emailOldestQueuedSeconds),
    queue(
      'webhook_deliveries',
      hooks ? hooks.pending : 0,
      hooks ? hooks.failed : 0,
      Number(hooks ? (hooks.oldest ?? 0) : 0),
    ),
    queue('crypto_deposits', figures.cryptoPending, null, figures.cryptoOldestPendingSeconds),
    queue('payouts_awaiting_approval', figures.payoutsUnapproved, null, figures.payoutsOldestUnapprovedSeconds),
  ];
  return {
    checkedAt: at,
    process: {
      version: VERSION ?? 'unknown',
      node: process.version,
      pid: process.pid,
      startedAt: at - uptime,
      uptimeSeconds: Math.round(uptime),
      memoryRssBytes: process.memoryUsage().rss,
      engine: ctx.database.kind,
      workers: ctx.config.webConcurrency,
    },
    database: figures.ok && hooks ? database : { ...database, status: 'failing' },
    chain,
    redis,
    smtp: smtpStatus(ctx),
    loops: loopsNow(at),
    queues,
  };
}
