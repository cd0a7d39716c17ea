import { and, type AnyColumn, eq, ilike, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { emitWebhook } from '../webhooks/outbox.js';
import { fromCents, toCents } from '../../../src/common/money.js';
import { PAYOUT_STATUSES, type PayoutDetail, type PayoutStatus } from '../../../src/common/referrals.js';
import type { PayoutInput, PayoutListQuery, PayoutStatusInput } from '../../../src/common/payouts.schemas.js';
import type { Db, Queryable, Tx } from '../../db/client.js';
import { commissionAdjustments, commissions, payouts, users } from '../../db/schema.js';
import { AppError, conflict, forbidden, notFound, unprocessable } from '../../lib/errors.js';
import { Counter } from '../../lib/list.js';
import { after, listOrder, orderBy, type Page } from '../../lib/pages.js';
import type { Actor } from '../../types.js';
import { changes } from '../audit/changes.js';
import { audit } from '../audit/service.js';
import { listCommissions } from '../commissions/service.js';
import { notify, notifyMany } from '../notifications/notify.js';
import { ROLES } from '../../../src/common/capabilities.js';
import {
  amountRefusal,
  approvalRefusal,
  dualControlRefusal,
  inFlightRefusal,
  payoutAccess,
  ownPayoutRefusal,
  statusRefusal,
} from './policy.js';
import { presentAdjustment, presentPayout, type PayoutRow } from './present.js';
import { notice } from '../../../src/common/notices-catalogue.js';

const counter = new Counter({ exactTtlMs: 0 });

const emailOf = (id: AnyColumn) => sql<string | null>`(select u.email from ${users} u where u.id = ${id})`;

const withRecipient = (db: Queryable) =>
  db
    .select({
      p: payouts,
      recipient: users.email,
      recipientName: users.name,
      recipientWallet: users.walletAddress,
      commissionCount: sql<number>`(select count(*) from ${commissions} where ${commissions.payoutId} = ${payouts.id})`,
      createdByEmail: emailOf(payouts.requestedBy),
      approvedByEmail: emailOf(payouts.approvedBy),
    })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.recipientId));

const flat = ({
  p,
  ...joined
}: { p: typeof payouts.$inferSelect } & Omit<PayoutRow, keyof typeof payouts.$inferSelect>): PayoutRow => ({
  ...p,
  ...joined,
});

export async function onePayout(db: Queryable, id: string) {
  const [row] = await withRecipient(db).where(eq(payouts.id, id));
  if (!row) throw notFound('payout_not_found');
  return presentPayout(flat(row));
}

type NewPayout = Omit<PayoutInput, 'recipientEmail'> & { recipientEmail?: string };

type PayoutTerms = {
  /** The least a payout may pay (the recipient's own request); null: any amount above zero. */
  minimumCents?: number | null;
  /** The recipient asks for it themself (not refused as paying oneself). */
  ownRequest?: boolean;
  /** Above this (settings payoutDualControlAbove) the payout waits for a second person, who is told of it. */
  dualControlCents?: number | null;
};

/**
 * Tells everyone who may approve a payout that waits for approval (staff who may write payouts, active, neither its
 * creator nor its recipient), in the transaction that creates it: in the bell, and by email with the payout's link.
 */
async function tellApprovers(
  tx: Tx,
  payout: { id: string; amountCents: number; currency: string },
  recipient: { id: string; email: string },
  actor: Actor,
) {
  const roles = ROLES.filter((role) => payoutAccess.canWrite(role));
  const staff = await tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(inArray(users.role, roles), eq(users.status, 'active')));
  const creator = staff.find((u) => u.id === actor?.id);
  const approvers = staff.filter((u) => u.id !== actor?.id && u.id !== recipient.id);
  const params = {
    creator: creator?.name || creator?.email || recipient.email,
    amount: fromCents(payout.amountCents).toFixed(2),
    currency: payout.currency,
    recipient: recipient.email,
  };
  await notifyMany(
    tx,
    approvers.map((u) => ({
      userId: u.id,
      email: u.email,
      channels: ['in_app', 'email'] as const,
      link: `/payouts/${payout.id}/show`,
      notice: notice('payout_to_approve', params),
    })),
  );
}

/**
 * A pending payout holding the recipient's approved commissions that no payout holds (the listed ones, or all of them),
 * less their open clawbacks; every amount computed here. Commissions and clawbacks are locked first, so two payouts
 * racing for the same commissions cannot both take them: the second is a 409 (listed ones) or finds nothing to pay.
 */
export async function createPayout(
  db: Db,
  input: NewPayout,
  actor: Actor,
  { minimumCents = null, ownRequest = false, dualControlCents = null }: PayoutTerms = {},
) {
  const id = await db.transaction(async (tx) => {
    const [recipient] = await tx
      .select()
      .from(users)
      .where(
        input.recipientId
          ? eq(users.id, input.recipientId)
          : eq(users.email, (input.recipientEmail ?? '').trim().toLowerCase()),
      );
    if (!recipient) throw notFound('recipient_not_found');
    const own = ownRequest
      ? null
      : ownPayoutRefusal(actor?.id ?? null, { recipientId: recipient.id, requestedBy: actor?.id ?? null }, 'create');
    if (own) throw forbidden(own, undefined, 'own_payout');
    if (input.method === 'crypto' && !recipient.walletAddress) {
      throw unprocessable('no_wallet', { email: recipient.email }, { method: 'no_wallet_field' });
    }
    const open = and(
      eq(commissions.referrerId, recipient.id),
      eq(commissions.status, 'approved'),
      isNull(commissions.payoutId),
    );
    const held = await tx
      .select({ id: commissions.id, cents: commissions.amountCents, currency: commissions.currency })
      .from(commissions)
      .where(input.commissionIds?.length ? and(open, inArray(commissions.id, input.commissionIds)) : open)
      .for('update');
    const missing = (input.commissionIds ?? []).filter((c) => !held.some((h) => h.id === c));
    if (missing.length) {
      throw conflict('commission_not_available', { id: missing[0]!, email: recipient.email });
    }
    const claws = await tx
      .select({ id: commissionAdjustments.id, cents: commissionAdjustments.amountCents })
      .from(commissionAdjustments)
      .where(and(eq(commissionAdjustments.referrerId, recipient.id), isNull(commissionAdjustments.payoutId)))
      .for('update');
    const gross = held.reduce((s, c) => s + c.cents, 0);
    const deducted = -claws.reduce((s, c) => s + c.cents, 0);
    const refusal = amountRefusal(gross - deducted, minimumCents);
    if (refusal) throw unprocessable(refusal, undefined, undefined, 'nothing_to_pay');
    const now = new Date();
    const [payout] = await tx
      .insert(payouts)
      .values({
        recipientId: recipient.id,
        grossCents: gross,
        deductedCents: deducted,
        amountCents: gross - deducted,
        currency: held[0]?.currency ?? 'USD',
        method: input.method,
        walletAddress: input.method === 'crypto' ? recipient.walletAddress : null,
        note: input.note ?? null,
        requestedBy: actor?.id ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: payouts.id, amountCents: payouts.amountCents, currency: payouts.currency });
    await tx
      .update(commissions)
      .set({ payoutId: payout!.id, updatedAt: now })
      .where(
        inArray(
          commissions.id,
          held.map((c) => c.id),
        ),
      );
    if (claws.length)
      await tx
        .update(commissionAdjustments)
        .set({ payoutId: payout!.id })
        .where(
          inArray(
            commissionAdjustments.id,
            claws.map((c) => c.id),
          ),
        );
    await audit(tx, actor, 'payout.create', 'payout', payout!.id, {
      recipient: recipient.email,
      commissions: held.length,
      grossCents: gross,
      deductedCents: deducted,
    });
    if (dualControlCents !== null && dualControlRefusal({ ...payout!, approvedBy: null }, dualControlCents) !== null)
      await tellApprovers(tx, payout!, recipient, actor);
    counter.touch();
    return payout!.id;
  });
  return onePayout(db, id);
}

/** The user's own request: everything available, if it reaches the minimum payout. */
export const requestPayout = (
  db: Db,
  userId: string,
  method: 'bank' | 'crypto',
  terms: { minimumPayout: number; dualControlCents: number },
  actor: Actor,
) =>
  createPayout(
    db,
    { recipientId: userId, method, note: 'Requested by the recipient', commissionIds: undefined },
    actor,
    { minimumCents: toCents(terms.minimumPayout), ownRequest: true, dualControlCents: terms.dualControlCents },
  );

function filterOf(q: Partial<PayoutListQuery> & { recipientId?: string }): SQL | undefined {
  const f: SQL[] = [];
  if (q.status) f.push(eq(payouts.status, q.status));
  if (q.method) f.push(eq(payouts.method, q.method));
  if (q.recipientId) f.push(eq(payouts.recipientId, q.recipientId));
  const text = q.q?.trim().toLowerCase();
  if (text) {
    const prefix = `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    f.push(
      or(
        sql`${payouts.recipientId} in (select ${users.id} from ${users} where ${ilike(users.email, prefix)} or ${ilike(users.name, prefix)})`,
        like(sql`${payouts.id}::text`, prefix),
        like(sql`lower(${payouts.txHash})`, prefix),
        ilike(payouts.reference, prefix),
      )!,
    );
  }
  return f.length ? and(...f) : undefined;
}

const PAYOUT_ORDER = listOrder([payouts.createdAt], payouts.id, 'desc');

/** One page of the list, newest first (by offset for the JSON list, after a row for the CSV export). */
export async function payoutRows(db: Db, q: Partial<PayoutListQuery> & { recipientId?: string }, page: Page) {
  const rows = await withRecipient(db)
    .where(and(filterOf(q), after(PAYOUT_ORDER, page.after)))
    .orderBy(...orderBy(PAYOUT_ORDER))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return rows.map((r) => presentPayout(flat(r)));
}

export async function listPayouts(db: Db, q: PayoutListQuery & { recipientId?: string }) {
  const where = filterOf(q);
  const key = JSON.stringify(q);
  const [rows, total, amount, byStatus] = await Promise.all([
    payoutRows(db, q, q),
    counter.count(db, payouts, where, key),
    counter.sum(db, payouts, payouts.amountCents, where, key),
    db
      .select({ status: payouts.status, n: sql<string>`count(*)` })
      .from(payouts)
      .where(filterOf({ ...q, status: undefined }))
      .groupBy(payouts.status),
  ]);
  const counts = Object.fromEntries(
    PAYOUT_STATUSES.map((s) => [s, Number(byStatus.find((b) => b.status === s)?.n ?? 0)]),
  ) as Record<PayoutStatus, number>;
  return { payouts: rows, ...total, counts, totalAmount: fromCents(amount) };
}

export async function getPayout(db: Db, id: string, holdDays: number, dualControlCents: number): Promise<PayoutDetail> {
  const payout = await onePayout(db, id);
  const [held, adjustments] = await Promise.all([
    listCommissions(db, { payoutId: id, limit: 1000, offset: 0 }, holdDays),
    db
      .select({ a: commissionAdjustments, orderId: commissions.orderId })
      .from(commissionAdjustments)
      .innerJoin(commissions, eq(commissions.id, commissionAdjustments.commissionId))
      .where(eq(commissionAdjustments.payoutId, id)),
  ]);
  return {
    ...payout,
    commissions: held.commissions,
    adjustments: adjustments.map((r) => presentAdjustment({ ...r.a, orderId: r.orderId })),
    approvalRequired:
      payout.status === 'pending' &&
      dualControlRefusal(
        { amountCents: toCents(payout.amount), currency: payout.currency, approvedBy: payout.approvedBy },
        dualControlCents,
      ) !== null,
  };
}

/**
 * The second member of staff's approval of a pending payout (dual control), under its lock: never by its recipient or
 * its creator, once.
 */
export async function approvePayout(db: Db, id: string, actor: Actor) {
  await db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
    if (!payout) throw notFound('payout_not_found');
    const own = ownPayoutRefusal(actor?.id ?? null, payout, 'approve');
    if (own) throw forbidden(own, undefined, 'own_payout');
    const [approver] = payout.approvedBy
      ? await tx.select({ email: users.email }).from(users).where(eq(users.id, payout.approvedBy))
      : [];
    const refusal = approvalRefusal(payout, approver?.email ?? null);
    if (refusal)
      throw conflict(refusal, undefined, payout.status === 'pending' ? 'already_approved' : 'illegal_transition');
    const now = new Date();
    await tx
      .update(payouts)
      .set({ approvedBy: actor?.id ?? null, approvedAt: now, updatedAt: now })
      .where(eq(payouts.id, id));
    await audit(tx, actor, 'payout.approve', 'payout', id, {
      amountCents: payout.amountCents,
      currency: payout.currency,
      createdBy: payout.requestedBy,
    });
    await emitWebhook(tx, 'payout.approved', `payout:${id}`, () => onePayout(tx, id));
    counter.touch();
  });
  return onePayout(db, id);
}

/**
 * Settles a pending payout under its lock: completed (with its reference or hash, and its approval above
 * `dualControlCents`) pays its commissions; failed or cancelled gives its commissions and clawbacks back for another
 * payout. Any other move is a 409; nobody settles a payout to themself (403).
 */
export async function setPayoutStatus(
  db: Db,
  id: string,
  input: PayoutStatusInput,
  actor: Actor,
  dualControlCents: number,
) {
  await db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
    if (!payout) throw notFound('payout_not_found');
    const own = ownPayoutRefusal(actor?.id ?? null, payout, 'settle');
    if (own) throw forbidden(own, undefined, 'own_payout');
    const refusal = statusRefusal(payout.status, input.status, input);
    if (refusal)
      throw new AppError(
        payout.status === 'pending' ? 422 : 409,
        refusal,
        undefined,
        undefined,
        payout.status === 'pending' ? 'proof_required' : 'illegal_transition',
      );
    const inFlight = inFlightRefusal(payout.transferState, payout.txHash);
    if (inFlight) throw conflict(inFlight, undefined, 'transfer_in_flight');
    const unapproved = input.status === 'completed' ? dualControlRefusal(payout, dualControlCents) : null;
    if (unapproved) throw conflict(unapproved, undefined, 'approval_required');
    await settlePayout(tx, payout, input, actor);
  });
  return onePayout(db, id);
}

/**
 * Moves a pending payout (locked by the caller) to its end: completed pays its commissions; failed or cancelled gives
 * its commissions and clawbacks back for another payout. `extra` adds the columns of an on-chain transfer.
 */
export async function settlePayout(
  tx: Tx,
  payout: typeof payouts.$inferSelect,
  input: PayoutStatusInput,
  actor: Actor,
  extra: Partial<typeof payouts.$inferInsert> = {},
) {
  const id = payout.id;
  const now = new Date();
  if (input.status === 'completed') {
    await tx
      .update(commissions)
      .set({ status: 'paid', paidAt: now, updatedAt: now })
      .where(eq(commissions.payoutId, id));
  } else {
    await tx.update(commissions).set({ payoutId: null, updatedAt: now }).where(eq(commissions.payoutId, id));
    await tx.update(commissionAdjustments).set({ payoutId: null }).where(eq(commissionAdjustments.payoutId, id));
  }
  await tx
    .update(payouts)
    .set({
      status: input.status,
      reference: input.reference ?? payout.reference,
      txHash: input.txHash ?? payout.txHash,
      note: input.note ?? payout.note,
      updatedAt: now,
      completedAt: input.status === 'completed' ? now : null,
      ...extra,
    })
    .where(eq(payouts.id, id));
  const after = {
    status: input.status,
    reference: input.reference ?? payout.reference,
    txHash: extra.txHash ?? input.txHash ?? payout.txHash,
  };
  await audit(
    tx,
    actor,
    `payout.${input.status}`,
    'payout',
    id,
    changes({ status: payout.status, reference: payout.reference, txHash: payout.txHash }, after),
  );
  if (input.status === 'completed') {
    const hash = input.txHash ?? extra.txHash ?? payout.txHash;
    const amount = { amount: fromCents(payout.amountCents).toFixed(2), currency: payout.currency };
    await notify(tx, {
      userId: payout.recipientId,
      channels: ['in_app', 'email'],
      link: '/referral-dashboard',
      notice: hash
        ? notice('payout_sent_tx', { ...amount, txHash: hash })
        : notice('payout_sent_bank', { ...amount, reference: input.reference ?? payout.reference ?? '' }),
    });
    await emitWebhook(tx, 'payout.paid', `payout:${id}`, () => onePayout(tx, id));
  }
  counter.touch();
}
