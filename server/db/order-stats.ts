/**
 * The orders' hourly figures (`order_stats_hourly`, kept by triggers through `order_stats_deltas`: schema.ts and
 * migration 0019). A report folds the waiting deltas in first; the deltas a transaction commits meanwhile are read
 * beside the hours. Writes made with the triggers off (the generator's bulk load) rebuild them.
 */
import { sql } from 'drizzle-orm';
import type { Db, Queryable } from './client.js';

/**
 * Moves every committed delta into its hour, in one statement. Two processes folding at once move different rows:
 * a delta is deleted once, and the hour's upsert waits for the other's commit.
 */
export async function foldOrderStats(db: Db): Promise<void> {
  await db.execute(sql`with moved as (delete from order_stats_deltas returning *)
    insert into order_stats_hourly (hour, status, orders, amount_cents, qty, discount_cents)
    select hour, status, sum(orders), sum(amount_cents), sum(qty), sum(discount_cents) from moved group by hour, status
    on conflict (hour, status) do update set
      orders = order_stats_hourly.orders + excluded.orders,
      amount_cents = order_stats_hourly.amount_cents + excluded.amount_cents,
      qty = order_stats_hourly.qty + excluded.qty,
      discount_cents = order_stats_hourly.discount_cents + excluded.discount_cents`);
}

/** The hours and the deltas not folded yet, as one table of (hour, status, orders, amount_cents, qty, discount_cents). */
export const orderStatsTable = sql`(select hour, status, orders, amount_cents, qty, discount_cents from order_stats_hourly
  union all select hour, status, orders, amount_cents, qty, discount_cents from order_stats_deltas) as order_stats`;

/** Recomputes every hour from the orders: after writes made with triggers off (session_replication_role = replica). */
export async function rebuildOrderStats(db: Queryable): Promise<void> {
  await db.execute(sql`truncate order_stats_hourly, order_stats_deltas`);
  await db.execute(sql`insert into order_stats_hourly (hour, status, orders, amount_cents, qty, discount_cents)
    select date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', status, count(*), sum(amount_cents), sum(qty), sum(discount_cents)
    from orders group by 1, 2`);
}
