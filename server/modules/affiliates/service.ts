import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { fromCents } from '../../../src/common/money.js';
import type { Affiliate } from '../../../src/common/referrals.js';
import type { Db } from '../../db/client.js';
import { commissions, users } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { Counter } from '../../lib/list.js';
import { listCommissions } from '../commissions/service.js';

const counter = new Counter();
/** users.id spelled out: in a one-table select drizzle leaves columns unqualified, which a subquery would read as its own. */
const USER_ID = sql`"users"."id"`;

/**
 * A user is an affiliate once someone names them as referrer or they have earned a commission: `users.affiliate`, set by
 * attribution and by earning (migration 0014 filled it in), so the list walks a partial index instead of probing each user.
 */
export async function listAffiliates(db: Db, q: { q?: string; limit: number; offset: number }): Promise<{ affiliates: Affiliate[]; total: number; totalIsEstimate: boolean }> {
  const f: SQL[] = [eq(users.affiliate, true)];
  const text = q.q?.trim().toLowerCase();
  if (text) {
    // A prefix of the email, the name or "first last" (each has a partial index over affiliates).
    const prefix = `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    f.push(or(
      sql`lower(${users.email}) like ${prefix}`, sql`lower(${users.name}) like ${prefix}`,
      sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) like ${prefix}`,
    )!);
  }
  const where = and(...f);
  // The page's ids first, then the counts and sums for those rows only: skipped rows (a later page) cost an index step each.
  const page = db.$with('page').as(db.select({ pageId: users.id }).from(users).where(where)
    .orderBy(desc(users.createdAt), desc(users.id)).limit(q.limit).offset(q.offset));
  const [rows, total] = await Promise.all([
    db.with(page).select({
      u: users,
      referred: sql<string>`(select count(*) from ${users} r where r.referred_by_id = ${USER_ID})`,
      earned: sql<string>`(select coalesce(sum(${commissions.amountCents}), 0) from ${commissions} where ${commissions.referrerId} = ${USER_ID} and ${commissions.status} not in ('rejected', 'reversed'))`,
    }).from(page).innerJoin(users, eq(users.id, page.pageId)).orderBy(desc(users.createdAt), desc(users.id)),
    counter.count(db, users, where, JSON.stringify(['affiliates', text])),
  ]);
  return {
    affiliates: rows.map(({ u, referred, earned }) => ({
      id: u.id, firstName: u.firstName, lastName: u.lastName, name: u.name, email: u.email, referralCode: u.referralCode,
      referredCount: Number(referred), totalEarnings: fromCents(Number(earned)), createdAt: u.createdAt.toISOString(),
    })),
    ...total,
  };
}

export async function affiliateCommissions(db: Db, id: string, q: { status?: string; limit: number; offset: number }, holdDays: number) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!user) throw notFound('Affiliate not found.');
  return listCommissions(db, { referrerId: id, status: q.status as never, limit: q.limit, offset: q.offset }, holdDays);
}
