/**
 * A checkout's one write, built once per shape: its order (returned), with its lines, its audit row, its payment and
 * the payment's first event, and the Idempotency-Key's answer kept, as data-modifying CTEs (foreign keys are checked at
 * the statement's end, so each row may refer to one inserted beside it).
 */
import { builtOnce, rowRun, rowSlots, type Slots } from '../../db/built-once.js';
import { alongside, type Tx } from '../../db/client.js';
import { auditEvents, orderItems, orders, paymentEvents, payments } from '../../db/schema.js';
import { keptAnswerWrite, type KeptAnswer } from '../../lib/idempotency.js';
import {
  buyersReferrer,
  LINE_ROW_KEYS,
  ORDER_ROW_KEYS,
  pendingLineRows,
  pendingOrderRow,
  type PendingOrder,
} from '../orders/pending.js';
import { PAYMENT_ROW_KEYS, type StartedPayment } from '../payments/open.js';
import { changed } from '../../lib/live.js';

type Run = {
  now: Date;
  actorId: string | null;
  actorIp: string | null;
  auditData: unknown;
  referrerId: string | null;
  buyerId: string | null;
} & Partial<KeptAnswer> &
  Record<string, unknown>;

/**
 * `lines`: how many; `referrer`: the given one, or the buyer's own; `payment`: whether the payment is written with it
 * (crypto's is opened after: its provider reads the stored order); `keep`: whether the key's answer is kept with it.
 */
type Shape = `${number}:${'given' | 'buyer'}:${'payment' | ''}:${'keep' | ''}`;

const statement = builtOnce((q, p: Slots<Run>, shape: Shape) => {
  const [lines, referrer, payment, keep] = shape.split(':');
  const order = {
    ...rowSlots('order', ORDER_ROW_KEYS),
    referrerId: referrer === 'buyer' ? buyersReferrer(p.buyerId) : p.referrerId,
  };
  const writes = alongside(q, [
    q.insert(orderItems).values(Array.from({ length: Number(lines) }, (_, i) => rowSlots(`line${i}`, LINE_ROW_KEYS))),
    q.insert(auditEvents).values({
      actorId: p.actorId,
      action: 'checkout.create',
      entity: 'order',
      entityId: p['order.id'],
      data: p.auditData,
      ip: p.actorIp,
    }),
    ...(payment
      ? [
          q.insert(payments).values(rowSlots('payment', PAYMENT_ROW_KEYS)),
          q.insert(paymentEvents).values({
            paymentId: p['payment.id'],
            type: 'created',
            reference: p['payment.reference'],
            actorId: p.actorId,
            createdAt: p.now,
          }),
        ]
      : []),
    ...(keep ? [keptAnswerWrite(q, p as Slots<KeptAnswer>)] : []),
  ]);
  return q
    .with(...writes)
    .insert(orders)
    .values(order)
    .returning();
});

export type CheckoutWrite = {
  order: PendingOrder & { id: string };
  payment: StartedPayment['row'] | null;
  actor: { id: string; ip?: string } | null;
  auditData: unknown;
  now: Date;
  kept: KeptAnswer | null;
};

/** Writes the checkout's order, lines, audit row, and when given its payment with its event and the kept answer: the order's row. */
export async function writeCheckout(tx: Tx, w: CheckoutWrite) {
  const { order } = w;
  const lines = pendingLineRows(order, order.id);
  const given = order.referrerId !== undefined;
  const run: Run = {
    now: w.now,
    actorId: w.actor?.id ?? null,
    actorIp: w.actor?.ip ?? null,
    auditData: w.auditData,
    referrerId: given ? (order.referrerId ?? null) : null,
    buyerId: order.userId,
    ...rowRun('order', pendingOrderRow(order, order.id)),
    ...(w.payment && rowRun('payment', w.payment)),
    ...Object.assign({}, ...lines.map((line, i) => rowRun(`line${i}`, line))),
    ...w.kept,
  };
  const [row] = await statement(
    tx,
    run,
    `${lines.length}:${given ? 'given' : 'buyer'}:${w.payment ? 'payment' : ''}:${w.kept ? 'keep' : ''}`,
  );
  // Its audit row is not an audit() call: announce the new order and payment here (lib/live.ts).
  changed('order', order.id, 'created');
  if (w.payment) changed('payment', w.payment.id, 'created');
  return row!;
}
