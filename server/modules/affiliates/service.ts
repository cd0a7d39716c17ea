import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Affiliate, AffiliateDetail } from '../../../src/common/referrals.js';
import type { AffiliateListQuery } from '../../../src/common/referrals.schemas.js';
import type { Db } from '../../db/client.js';
import { commissions, orders, referralClicks, referralVisits, users } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { Counter } from '../../lib/list.js';
import { after, listOrder, orderBy, type Page } from '../../lib/pages.js';
import { listCommissions } from '../commissions/service.js';
import { conversionRate } from '../referrals/policy.js';
import { presentAffiliate, presentAffiliateDetail } from './present.js';

const counter = new Counter();
/** users.id spelled out: in a one-table select drizzle leaves columns unqualified, which a subquery would read as its own. */
const USER_ID = sql`"users"."id"`;
/** The user has a paid order. */
const BOUGHT = sql<boolean>`exists (select 1 from ${orders} where ${orders.userId} = ${USER_ID} and ${orders.status} in ('paid', 'fulfilled'))`;
/** What the list shows of each affiliate beside the user: how many they referred, what they earned (not rejected or reversed). */
const FIGURES = {
  referred: sql<string>`(select count(*) from ${users} r where r.referred_by_id = ${USER_ID})`,
  earned: sql<string>`(select coalesce(sum(${commissions.amountCents}), 0) from ${commissions} where ${commissions.referrerId} = ${USER_ID} and ${commissions.status} not in ('rejected', 'reversed'))`,
};
/** The affiliate's page lists the newest of the people they referred. */
const REFERRED_SHOWN = 50;

/**
 * A user is an affiliate once someone names them as referrer or they have earned a commission: `users.affiliate`, set by
 * attribution and by earning (migration 0016 filled it in), so the list walks a partial index instead of probing each user.
 */
function affiliateFilter(q: { q?: string }) {
  const f: SQL[] = [eq(users.affiliate, true)];
  const text = q.q?.trim().toLowerCase();
  if (text) {
    // A prefix of the email, the name or "first last" (each has a partial index over affiliates).
    const prefix = `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    f.push(
      or(
        sql`lower(${users.email}) like ${prefix}`,
        sql`lower(${users.name}) like ${prefix}`,
        sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) like ${prefix}`,
      )!,
    );
  }
  return and(...f);
}

const SORT_COLUMNS = { createdAt: users.createdAt, email: users.email } as const;

type AffiliateOrder = Pick<AffiliateListQuery, 'q' | 'sort' | 'order'>;

/**
 * One page of the list in its sort (by offset for the JSON list, after a row for the CSV export): the page's ids
 * first, then the counts and sums for those rows only, so skipped rows (a later page) cost an index step each.
 */
export async function affiliateRows(db: Db, q: AffiliateOrder, page: Page): Promise<Affiliate[]> {
  const order = listOrder([SORT_COLUMNS[q.sort]], users.id, q.order);
  const ids = db.$with('page').as(
    db
      .select({ pageId: users.id })
      .from(users)
      .where(and(affiliateFilter(q), after(order, page.after)))
      .orderBy(...orderBy(order))
      .limit(page.limit)
      .offset(page.offset ?? 0),
  );
  const rows = await db
    .with(ids)
    .select({ u: users, ...FIGURES })
    .from(ids)
    .innerJoin(users, eq(users.id, ids.pageId))
    .orderBy(...orderBy(order));
  return rows.map(presentAffiliate);
}

export async function listAffiliates(
  db: Db,
  q: AffiliateListQuery,
): Promise<{ affiliates: Affiliate[]; total: number; totalIsEstimate: boolean }> {
  const [rows, total] = await Promise.all([
    affiliateRows(db, q, q),
    counter.count(db, users, affiliateFilter(q), JSON.stringify(['affiliates', q.q?.trim().toLowerCase()])),
  ]);
  return { affiliates: rows, ...total };
}

/** One affiliate: the list's figures, their clicks, conversion and commissions by status, and whom they referred. */
export async function affiliateDetail(db: Db, id: string): Promise<AffiliateDetail> {
  const [row] = await db
    .select({ u: users, ...FIGURES })
    .from(users)
    .where(and(eq(users.id, id), eq(users.affiliate, true)));
  if (!row) throw notFound('affiliate_not_found');
  const [[clicks], [visits], [buyers], sums, referred] = await Promise.all([
    db.select({ n: count() }).from(referralClicks).where(eq(referralClicks.referrerId, id)),
    db.select({ n: count() }).from(referralVisits).where(eq(referralVisits.referrerId, id)),
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.referredById, id), BOUGHT)),
    db
      .select({ status: commissions.status, cents: sql<string>`sum(${commissions.amountCents})` })
      .from(commissions)
      .where(eq(commissions.referrerId, id))
      .groupBy(commissions.status),
    db
      .select({ id: users.id, email: users.email, name: users.name, referredAt: users.referredAt, active: BOUGHT })
      .from(users)
      .where(eq(users.referredById, id))
      .orderBy(desc(users.referredAt), desc(users.id))
      .limit(REFERRED_SHOWN),
  ]);
  const cents = Object.fromEntries(sums.map((s) => [s.status, Number(s.cents)]));
  return presentAffiliateDetail(row, {
    clicks: clicks?.n ?? 0,
    uniqueClicks: visits?.n ?? 0,
    conversionRate: conversionRate(buyers?.n ?? 0, visits?.n ?? 0),
    cents,
    referred,
  });
}

export async function affiliateCommissions(
  db: Db,
  id: string,
  q: { status?: string; limit: number; offset: number },
  holdDays: number,
) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!user) throw notFound('affiliate_not_found');
  return listCommissions(db, { referrerId: id, status: q.status as never, limit: q.limit, offset: q.offset }, holdDays);
}
