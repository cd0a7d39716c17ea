/**
 * The seed's paid orders earn their points as markOrderPaid would have (issue 15): one EARNED entry per paid or
 * fulfilled order of an account at the stored pointsPerCurrencyUnit (its subtotal after discount, rounded down), and
 * each member's balance, lifetime points, paid orders and level from them. Refunded orders earned nothing net.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../client.js';

export async function earnSeededPoints(tx: Queryable) {
  await tx.execute(sql`
    with rate as (
      select coalesce((select (value #>> '{}')::bigint from settings where key = 'pointsPerCurrencyUnit' and jsonb_typeof(value) = 'number'), 1) as ppu
    ), earned as (
      select o.id as order_id, o.user_id, coalesce(o.paid_at, o.created_at) as at,
        greatest(coalesce(o.subtotal_cents, o.amount_cents - o.tax_cents - o.shipping_cents + o.discount_cents) - o.discount_cents, 0) * rate.ppu / 100 as points
      from orders o, rate where o.user_id is not null and o.status in ('paid', 'fulfilled')
    )
    insert into points_entries (user_id, type, amount, balance_after, reason, order_id, created_at)
    select user_id, 'EARNED', points, sum(points) over (partition by user_id order by at, order_id), 'Order ' || left(order_id::text, 8) || ' paid', order_id, at
    from earned where points > 0`);
  await tx.execute(sql`
    insert into members (user_id, points_balance, lifetime_points, paid_orders, level)
    select u.id, coalesce(e.points, 0), coalesce(e.points, 0), coalesce(o.n, 0), 'BRONZE'
    from users u
    left join (select user_id, sum(amount) as points from points_entries group by user_id) e on e.user_id = u.id
    left join (select user_id, count(*) as n from orders where status in ('paid', 'fulfilled') and amount_cents > 0 group by user_id) o on o.user_id = u.id
    where e.points is not null or o.n is not null`);
  await tx.execute(sql`
    update members m set level = (select name from member_levels where min_points <= m.lifetime_points and min_orders <= m.paid_orders order by rank desc limit 1)`);
}
