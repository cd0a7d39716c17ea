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
const money = (cents: string) => `trim_scale(${cents}::numeric / 100)`;
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const ORDER_FIELDS = `'id', o.id, 'status', o.status, 'qty', o.qty, 'amountFiat', ${money('o.amount_cents')},
  'currency', o.currency, 'customerEmail', o.customer_email, 'userId', o.user_id, 'walletAddress', o.wallet_address,
  'couponCode', o.coupon_code, 'test', o.test, 'createdAt', ${iso('o.created_at')}, 'updatedAt', ${iso('o.updated_at')},
  'paidAt', ${iso('o.paid_at')}, 'fulfilledAt', ${iso('o.fulfilled_at')}`;

export const ORDER_JSON = sql.raw(`json_build_object(${ORDER_FIELDS})`);

/** A row of the CSV export: the list's fields and the parts of the amount (`presentPricing`; an old order's all subtotal). */
const ORDER_CSV_JSON =
  sql.raw(`json_build_object(${ORDER_FIELDS}, 'subtotal', ${money('coalesce(o.subtotal_cents, o.amount_cents)')},
  'discount', ${money('o.discount_cents')}, 'memberDiscount', ${money('o.member_discount_cents')}, 'tax', ${money('o.tax_cents')},
  'shipping', ${money('o.shipping_cents')})`);

/** The columns of each sort, before the id that breaks ties; a status sort is by date within each status. */
export const ORDER_SORT_COLUMNS: Record<ListQuery['sort'], AnyPgColumn[]> = {
  createdAt: [orders.createdAt],
  amountFiat: [orders.amountCents],
  qty: [orders.qty],
  status: [orders.status, orders.createdAt],
};
const SORT_SQL = Object.fromEntries(
  Object.entries(ORDER_SORT_COLUMNS).map(([sort, columns]) => [sort, columns.map((c) => c.name)]),
) as Record<ListQuery['sort'], string[]>;

/**
 * One page of the list as a single JSON text value, filtered by `where` (the same filter the total counts).
 * Its SQL text depends only on the query's shape, which `name` spells, so it can be prepared under that name.
 */
export function orderPageQuery(q: ListQuery, where: SQL | undefined, shape: string): { name: string; query: SQL } {
  const order = (alias: string) =>
    sql.raw([...SORT_SQL[q.sort], 'id'].map((c) => `${alias}${c} ${q.order}`).join(', '));
  const query = sql`select coalesce(json_agg(${ORDER_JSON} order by ${order('o.')}), '[]')::text as json
    from (select * from ${orders} ${where ? sql`where ${where}` : sql``} order by ${order('')} limit ${q.limit} offset ${q.offset}) o`;
  return { name: `orders_json_${shape}_${q.sort}_${q.order}`, query };
}

/**
 * A batch of the CSV export as one JSON text value: the rows after the row `after` (keyset, see pages.ts) in the
 * list's order. One value per batch is what makes the export fast: decoding each row's fields one by one (PGlite
 * copies each field's bytes) and mapping them to objects cost more than writing the CSV.
 */
export function orderCsvBatchQuery(
  q: ListQuery,
  where: SQL | undefined,
  shape: string,
  keyset: SQL | undefined,
  limit: number,
): { name: string; query: SQL } {
  const order = (alias: string) =>
    sql.raw([...SORT_SQL[q.sort], 'id'].map((c) => `${alias}${c} ${q.order}`).join(', '));
  const filter = where && keyset ? sql`${where} and ${keyset}` : (where ?? keyset);
  const query = sql`select coalesce(json_agg(${ORDER_CSV_JSON} order by ${order('o.')}), '[]')::text as json
    from (select * from ${orders} ${filter ? sql`where ${filter}` : sql``} order by ${order('')} limit ${limit}) o`;
  return { name: `orders_csv_${shape}_${keyset ? 'after' : 'first'}_${q.sort}_${q.order}`, query };
}
