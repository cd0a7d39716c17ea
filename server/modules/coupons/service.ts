import { and, eq, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Coupon } from '../../../src/common/coupons.js';
import type { CouponInput, CouponListQuery, CouponPatch } from '../../../src/common/coupons.schemas.js';
import { centsText, toCents } from '../../../src/common/money.js';
import type { Db, Queryable } from '../../db/client.js';
import { coupons } from '../../db/schema.js';
import { AppError, conflict, invalidField, notFound } from '../../lib/errors.js';
import { assertVersion } from '../../lib/if-match.js';
import { uniqueText } from '../../lib/unique.js';
import { Counter } from '../../lib/list.js';
import { after, listOrder, orderBy, type Page } from '../../lib/pages.js';
import type { Actor } from '../../types.js';
import { changes } from '../audit/changes.js';
import { holdUse, type HoldCustomer } from './holds.js';
import { audit } from '../audit/service.js';
import { deleteRefusal, expireRefusal, termProblems, type CouponTerms } from './policy.js';
import { presentCoupon } from './present.js';

type Row = typeof coupons.$inferSelect;
const counter = new Counter();
/** Counts under a status filter move with the clock, so they are not kept. */
const liveCounter = new Counter({ exactTtlMs: 0, estimateTtlMs: 0 });

const SORT_COLUMNS = {
  createdAt: coupons.createdAt,
  code: coupons.code,
  endDate: coupons.endDate,
  usedCount: coupons.usedCount,
} as const;

const uniqueCode = uniqueText({
  table: coupons,
  id: coupons.id,
  column: coupons.code,
  index: 'coupons_code_key',
  taken: (value) => new AppError(409, 'code_taken', { value }, { code: 'coupon_code_used_by_other' }),
});

/** Input (values in cents) → columns. */
function toColumns(input: CouponPatch) {
  const { discountValue, minimumSubtotal, ...rest } = input;
  return {
    ...rest,
    ...(discountValue !== undefined ? { discountValue: centsText(discountValue) } : {}),
    ...(minimumSubtotal !== undefined ? { minimumSubtotalCents: minimumSubtotal } : {}),
  };
}

const termsOf = (row: Row): CouponTerms => ({ ...row, discountValue: toCents(row.discountValue) });

function assertSound(terms: CouponTerms) {
  const problems = termProblems(terms);
  const [first] = Object.entries(problems);
  if (first) throw invalidField(first[0], first[1], problems);
}

function couponFilter(q: CouponListQuery) {
  const filters: SQL[] = [];
  if (q.status === 'expired') filters.push(lt(coupons.endDate, sql`now()`));
  if (q.status === 'active') filters.push(or(isNull(coupons.endDate), sql`${coupons.endDate} >= now()`)!);
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(ilike(coupons.code, like), ilike(coupons.description, like))!);
  }
  return filters.length ? and(...filters) : undefined;
}

/** One page of the list (by offset for the JSON list, after a row for the CSV export). */
export async function couponRows(db: Db, q: CouponListQuery, page: Page) {
  const order = listOrder([SORT_COLUMNS[q.sort]], coupons.id, q.order);
  const rows = await db
    .select()
    .from(coupons)
    .where(and(couponFilter(q), after(order, page.after)))
    .orderBy(...orderBy(order))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  const now = new Date();
  return rows.map((c) => presentCoupon(c, now));
}

export async function listCoupons(db: Db, q: CouponListQuery) {
  const [rows, total] = await Promise.all([
    couponRows(db, q, q),
    (q.status ? liveCounter : counter).count(db, coupons, couponFilter(q), JSON.stringify([q.status, q.q])),
  ]);
  return { coupons: rows, ...total };
}

export async function getCoupon(db: Queryable, id: string, lock = false) {
  const query = db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('coupon_not_found');
  return row;
}

export async function createCoupon(db: Db, input: CouponInput, actor: Actor): Promise<Coupon> {
  assertSound({ ...input, usedCount: 0 });
  return db
    .transaction(async (tx) => {
      await uniqueCode.assertFree(tx, input.code);
      const [row] = await tx
        .insert(coupons)
        .values({ ...toColumns(input), createdBy: actor?.id ?? null } as typeof coupons.$inferInsert)
        .returning();
      await audit(tx, actor, 'coupon.create', 'coupon', row!.id, input);
      counter.touch();
      return presentCoupon(row!);
    })
    .catch((err) => uniqueCode.rethrow(err, input.code));
}

/** `versions`: what an `If-Match` named (lib/if-match.ts): a coupon changed since is refused (412). */
export async function updateCoupon(
  db: Db,
  id: string,
  patch: CouponPatch,
  actor: Actor,
  versions: string[] | null = null,
): Promise<Coupon> {
  return db
    .transaction(async (tx) => {
      const current = await getCoupon(tx, id, true);
      assertVersion(versions, current.updatedAt);
      assertSound({ ...termsOf(current), ...patch });
      if (patch.code) await uniqueCode.assertFree(tx, patch.code, id);
      const [row] = await tx
        .update(coupons)
        .set({ ...toColumns(patch), updatedAt: new Date() })
        .where(eq(coupons.id, id))
        .returning();
      await audit(tx, actor, 'coupon.update', 'coupon', id, changes(presentCoupon(current), presentCoupon(row!)));
      counter.touch();
      return presentCoupon(row!);
    })
    .catch((err) => uniqueCode.rethrow(err, patch.code));
}

export async function deleteCoupon(db: Db, id: string, actor: Actor) {
  await db.transaction(async (tx) => {
    const coupon = await getCoupon(tx, id, true);
    const refusal = deleteRefusal(coupon);
    if (refusal) throw conflict(refusal, undefined, 'coupon_used');
    await tx.delete(coupons).where(eq(coupons.id, id));
    await audit(tx, actor, 'coupon.delete', 'coupon', id, { code: coupon.code });
    counter.touch();
  });
}

/**
 * Ends a coupon now: its end date becomes this moment (a start still to come is dropped, so the dates stay in order);
 * pending orders already holding a use keep it, as at any other end date.
 */
export async function expireCoupon(db: Db, id: string, actor: Actor, now = new Date()): Promise<Coupon> {
  return db.transaction(async (tx) => {
    const current = await getCoupon(tx, id, true);
    const refusal = expireRefusal(current, now);
    if (refusal) throw conflict(refusal, undefined, 'coupon_expired');
    const startDate = current.startDate && current.startDate.getTime() >= now.getTime() ? null : current.startDate;
    const [row] = await tx
      .update(coupons)
      .set({ endDate: now, startDate, updatedAt: now })
      .where(eq(coupons.id, id))
      .returning();
    await audit(tx, actor, 'coupon.expire', 'coupon', id, changes(presentCoupon(current), presentCoupon(row!)));
    counter.touch();
    return presentCoupon(row!);
  });
}

/** Holds one use of a coupon for a pending order (holds.ts): null, or why it may not. */
export async function reserveCouponUse(tx: Queryable, id: string, who: HoldCustomer | null, since: Date) {
  const refused = await holdUse(tx, id, who, since);
  counter.touch();
  return refused;
}

/** The order holding a use failed or expired: the use is free again. */
export async function releaseCouponUse(tx: Queryable, code: string) {
  await tx
    .update(coupons)
    .set({ reservedCount: sql`greatest(${coupons.reservedCount} - 1, 0)` })
    .where(sql`lower(${coupons.code}) = lower(${code})`);
  counter.touch();
}

/** The order holding a use was paid: the held use becomes a use. */
export async function settleCouponUse(tx: Queryable, code: string) {
  await tx
    .update(coupons)
    .set({ reservedCount: sql`greatest(${coupons.reservedCount} - 1, 0)`, usedCount: sql`${coupons.usedCount} + 1` })
    .where(sql`lower(${coupons.code}) = lower(${code})`);
  counter.touch();
}
