/** What GET /api/system answers: this process, its dependencies, its background loops and the queues (admins). */
import { z } from 'zod';
import { answerText, okWith } from './answers.schemas.js';

export const SYSTEM_STATUSES = ['ok', 'stale', 'failing', 'off'] as const;
export type SystemStatus = (typeof SYSTEM_STATUSES)[number];
const status = z
  .enum(SYSTEM_STATUSES)
  .describe('ok; stale: late or slow; failing: errors or unreachable; off: not used');
const seconds = z.number().describe('Seconds since the epoch');

export const LOOP_NAMES = [
  'mint_worker',
  'email_outbox',
  'webhook_delivery',
  'crypto_watcher',
  'payout_completer',
  'checkout_sweeper',
  'holders_indexer',
] as const;
export const QUEUE_NAMES = [
  'mint_jobs',
  'email_outbox',
  'webhook_deliveries',
  'crypto_deposits',
  'payouts_awaiting_approval',
] as const;

const dependency = z.object({
  status,
  detail: answerText.nullable().describe('What was found: a host without credentials, a block height, a count'),
});

export const systemAnswer = okWith({
  checkedAt: seconds,
  process: z.object({
    version: answerText,
    node: answerText.describe('The Node.js version'),
    pid: z.number().int(),
    startedAt: seconds,
    uptimeSeconds: z.number(),
    memoryRssBytes: z.number().int(),
    engine: z.enum(['pglite', 'postgres']),
    workers: z.number().int().describe('API processes configured (WEB_CONCURRENCY)'),
  }),
  database: z.object({ status, pendingMigrations: z.number().int().nullable() }),
  chain: dependency.extend({ blockHeight: z.number().int().nullable() }),
  redis: dependency,
  smtp: dependency,
  loops: z.array(
    z.object({
      name: z.enum(LOOP_NAMES),
      status,
      running: z.boolean().describe('The loop runs in this process'),
      startedAt: seconds.nullable(),
      lastSuccessAt: seconds.nullable(),
      errors: z.number().int(),
      lastError: answerText.nullable().describe('The last failure, with credentials and secrets removed'),
      lastErrorAt: seconds.nullable(),
    }),
  ),
  queues: z.array(
    z.object({
      name: z.enum(QUEUE_NAMES),
      status,
      pending: z.number().int().describe('Waiting to be worked on'),
      failed: z.number().int().nullable().describe('Given up on (null: the queue has no such state)'),
      oldestSeconds: z.number().describe('Age of the oldest waiting item (0: none)'),
      limitSeconds: z.number().describe('Older than this, the queue counts as stuck'),
    }),
  ),
});
export type SystemAnswer = z.infer<typeof systemAnswer>;
export type SystemLoop = SystemAnswer['loops'][number];
export type SystemQueue = SystemAnswer['queues'][number];
