import { and, eq, ilike, type SQL } from 'drizzle-orm';
import { toCents } from '../../../src/common/money.js';
import type {
  {{OnePascal}}Input,
  {{OnePascal}}ListQuery,
  {{OnePascal}}Patch,
} from '../../../src/common/{{kebab}}.schemas.js';
import type { Db, Queryable } from '../../db/client.js';
import { {{camel}} } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { Counter } from '../../lib/list.js';
import { after, listOrder, orderBy, type Page } from '../../lib/pages.js';
import type { Actor } from '../../types.js';
import { changes } from '../audit/changes.js';
import { audit } from '../audit/service.js';
import { present{{OnePascal}} } from './present.js';

const SORT_COLUMNS = {
  name: {{camel}}.name,
  price: {{camel}}.priceCents,
  status: {{camel}}.status,
  createdAt: {{camel}}.createdAt,
} as const;

const counter = new Counter();

function toColumns(input: {{OnePascal}}Patch) {
  const { price, ...rest } = input;
  return { ...rest, ...(price !== undefined ? { priceCents: toCents(price) } : {}) };
}

function filter(q: {{OnePascal}}ListQuery) {
  const filters: SQL[] = [];
  if (q.status) filters.push(eq({{camel}}.status, q.status));
  if (q.q) filters.push(ilike({{camel}}.name, `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  return {
    where: filters.length ? and(...filters) : undefined,
    order: listOrder([SORT_COLUMNS[q.sort]], {{camel}}.id, q.order),
  };
}

/** One page of the list (by offset for the JSON list, after a row for the CSV export). */
export async function {{oneCamel}}Rows(db: Db, q: {{OnePascal}}ListQuery, page: Page) {
  const { where, order } = filter(q);
  const rows = await db
    .select()
    .from({{camel}})
    .where(and(where, after(order, page.after)))
    .orderBy(...orderBy(order))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return rows.map(present{{OnePascal}});
}

export async function list{{Pascal}}(db: Db, q: {{OnePascal}}ListQuery) {
  const [rows, total] = await Promise.all([
    {{oneCamel}}Rows(db, q, q),
    counter.count(db, {{camel}}, filter(q).where, JSON.stringify([q.status, q.q])),
  ]);
  return { {{camel}}: rows, ...total };
}

export async function get{{OnePascal}}(db: Queryable, id: string) {
  const [row] = await db.select().from({{camel}}).where(eq({{camel}}.id, id)).limit(1);
  if (!row) throw notFound('not_found');
  return row;
}

export async function create{{OnePascal}}(db: Db, input: {{OnePascal}}Input, actor: Actor) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert({{camel}})
      .values(toColumns(input) as typeof {{camel}}.$inferInsert)
      .returning();
    await audit(tx, actor, '{{entity}}.create', '{{entity}}', row!.id, input);
    counter.touch();
    return present{{OnePascal}}(row!);
  });
}

export async function update{{OnePascal}}(db: Db, id: string, patch: {{OnePascal}}Patch, actor: Actor) {
  return db.transaction(async (tx) => {
    const before = await get{{OnePascal}}(tx, id);
    const [row] = await tx
      .update({{camel}})
      .set({ ...toColumns(patch), updatedAt: new Date() })
      .where(eq({{camel}}.id, id))
      .returning();
    const after = present{{OnePascal}}(row!);
    await audit(tx, actor, '{{entity}}.update', '{{entity}}', id, changes(present{{OnePascal}}(before), after));
    counter.touch();
    return after;
  });
}

export async function delete{{OnePascal}}(db: Db, id: string, actor: Actor) {
  await db.transaction(async (tx) => {
    const row = await get{{OnePascal}}(tx, id);
    await tx.delete({{camel}}).where(eq({{camel}}.id, id));
    await audit(tx, actor, '{{entity}}.delete', '{{entity}}', id, { name: row.name });
    counter.touch();
  });
}
