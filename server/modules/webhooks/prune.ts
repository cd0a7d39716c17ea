/**
 * The outbox's old rows: an event whose every delivery has ended (delivered, or failed for good) is deleted once it is
 * older than WEBHOOK_RETENTION_DAYS, with its deliveries and their attempts (foreign keys cascade). The sender does it
 * at most every PRUNE_EVERY_MS, a bounded batch at a time, so a large backlog goes over a few passes.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';

export const PRUNE_EVERY_MS = 10 * 60_000;
const BATCH = 1000;

/** Deletes up to BATCH ended events older than `days`; answers how many. */
export async function pruneWebhookEvents(db: Db, days: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with gone as (
      delete from webhook_events where seq in (
        select e.seq from webhook_events e
        where e.created_at < now() - make_interval(days => ${days})
          and not exists (
            select 1 from webhook_deliveries d where d.event_seq = e.seq and d.status in ('pending', 'sending'))
        order by e.seq limit ${BATCH})
      returning 1)
    select count(*)::int as n from gone`,
  );
  return row?.n ?? 0;
}
