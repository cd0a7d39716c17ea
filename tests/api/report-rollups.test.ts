import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.js';
import { foldOrderStats, orderStatsTable, rebuildOrderStats } from '../../server/db/order-stats.js';
import { generateOrders } from '../../server/seed/seed.js';
import { buildOrder, buildPayment } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Figures = { hour: string; status: string; orders: string; amount: string; qty: string; discount: string };

/** The figures straight from the orders, and as the rollups hold them (hours and waiting deltas): they must agree. */
async function bothWays() {
  const direct = await queryRows<Figures>(
    t.db,
    sql`select to_char(date_trunc('hour', created_at at time zone 'UTC'), 'YYYY-MM-DD HH24') as hour, status,
    count(*)::text as orders, sum(amount_cents)::text as amount, sum(qty)::text as qty, sum(discount_cents)::text as discount
    from orders group by 1, 2 order by 1, 2`,
  );
  const rolled = await queryRows<Figures>(
    t.db,
    sql`select to_char(hour at time zone 'UTC', 'YYYY-MM-DD HH24') as hour, status,
    sum(orders)::text as orders, sum(amount_cents)::text as amount, sum(qty)::text as qty, sum(discount_cents)::text as discount
    from ${orderStatsTable} group by 1, 2 having sum(orders) <> 0 order by 1, 2`,
  );
  return { direct, rolled };
}

describe('the orders’ hourly figures', () => {
  it('follow every insert, status move, refund, bulk update and delete, folded or not', async () => {
    await buildOrder(t, { paid: true, qty: 2 });
    await buildOrder(t, {});
    const payment = await buildPayment(t, { product: { priceFiat: '25.00' } });
    await t.call('POST', `/api/payments/${payment.id}/refund`, {
      as: 'finance',
      body: { amount: 25, reason: 'Changed mind' },
      headers: { 'idempotency-key': `r-${payment.id}` },
    });
    let { direct, rolled } = await bothWays();
    expect(direct.length).toBeGreaterThan(0);
    expect(rolled).toEqual(direct);

    // One statement moving many orders across hours and statuses, then a fold in the middle of it all.
    await t.db.execute(
      sql`update orders set created_at = created_at - interval '3 days 5 hours', status = case when status = 'pending' then 'failed' else status end`,
    );
    ({ direct, rolled } = await bothWays());
    expect(rolled).toEqual(direct);
    await foldOrderStats(t.db);
    expect((await queryRows<{ n: string }>(t.db, sql`select count(*)::text as n from order_stats_deltas`))[0]!.n).toBe(
      '0',
    );
    ({ direct, rolled } = await bothWays());
    expect(rolled).toEqual(direct);

    // An update that changes nothing the figures hold adds no delta.
    await t.db.execute(sql`update orders set updated_at = now()`);
    expect((await queryRows<{ n: string }>(t.db, sql`select count(*)::text as n from order_stats_deltas`))[0]!.n).toBe(
      '0',
    );

    // Orders made while two folds race: nothing is counted twice or lost.
    await Promise.all([
      buildOrder(t, { paid: true }),
      foldOrderStats(t.db),
      foldOrderStats(t.db),
      buildOrder(t, {}),
      foldOrderStats(t.db),
    ]);
    ({ direct, rolled } = await bothWays());
    expect(rolled).toEqual(direct);

    const [victim] = await queryRows<{ id: string }>(t.db, sql`select id from orders where status = 'failed' limit 1`);
    await t.db.execute(sql`delete from order_items where order_id = ${victim!.id}`);
    await t.db.execute(sql`delete from payments where order_id = ${victim!.id}`);
    await t.db.execute(sql`delete from orders where id = ${victim!.id}`);
    ({ direct, rolled } = await bothWays());
    expect(rolled).toEqual(direct);
  });

  it('the generator’s bulk load (triggers off) and a rebuild leave them right', async () => {
    await generateOrders(t.db, 300);
    let { direct, rolled } = await bothWays();
    expect(direct.reduce((n, r) => n + Number(r.orders), 0)).toBeGreaterThanOrEqual(300);
    expect(rolled).toEqual(direct);
    await t.db.execute(sql`delete from order_stats_hourly where status = 'paid'`);
    await rebuildOrderStats(t.db);
    ({ direct, rolled } = await bothWays());
    expect(rolled).toEqual(direct);
  });

  it('a truncate of the orders empties them', async () => {
    await t.db.execute(sql`truncate orders cascade`);
    const { direct, rolled } = await bothWays();
    expect(direct).toEqual([]);
    expect(rolled).toEqual([]);
    expect((await queryRows<{ n: string }>(t.db, sql`select count(*)::text as n from order_stats_hourly`))[0]!.n).toBe(
      '0',
    );
  });
});
