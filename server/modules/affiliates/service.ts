import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Affiliate } from '../../../src/common/referrals.js';
import type { Db } from '../../db/client.js';
import { commissions, users } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { Counter } from '../../lib/list.js';
import { after, listOrder, orderBy, type Page } from '../../lib/pages.js';
import { listCommissions } from '../commissions/service.js';
import { presentAffiliate } from './present.js';

const counter = new Counter();
/** users.id spelled out: in a one-table select drizzle leaves columns unqualified, which a subquery would read as its own. */
const USER_ID = sql`"users"."id"`;

/** A user is an affiliate once someone names them as referrer or they have earned a commission. */
const isAffiliate = sql`(exists (select 1 from ${users} r where r.referred_by_id = ${USER_ID}) or exists (select 1 from ${commissions} where ${commissions.referrerId} = ${USER_ID}))`;

function affiliateFilter(q: { q?: string }) {
  const f: SQL[] = [isAffiliate];
  const text = q.q?.trim();
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    f.push(or(ilike(users.email, like), ilike(users.name, like), ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, like))!);
  }
  return and(...f);
}

const AFFILIATE_ORDER = listOrder([users.createdAt], users.id, 'desc');

/** One page of the list, newest first (by offset for the JSON list, after a row for the CSV export). */
export async function affiliateRows(db: Db, q: { q?: string }, page: Page): Promise<Affiliate[]> {
  const rows = await db.select({
    u: users,
    referred: sql<string>`(select count(*) from ${users} r where r.referred_by_id = ${USER_ID})`,
    earned: sql<string>`(select coalesce(sum(${commissions.amountCents}), 0) from ${commissions} where ${commissions.referrerId} = ${USER_ID} and ${commissions.status} not in ('rejected', 'reversed'))`,
  }).from(users).where(and(affiliateFilter(q), after(AFFILIATE_ORDER, page.after)))
    .orderBy(...orderBy(AFFILIATE_ORDER)).limit(page.limit).offset(page.offset ?? 0);
  return rows.map(presentAffiliate);
}

export async function listAffiliates(db: Db, q: { q?: string; limit: number; offset: number }): Promise<{ affiliates: Affiliate[]; total: number; totalIsEstimate: boolean }> {
  const [rows, total] = await Promise.all([
    affiliateRows(db, q, q),
    counter.count(db, users, affiliateFilter(q), JSON.stringify(['affiliates', q.q?.trim()])),
  ]);
  return { affiliates: rows, ...total };
}

export async function affiliateCommissions(db: Db, id: string, q: { status?: string; limit: number; offset: number }, holdDays: number) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!user) throw notFound('Affiliate not found.');
  return listCommissions(db, { referrerId: id, status: q.status as never, limit: q.limit, offset: q.offset }, holdDays);
}
