import type { z } from 'zod';
import type { orderListQuery } from './schemas.js';
import { parseOrderSearch } from './search.js';

type ListQuery = z.infer<typeof orderListQuery>;

/**
 * The orders list as JSON rendered by the database: one text value per page instead of 20 rows × 14
 * fields to decode, map and serialise again. At a million orders this is the busiest read of the back
 * office, and decoding was most of its cost on PGlite. `presentOrder` is the reference for this shape:
 * tests/api/orders-list-json.test.ts checks that the two agree field for field on both engines.
 */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const ORDER_JSON = `json_build_object(
  'id', o.id, 'status', o.status, 'qty', o.qty, 'amountFiat', trim_scale(o.amount_cents::numeric / 100),
  'currency', o.currency, 'customerEmail', o.customer_email, 'userId', o.user_id, 'walletAddress', o.wallet_address,
  'couponCode', o.coupon_code, 'test', o.test, 'createdAt', ${iso('o.created_at')}, 'updatedAt', ${iso('o.updated_at')},
  'paidAt', ${iso('o.paid_at')}, 'fulfilledAt', ${iso('o.fulfilled_at')})`;

/** The columns of each sort, before the id that breaks ties; a status sort is by date within each status. */
const SORT_SQL: Record<ListQuery['sort'], string[]> = {
  createdAt: ['created_at'], amountFiat: ['amount_cents'], qty: ['qty'], status: ['status', 'created_at'],
};

export type ListStatement = { name: string; text: string; params: unknown[] };

const texts = new Map<string, string>();

/** The statement for one page: its text depends only on the query's shape, so it is built once per shape. */
export function orderListStatement(q: ListQuery): ListStatement {
  const search = q.q ? parseOrderSearch(q.q) : null;
  const name = `orders_json_${q.status ? 's' : ''}${search?.kind ?? ''}_${q.sort}_${q.order}`;
  const params: unknown[] = [];
  const where: string[] = [];
  if (q.status) where.push(`status = $${params.push(q.status)}`);
  if (search?.kind === 'id') where.push(`id = $${params.push(search.id)}`);
  if (search?.kind === 'email') where.push(`customer_email like $${params.push(search.pattern)}`);
  if (search?.kind === 'idPrefix') {
    where.push(`(id between $${params.push(search.from)} and $${params.push(search.to)} or customer_email like $${params.push(search.pattern)})`);
  }
  const limit = params.push(q.limit);
  const offset = params.push(q.offset);
  let text = texts.get(name);
  if (!text) {
    const order = (alias: string) => [...SORT_SQL[q.sort], 'id'].map((c) => `${alias}${c} ${q.order}`).join(', ');
    const inner = `select * from orders ${where.length ? `where ${where.join(' and ')}` : ''} order by ${order('')} limit $${limit} offset $${offset}`;
    text = `select coalesce(json_agg(${ORDER_JSON} order by ${order('o.')}), '[]')::text as json from (${inner}) o`;
    texts.set(name, text);
  }
  return { name, text, params };
}
