/**
 * The one statement that marks an order paid (markOrderPaid in service.ts), built once per shape: the payment completed
 * (when it exists), its event, the order's move, the audit row and the buyer's notification and email as data-modifying
 * CTEs, beside the read of the order's lines with how many payments it completed.
 */
import { and, eq, sql } from 'drizzle-orm';
import { builtOnce, rowRun, rowSlots, type Slots } from '../../db/built-once.js';
import { alongside } from '../../db/client.js';
import {
  auditEvents,
  emailMessages,
  notifications,
  orderItems,
  orders,
  paymentEvents,
  payments,
} from '../../db/schema.js';
import { EMAIL_ROW_KEYS, IN_APP_ROW_KEYS, type NotificationValues } from '../notifications/notify.js';

export type PaidRun = {
  paymentId: string;
  orderId: string;
  now: Date;
  reference: string | null;
  test: boolean;
  actorId: string | null;
  actorIp: string | null;
  auditData: unknown;
} & Record<string, unknown>;

/** Which parts the statement has: whether it completes an existing payment, and which notices it writes. */
export type PaidShape = `${'complete' | 'recorded'}:${'in_app' | ''}:${'email' | ''}`;

export const paidShape = (completing: boolean, notice: NotificationValues | null): PaidShape =>
  `${completing ? 'complete' : 'recorded'}:${notice?.inApp ? 'in_app' : ''}:${notice?.email ? 'email' : ''}`;

/** The notices' values under the statement's names. */
export const noticeRun = (notice: NotificationValues | null) => ({
  ...(notice?.inApp && rowRun('inApp', notice.inApp)),
  ...(notice?.email && rowRun('email', notice.email)),
});

export const paidStatement = builtOnce((q, p: Slots<PaidRun>, shape: PaidShape) => {
  const [payment, inApp, email] = shape.split(':');
  const completing =
    payment === 'complete'
      ? q
          .update(payments)
          .set({
            status: 'completed',
            completedAt: sql`${p.now}`,
            updatedAt: sql`${p.now}`,
            reference: sql`${p.reference}`,
          })
          .where(and(eq(payments.id, p.paymentId), eq(payments.orderId, p.orderId), eq(payments.status, 'pending')))
          .returning({ id: payments.id })
      : null;
  const writes = alongside(q, [
    ...(completing ? [completing] : []),
    q.insert(paymentEvents).values({
      paymentId: p.paymentId,
      type: 'confirmed',
      reference: p.reference,
      actorId: p.actorId,
      createdAt: p.now,
    }),
    q
      .update(orders)
      .set({ status: 'paid', paidAt: sql`${p.now}`, updatedAt: sql`${p.now}`, test: sql`${p.test}` })
      .where(eq(orders.id, p.orderId)),
    q.insert(auditEvents).values({
      actorId: p.actorId,
      action: 'order.paid',
      entity: 'order',
      entityId: p.orderId,
      data: p.auditData,
      ip: p.actorIp,
    }),
    ...(inApp ? [q.insert(notifications).values(rowSlots('inApp', IN_APP_ROW_KEYS))] : []),
    ...(email ? [q.insert(emailMessages).values(rowSlots('email', EMAIL_ROW_KEYS))] : []),
  ]);
  const completed = completing ? sql<number>`(select count(*) from ${writes[0]})::int` : sql<number>`1`;
  return q
    .with(...writes)
    .select({ item: orderItems, completed })
    .from(orderItems)
    .where(eq(orderItems.orderId, p.orderId));
});
