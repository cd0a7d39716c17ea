import pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.js';
import { PGliteThread } from '../../db/pglite-thread.js';
import { businessRegistry } from './business.js';
import { queueReader, type QueueFigures } from './queues.js';
import { registerLoopMetrics } from './loops.js';

/** Every figure of one process, in a registry of its own (tests build several apps in one process). */
export function createMetrics(database: Database) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const http = {
    duration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request to its answer, by method, route pattern and status class.',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    inFlight: new Gauge({
      name: 'http_requests_in_flight',
      help: 'Requests received and not yet answered.',
      registers: [registry],
    }),
    rateLimited: new Counter({
      name: 'rwa_rate_limit_refusals_total',
      help: 'Requests refused by a rate limit (429), by route pattern.',
      labelNames: ['route'] as const,
      registers: [registry],
    }),
  };
  new Gauge({
    name: 'rwa_metrics_processes',
    help: 'Processes whose figures this scrape adds up (the API processes of a cluster, or 1).',
    registers: [registry],
  }).set(1);
  const pool = (database.db as unknown as { $client: unknown }).$client;
  if (pool instanceof pg.Pool) {
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    poolGauge('rwa_db_pool_connections', 'PostgreSQL connections open in the pool.', () => pool.totalCount);
    poolGauge('rwa_db_pool_idle_connections', 'PostgreSQL connections idle in the pool.', () => pool.idleCount);
    poolGauge('rwa_db_pool_waiting_queries', 'Queries waiting for a pooled connection.', () => pool.waitingCount);
    poolGauge('rwa_db_pool_max_connections', 'The most connections the pool opens.', () => pool.options.max ?? 10);
  }
  if (pool instanceof PGliteThread) {
    const queueGauge = (name: string, help: string, read: (q: ReturnType<PGliteThread['queue']>) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(pool.queue()));
        },
      });
    queueGauge(
      'rwa_db_pglite_queued_statements',
      "Statements sent to PGlite's thread and not yet answered (the one running included).",
      (q) => q.sent,
    );
    queueGauge(
      'rwa_db_pglite_waiting',
      "Statements and transactions waiting for PGlite's open transaction to end before they are sent.",
      (q) => q.waiting,
    );
  }
  registerQueueGauges(registry, database);
  registerLoopMetrics(registry);
  return { registry: Registry.merge([registry, businessRegistry]), http };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The mint queue and the email outbox, read from the database once a scrape (one query, bounded by a timeout). Every
 * process of a cluster reads the same rows, so the cluster's figure is the largest one, not their sum.
 */
function registerQueueGauges(registry: Registry, database: Database) {
  const read = queueReader(database.db);
  let pending: Promise<QueueFigures> | null = null;
  // The gauges' collect() run one after another in one scrape: they share one query.
  const figures = () => {
    pending ??= read().finally(() => setTimeout(() => (pending = null), 0));
    return pending;
  };
  const common = { registers: [registry], aggregator: 'max' as const };
  new Gauge({
    ...common,
    name: 'rwa_mint_jobs',
    help: 'Mint jobs by status.',
    labelNames: ['status'] as const,
    async collect() {
      const f = await figures();
      this.reset();
      for (const [status, n] of Object.entries(f.mintJobs)) this.set({ status }, n);
    },
  });
  new Gauge({
    ...common,
    name: 'rwa_mint_oldest_queued_age_seconds',
    help: 'Age of the oldest queued mint job (0: none queued).',
    async collect() {
      this.set((await figures()).mintOldestQueuedSeconds);
    },
  });
  new Gauge({
    ...common,
    name: 'rwa_email_messages',
    help: 'Email messages by status (queued, sending, failed, sent, outbox).',
    labelNames: ['status'] as const,
    async collect() {
      const f = await figures();
      this.reset();
      for (const [status, n] of Object.entries(f.emails)) this.set({ status }, n);
    },
  });
  new Gauge({
    ...common,
    name: 'rwa_email_oldest_queued_age_seconds',
    help: 'Age of the oldest queued email message (0: none queued).',
    async collect() {
      this.set((await figures()).emailOldestQueuedSeconds);
    },
  });
  const figure = (name: string, help: string, read: (f: QueueFigures) => number) =>
    new Gauge({
      ...common,
      name,
      help,
      async collect() {
        this.set(read(await figures()));
      },
    });
  figure(
    'rwa_crypto_deposits_pending',
    'Crypto payments waiting for their deposit to be confirmed.',
    (f) => f.cryptoPending,
  );
  figure(
    'rwa_crypto_oldest_pending_age_seconds',
    'Age of the oldest crypto payment waiting for its deposit (0: none).',
    (f) => f.cryptoOldestPendingSeconds,
  );
  figure('rwa_payouts_awaiting_approval', 'Pending payouts that nobody has approved yet.', (f) => f.payoutsUnapproved);
  figure(
    'rwa_payouts_oldest_awaiting_approval_age_seconds',
    'Age of the oldest pending payout nobody has approved (0: none).',
    (f) => f.payoutsOldestUnapprovedSeconds,
  );
  new Gauge({
    ...common,
    name: 'rwa_webhook_deliveries',
    help: 'Webhook deliveries not yet ended, by status: pending (waiting for an attempt) and sending.',
    labelNames: ['status'],
    async collect() {
      const f = await figures();
      this.set({ status: 'pending' }, f.webhooksPending);
      this.set({ status: 'sending' }, f.webhooksSending);
    },
  });
  figure(
    'rwa_webhook_oldest_pending_age_seconds',
    'Age of the oldest webhook delivery waiting for an attempt (0: none).',
    (f) => f.webhooksOldestPendingSeconds,
  );
  new Gauge({
    ...common,
    name: 'rwa_metrics_queue_read_ok',
    help: 'Whether the last read of the queue figures answered within its time (1) or not (0).',
    async collect() {
      this.set((await figures()).ok ? 1 : 0);
    },
  });
}
