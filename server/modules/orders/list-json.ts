import { sql, type SQL } from 'drizzle-orm';
import type { OrderListQuery as ListQuery } from '../../../src/common/orders.schemas.js';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { orders } from '../../db/schema.js';

/**
 * The orders list as JSON rendered by the database: one text value per page instead of 20 rows × 14
 * fields to decode, map and serialise again. At a million orders this is the busiest read of the back
 * office, and decoding was most of its cost on PGlite. `presentOrder` is the reference for this shape:
 * tests/api/orders-list-json.test.ts checks that the two agree field for field on both engines.
 */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const ORDER_JSON = sql.raw(`json_build_object(
  'id', o.id, 'status', o.status, 'qty', o.qty, 'amountFiat', trim_scale(o.amount_cents::numeric / 100),
  'currency', o.currency, 'customerEmail', o.customer_email, 'userId', o.user_id, 'walletAddress', o.wallet_address,
  'couponCode', o.coupon_code, 'test', o.test, 'createdAt', ${iso('o.created_at')}, 'updatedAt', ${iso('o.updated_at')},
  'paidAt', ${iso('o.paid_at')}, 'fulfilledAt', ${iso('o.fulfilled_at')})`);

/** The columns of each sort, before the id that breaks ties; a status sort is by date within each status. */
export const ORDER_SORT_COLUMNS: Record<ListQuery['sort'], AnyPgColumn[]> = {
  createdAt: [orders.createdAt], amountFiat: [orders.amountCents], qty: [orders.qty], status: [orders.status, orders.createdAt],
};
const SORT_SQL = Object.fromEntries(Object.entries(ORDER_SORT_COLUMNS).map(([sort, columns]) => [sort, columns.map((c) => c.name)])) as Record<ListQuery['sort'], string[]>;

/**
 * One page of the list as a single JSON text value, filtered by `where` (the same filter the total counts).
 * Its SQL text depends only on the query's shape, which `name` spells, so it can be prepared under that name.
 */
export function orderPageQuery(q: ListQuery, where: SQL | undefined, shape: string): { name: string; query: SQL } {
  const order = (alias: string) => sql.raw([...SORT_SQL[q.sort], 'id'].map((c) => `${alias}${c} ${q.order}`).join(', '));
  const query = sql`select coalesce(json_agg(${ORDER_JSON} order by ${order('o.')}), '[]')::text as json
    from (select * from ${orders} ${where ? sql`where ${where}` : sql``} order by ${order('')} limit ${q.limit} offset ${q.offset}) o`;
  return { name: `orders_json_${shape}_${q.sort}_${q.order}`, query };
}
