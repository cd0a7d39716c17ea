import { REDEMPTION_STATUSES } from '../../src/common/membership.js';
import { ownPointsRefusal, ownRedemptionRefusal } from '../modules/membership/policy.js';
import { sentenceOf } from '../lib/errors.js';
import { dateOf } from './domain.js';
import type { At } from './format.js';
import { first, int, missing, shown, str, userRef, type Ctx, type Rec } from './records.js';
import type { SeedOrder, SeedPointsEntry, SeedProduct, SeedRedemption } from './types.js';

/**
 * Membership's records for parseSeedFile: redemptions and the points staff added or removed. The rest of the ledger
 * is derived on load (points.ts): what paid orders earned, and what each redemption held and, rejected, gave back.
 */

/** A whole number of at least `min`: null with a problem otherwise. */
function whole(ctx: Ctx, at: At, r: Rec, field: string, min: number, what: string): number | null {
  const n = int(r[field]);
  if (n !== null && n >= min) return n;
  ctx.notes.problem(
    at,
    field,
    missing(r[field]) ? 'missing' : `${shown(r[field])} is not a whole number of at least ${min}`,
    `skipped the ${what}`,
  );
  return null;
}

export function parseRedemptions(
  ctx: Ctx,
  records: Rec[],
  userIds: Set<string>,
  productRows: SeedProduct[],
  orderRows: SeedOrder[],
): (SeedRedemption & { at: At })[] {
  const productIds = new Set(productRows.map((p) => p.id));
  const ordersById = new Map(orderRows.map((o) => [o.id, o]));
  return records.flatMap((r, i) => {
    const at: At = { collection: 'redemptions', index: i, id: r.id };
    const skip = (field: string, message: string) => (
      ctx.notes.problem(at, field, message, 'skipped the redemption'),
      []
    );
    const userId = userRef(ctx, at, r, 'userId', userIds);
    if (!userId) return missing(r.userId) ? skip('userId', 'missing') : [];
    const givenProduct = first(r, 'productId');
    const productId = ctx.ids.get('products', givenProduct);
    if (!productId || !productIds.has(productId))
      return skip('productId', missing(givenProduct) ? 'missing' : `product ${shown(givenProduct)} does not exist`);
    const quantity = whole(ctx, at, r, 'quantity', 1, 'redemption');
    const pointsUsed = whole(ctx, at, r, 'pointsUsed', 1, 'redemption');
    if (quantity === null || pointsUsed === null) return [];
    const status = str(r.status)?.toUpperCase() ?? 'PENDING';
    if (!REDEMPTION_STATUSES.includes(status as 'PENDING'))
      return skip('status', `${shown(r.status)} is not one of ${REDEMPTION_STATUSES.join(', ')}`);
    const decidedBy = userRef(ctx, at, r, 'decidedBy', userIds);
    const decided = status !== 'PENDING';
    if (decided && !decidedBy)
      return missing(r.decidedBy)
        ? skip('decidedBy', `missing: a ${status.toLowerCase()} redemption was decided by a user`)
        : [];
    const own = decidedBy ? ownRedemptionRefusal(decidedBy, { userId }) : null;
    if (own) return skip('decidedBy', sentenceOf(own));
    // Approved: the zero-price order that delivered it, the member's own.
    const givenOrder = first(r, 'orderId');
    const order = missing(givenOrder) ? null : ordersById.get(ctx.ids.get('orders', givenOrder) ?? '');
    if (status === 'APPROVED' && (!order || order.userId !== userId || order.amountCents !== 0)) {
      return skip(
        'orderId',
        missing(givenOrder)
          ? 'missing: an approved redemption has its order'
          : !order
            ? `order ${shown(givenOrder)} does not exist`
            : `order ${shown(givenOrder)} is not a free order of this member`,
      );
    }
    if (status !== 'APPROVED' && order) return skip('orderId', `a ${status.toLowerCase()} redemption has no order`);
    const created = dateOf(ctx, at, r, 'createdAt') ?? ctx.now;
    const decidedAt = dateOf(ctx, at, r, 'decidedAt') ?? (decided ? created : null);
    if (decidedAt && decidedAt < created) return skip('decidedAt', 'is before the redemption was made');
    return [
      {
        id: ctx.ids.get('redemptions', r.id) ?? ctx.ids.get('redemptions', `#${i}`)!,
        userId,
        productId,
        quantity,
        pointsUsed,
        status,
        orderId: order?.id ?? null,
        note: str(r.note),
        decidedBy: decided ? decidedBy : null,
        decidedAt: decided ? decidedAt : null,
        createdAt: created,
        updatedAt: dateOf(ctx, at, r, 'updatedAt') ?? decidedAt ?? created,
        at,
      },
    ];
  });
}

/** Points staff added (positive) or removed (negative), each with its reason and who did it (never to themself). */
export function parsePointsEntries(ctx: Ctx, records: Rec[], userIds: Set<string>): (SeedPointsEntry & { at: At })[] {
  return records.flatMap((r, i) => {
    const at: At = { collection: 'pointsEntries', index: i, id: r.id };
    const skip = (field: string, message: string) => (ctx.notes.problem(at, field, message, 'skipped the entry'), []);
    const type = str(r.type)?.toUpperCase() ?? 'ADJUSTED';
    if (type !== 'ADJUSTED')
      return skip(
        'type',
        `${shown(r.type)}: only ADJUSTED entries are read (earned, redeemed and returned points follow from the orders and redemptions)`,
      );
    const userId = userRef(ctx, at, r, 'userId', userIds);
    if (!userId) return missing(r.userId) ? skip('userId', 'missing') : [];
    const amount = int(r.amount);
    if (!amount)
      return skip('amount', missing(r.amount) ? 'missing' : `${shown(r.amount)} is not a whole number other than 0`);
    const reason = str(r.reason);
    if (!reason) return skip('reason', 'missing: staff add or remove points with a reason');
    const actorId = userRef(ctx, at, r, 'actorId', userIds);
    const own = ownPointsRefusal(actorId, userId);
    if (own) return skip('actorId', sentenceOf(own));
    return [
      {
        id: ctx.ids.get('pointsEntries', r.id) ?? ctx.ids.get('pointsEntries', `#${i}`)!,
        userId,
        type,
        amount,
        balanceAfter: 0,
        reason,
        actorId,
        createdAt: dateOf(ctx, at, r, 'createdAt') ?? ctx.now,
        at,
      },
    ];
  });
}
