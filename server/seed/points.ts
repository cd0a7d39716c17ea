/**
 * The seed's points ledger, as the live system would have written it (issue 15): one EARNED entry per paid or
 * fulfilled order of an account at the stored pointsPerCurrencyUnit (its subtotal after discount, rounded down), each
 * redemption's points held when it was made (REDEEMED) and given back when it was rejected (RETURNED), beside the
 * points staff added or removed (ADJUSTED, loaded from the file). Then each entry's balance after it, and each member's
 * balance, lifetime points, paid orders and level. Refunded orders earned nothing net; a paid order partly refunded gave
 * back its share (REVERSED). Each points conversion took its points (CONVERTED).
 */
import { sql } from 'drizzle-orm';
import { LOYALTY_TOKEN } from '../../src/common/membership.js';
import { queryRows, type Queryable } from '../db/client.js';

/** An entry that took its member's balance below 0: the redemption or points entry of the file that did. */
export type Overdrawn = { id: string; user_id: string; balance_after: number | string };

/** Writes the derived entries and the members; answers the first entry that overdraws each member (none: a ledger that holds). */
export async function earnSeededPoints(tx: Queryable): Promise<Overdrawn[]> {
  await tx.execute(sql`
    with rate as (
      select coalesce((select (value #>> '{}')::bigint from settings where key = 'pointsPerCurrencyUnit' and jsonb_typeof(value) = 'number'), 1) as ppu
    ), earned as (
      select o.id as order_id, o.user_id, coalesce(o.paid_at, o.created_at) as at,
        greatest(coalesce(o.subtotal_cents, o.amount_cents - o.tax_cents - o.shipping_cents + o.discount_cents) - o.discount_cents, 0) * rate.ppu / 100 as points
      from orders o, rate where o.user_id is not null and o.status in ('paid', 'fulfilled')
    )
    insert into points_entries (user_id, type, amount, balance_after, reason, order_id, created_at)
    select user_id, 'EARNED', points, 0, 'Order ' || left(order_id::text, 8) || ' paid', order_id, at
    from earned where points > 0`);
  // A paid order partly refunded gave back its share of the points, as the live refund does (reversePointsForRefund).
  await tx.execute(sql`
    with refunded as (
      select e.user_id, e.order_id, e.amount as earned, o.amount_cents, sum(p.refunded_cents)::bigint as refunded,
        coalesce((select max(r.created_at) from refunds r join payments q on q.id = r.payment_id where q.order_id = o.id), max(p.updated_at)) as at
      from points_entries e join orders o on o.id = e.order_id join payments p on p.order_id = o.id
      where e.type = 'EARNED' and p.refunded_cents > 0 and o.amount_cents > 0
      group by e.user_id, e.order_id, e.amount, o.id, o.amount_cents
    )
    insert into points_entries (user_id, type, amount, balance_after, reason, order_id, created_at)
    select user_id, 'REVERSED', -(earned - earned * greatest(amount_cents - refunded, 0) / amount_cents), 0,
      'Order ' || left(order_id::text, 8) || ' refunded', order_id, at
    from refunded where earned - earned * greatest(amount_cents - refunded, 0) / amount_cents > 0`);
  await tx.execute(sql`
    insert into points_entries (user_id, type, amount, balance_after, reason, redemption_id, created_at)
    select r.user_id, 'REDEEMED', -r.points_used, 0, 'Redeemed ' || r.quantity || ' × ' || coalesce(p.title, 'a product'), r.id, r.created_at
    from redemptions r left join products p on p.id = r.product_id`);
  await tx.execute(sql`
    insert into points_entries (user_id, type, amount, balance_after, reason, redemption_id, actor_id, created_at)
    select user_id, 'RETURNED', points_used, 0, 'Redemption rejected', id, decided_by, decided_at from redemptions where status = 'REJECTED'`);
  // Each conversion took its points when it was made (the tokens are its mint job's).
  await tx.execute(sql`
    insert into points_entries (user_id, type, amount, balance_after, reason, conversion_id, created_at)
    select user_id, 'CONVERTED', -from_amount, 0, 'Converted into ' || to_amount || ' ' || ${LOYALTY_TOKEN} || ' token' || case when to_amount = 1 then '' else 's' end,
      id, created_at
    from conversions`);
  await tx.execute(sql`
    update points_entries e set balance_after = x.balance from (
      select id, sum(amount) over (partition by user_id order by created_at, coalesce(order_id, redemption_id, conversion_id, id), type, id
        rows between unbounded preceding and current row) as balance
      from points_entries) x
    where e.id = x.id`);
  const overdrawn = await queryRows<Overdrawn>(
    tx,
    sql`
    select distinct on (user_id) coalesce(redemption_id, conversion_id, id) as id, user_id, balance_after from points_entries
    where balance_after < 0 order by user_id, created_at, id`,
  );
  if (overdrawn.length) return overdrawn;
  await tx.execute(sql`
    insert into members (user_id, points_balance, lifetime_points, paid_orders, level)
    select u.id, coalesce(e.points, 0), coalesce(e.lifetime, 0), coalesce(o.n, 0), 'BRONZE'
    from users u
    left join (select user_id, sum(amount) as points, sum(amount) filter (where type in ('EARNED', 'REVERSED', 'ADJUSTED')) as lifetime
               from points_entries group by user_id) e on e.user_id = u.id
    left join (select user_id, count(*) as n from orders where status in ('paid', 'fulfilled') and amount_cents > 0 group by user_id) o on o.user_id = u.id
    where e.points is not null or o.n is not null`);
  await tx.execute(sql`
    update members m set level = (select name from member_levels where min_points <= greatest(m.lifetime_points, 0) and min_orders <= m.paid_orders order by rank desc limit 1)`);
  return [];
}
