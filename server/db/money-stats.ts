/**
 * Revenue's parts per UTC hour (`money_stats_hourly`, kept by triggers through `money_stats_deltas`: schema.ts and
 * migration 0028), so that a report over a year reads hours, not a million payments. Kept as the orders' figures are
 * (order-stats.ts): a report folds the waiting deltas in first and reads the deltas committed meanwhile beside them.
 */
import { sql } from 'drizzle-orm';
import type { Db, Queryable } from './client.js';

/** Moves every committed delta into its hour, in one statement (two processes folding at once move different rows). */
export async function foldMoneyStats(db: Db): Promise<void> {
  await db.execute(sql`with moved as (delete from money_stats_deltas returning *)
    insert into money_stats_hourly (hour, kind, moves, amount_cents)
    select hour, kind, sum(moves), sum(amount_cents) from moved group by hour, kind
    on conflict (hour, kind) do update set
      moves = money_stats_hourly.moves + excluded.moves,
      amount_cents = money_stats_hourly.amount_cents + excluded.amount_cents`);
}

/** The hours and the deltas not folded yet, as one table of (hour, kind, moves, amount_cents). */
export const moneyStatsTable = sql`(select hour, kind, moves, amount_cents from money_stats_hourly
  union all select hour, kind, moves, amount_cents from money_stats_deltas) as money_stats`;

/** Recomputes every hour from the payments and refunds: after writes made with triggers off. */
export async function rebuildMoneyStats(db: Queryable): Promise<void> {
  await db.execute(sql`truncate money_stats_hourly, money_stats_deltas`);
  await db.execute(sql`insert into money_stats_hourly (hour, kind, moves, amount_cents)
    select hour, kind, sum(moves), sum(amount_cents) from (
      select money_hour(coalesce(completed_at, created_at)) as hour, 'received' as kind, count(*) as moves, sum(amount_cents) as amount_cents
      from payments where status in ('completed', 'refunded') group by 1
      union all
      select money_hour(created_at), 'refund', count(*), sum(amount_cents) from refunds group by 1
    ) m group by hour, kind`);
}
