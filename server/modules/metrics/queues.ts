import { sql } from 'drizzle-orm';
import { MINT_STATUSES } from '../../../src/common/mint.js';
import { EMAIL_STATUSES } from '../../../src/common/notifications.js';
import { queryRows, type Db } from '../../db/client.js';

/** How long a scrape waits for the queue figures before it answers with the last ones read. */
export const QUEUE_READ_TIMEOUT_MS = 2000;

export type QueueFigures = {
  ok: boolean;
  mintJobs: Record<string, number>;
  mintOldestQueuedSeconds: number;
  emails: Record<string, number>;
  emailOldestQueuedSeconds: number;
  /** Crypto payments still waiting for their deposit's confirmations, and the oldest one's age. */
  cryptoPending: number;
  cryptoOldestPendingSeconds: number;
  /** Pending payouts nobody has approved yet, and the oldest one's age. */
  payoutsUnapproved: number;
  payoutsOldestUnapprovedSeconds: number;
  /** Webhook deliveries waiting for their (next) attempt or being sent, and the oldest waiting one's age. */
  webhooksPending: number;
  webhooksSending: number;
  webhooksOldestPendingSeconds: number;
};

type Row = {
  kind: 'mint' | 'email' | 'crypto' | 'payout' | 'webhook';
  status: string;
  n: number;
  oldest: number | string | null;
};

const zeros = (statuses: readonly string[]) => Object.fromEntries(statuses.map((s) => [s, 0]));

/** One grouped query over the queues' tables (their status indexes); past QUEUE_READ_TIMEOUT_MS, the last figures read. */
export const queueReader = (db: Db) => {
  let last: Omit<QueueFigures, 'ok'> = {
    mintJobs: zeros(MINT_STATUSES),
    mintOldestQueuedSeconds: 0,
    emails: zeros(EMAIL_STATUSES),
    emailOldestQueuedSeconds: 0,
    cryptoPending: 0,
    cryptoOldestPendingSeconds: 0,
    payoutsUnapproved: 0,
    payoutsOldestUnapprovedSeconds: 0,
    webhooksPending: 0,
    webhooksSending: 0,
    webhooksOldestPendingSeconds: 0,
  };
  return async (): Promise<QueueFigures> => {
    const read = queryRows<Row>(
      db,
      sql`select 'mint' as kind, status, count(*)::int as n,
          extract(epoch from now() - min(created_at))::float8 as oldest
        from mint_jobs group by status
        union all
        select 'email', status, count(*)::int, extract(epoch from now() - min(created_at))::float8
        from email_messages group by status
        union all
        select 'crypto', 'pending', count(*)::int, extract(epoch from now() - min(created_at))::float8
        from payments where provider = 'crypto' and status = 'pending'
        union all
        select 'payout', 'unapproved', count(*)::int, extract(epoch from now() - min(created_at))::float8
        from payouts where status = 'pending' and approved_by is null
        union all
        select 'webhook', status, count(*)::int, extract(epoch from now() - min(created_at))::float8
        from webhook_deliveries where status in ('pending', 'sending') group by status`,
    );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), QUEUE_READ_TIMEOUT_MS)));
    const rows = await Promise.race([read.catch(() => null), late]).finally(() => clearTimeout(timer));
    if (!rows) return { ok: false, ...last };
    const figures = { ...last, mintJobs: zeros(MINT_STATUSES), emails: zeros(EMAIL_STATUSES) };
    figures.mintOldestQueuedSeconds = figures.emailOldestQueuedSeconds = 0;
    figures.webhooksPending = figures.webhooksSending = figures.webhooksOldestPendingSeconds = 0;
    for (const r of rows) {
      const age = Math.max(0, Number(r.oldest ?? 0));
      if (r.kind === 'crypto') {
        figures.cryptoPending = r.n;
        figures.cryptoOldestPendingSeconds = age;
      } else if (r.kind === 'payout') {
        figures.payoutsUnapproved = r.n;
        figures.payoutsOldestUnapprovedSeconds = age;
      } else if (r.kind === 'webhook') {
        if (r.status === 'sending') figures.webhooksSending = r.n;
        else [figures.webhooksPending, figures.webhooksOldestPendingSeconds] = [r.n, age];
      } else if (r.kind === 'mint') {
        figures.mintJobs[r.status] = r.n;
        if (r.status === 'queued') figures.mintOldestQueuedSeconds = age;
      } else {
        figures.emails[r.status] = r.n;
        if (r.status === 'queued') figures.emailOldestQueuedSeconds = age;
      }
    }
    last = figures;
    return { ok: true, ...figures };
  };
};
