/**
 * Revenue, the one definition every screen, report, CSV and API answer uses: money received less money given back,
 * each counted when it moved. A payment counts at its completion (its creation when an imported one has none) once
 * it has completed, whatever refunds came later; a refund counts when it was made, whichever period its payment fell in.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/client.js';

/** A payment that brought money in: completed, or completed and later refunded (in part or whole). */
export const RECEIVED = sql`payments.status in ('completed', 'refunded')`;
/** When a received payment's money moved. */
export const RECEIVED_AT = sql`coalesce(payments.completed_at, payments.created_at)`;

/** A half-open period of instants; either end may be open. */
export type Period = { from?: Date | SQL; to?: Date | SQL };

const instant = (v: Date | SQL) => (v instanceof Date ? sql`${v.toISOString()}::timestamptz` : v);

/** `column` within the period: `from` included, `to` excluded. */
export function inPeriod(column: SQL, { from, to }: Period): SQL {
  const parts = [sql`true`];
  if (from) parts.push(sql`${column} >= ${instant(from)}`);
  if (to) parts.push(sql`${column} < ${instant(to)}`);
  return sql.join(parts, sql` and `);
}

export type Revenue = { grossCents: number; refundsCents: number; netCents: number; payments: number };

/**
 * Gross (payments received in the period), refunds (made in the period) and net, over the payments `where` keeps
 * (a condition on `payments`; refunds follow their payment's filter). One statement.
 */
export async function revenueOf(db: Queryable, period: Period, where: SQL = sql`true`): Promise<Revenue> {
  const [row] = await queryRows<{ gross: string; refunds: string; n: string }>(
    db,
    sql`select g.gross, g.n, f.refunds from
      (select coalesce(sum(payments.amount_cents), 0) as gross, count(*) as n from payments
        where ${RECEIVED} and ${inPeriod(RECEIVED_AT, period)} and ${where}) g,
      (select coalesce(sum(r.amount_cents), 0) as refunds from refunds r join payments on payments.id = r.payment_id
        where ${inPeriod(sql`r.created_at`, period)} and ${where}) f`,
  );
  const grossCents = Number(row?.gross ?? 0);
  const refundsCents = Number(row?.refunds ?? 0);
  return { grossCents, refundsCents, netCents: grossCents - refundsCents, payments: Number(row?.n ?? 0) };
}

/** A local calendar day (YYYY-MM-DD) in `timezone` as the instant it starts; `after` moves to the next day's start. */
export const dayStart = (day: string, timezone: string, after = false) =>
  sql`((${day}::date + ${sql.raw(after ? '1' : '0')})::timestamp at time zone ${timezone})`;
