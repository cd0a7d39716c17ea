/**
 * The audit log (Settings → Audit): the staff actions the history above implies, with the action names and details
 * the live services write, at the moments the records say. No draws: it follows from the records alone.
 */
import { CANCELLED_BY_REFUND } from '../../server/modules/mint/policy.js';
import { TO, DAY, iso } from './context.js';
import { staff, shoppers } from './accounts.js';
import { products } from './products.js';
import { type Rec, sales, admin, finance, isPaid, amountOf } from './orders.js';
import { coupons } from './coupons.js';
import { commissions } from './commissions.js';
import { payoutHeld, payouts } from './payouts.js';
import { operator, dnsRecords } from './domain.js';
import { bulk } from './notifications.js';
import { pointsEntries, redemptions } from './membership.js';
import { kycSessions } from './kyc.js';
import { refundPlans, refunds } from './refunds.js';
import { mintJobs, conversions } from './mint.js';

const IPS = new Map([
  [admin.id, '203.0.113.10'],
  [finance.id, '203.0.113.11'],
  [operator.id, '203.0.113.12'],
]);
type AuditEntry = {
  actorId: string | null;
  action: string;
  entity: string;
  entityId: string;
  data: Rec | null;
  at: number;
};
const entries: AuditEntry[] = [];
const log = (
  actorId: string | null,
  action: string,
  entity: string,
  entityId: string,
  data: Rec | null,
  at: number | string,
) => entries.push({ actorId, action, entity, entityId, data, at: typeof at === 'number' ? at : Date.parse(at) });
const move = (from: string, to: string) => ({ status: { from, to } });
for (const p of products)
  log(
    admin.id,
    'product.create',
    'product',
    p.id,
    { sku: p.sku, title: p.title, category: p.category, priceFiat: p.priceFiat, stock: p.stock, status: p.status },
    p.createdAt,
  );
for (const c of coupons) {
  // the entry carries what the API was given, as the server writes it: the minimum subtotal as `minimumSubtotal`
  // (renamed in place, so the entry's fields keep the coupon's order)
  const { id, usedCount: _, createdBy, createdAt, ...input } = c;
  const given = Object.fromEntries(
    Object.entries(input).map(([k, v]) => [k === 'minimumSubtotalFiat' ? 'minimumSubtotal' : k, v]),
  );
  log(createdBy, 'coupon.create', 'coupon', id, given, createdAt);
}
for (const r of dnsRecords) {
  log(
    r.createdBy,
    'dns_record.create',
    'dns_record',
    r.id,
    { domain: r.domain, type: r.type, value: r.value, ttl: r.ttl },
    r.createdAt,
  );
  if (!r.isActive) log(r.createdBy, 'dns_record.update', 'dns_record', r.id, { isActive: false }, r.updatedAt);
}
for (const [i, u] of shoppers.entries()) {
  if (u.status === 'active') continue;
  const at = Math.min(Date.parse(u.lastLogin) + DAY, TO);
  log(
    admin.id,
    u.status === 'suspended' ? 'user.suspend' : 'user.update',
    'user',
    u.id,
    move('active', u.status),
    at - i,
  );
}
log(
  admin.id,
  'notification.bulk',
  'notification',
  bulk.id,
  { audience: bulk.audience, title: bulk.title, channels: ['in_app', 'email'], total: bulk.total },
  bulk.createdAt,
);
for (const c of commissions) {
  if (!c.decided || c.status === 'reversed') continue;
  log(
    finance.id,
    c.status === 'rejected' ? 'commission.reject' : 'commission.approve',
    'commission',
    c.id,
    { amountCents: c.original, ...(c.rejectReason ? { reason: c.rejectReason } : {}) },
    c.decided,
  );
}
const recipientEmail = (id: string) => [...staff, ...shoppers].find((u) => u.id === id)!.email;
for (const p of payouts) {
  log(
    p.requestedBy,
    'payout.create',
    'payout',
    p.id,
    {
      recipient: recipientEmail(p.recipientId),
      commissions: payoutHeld.get(p.id)!,
      grossCents: Math.round(p.grossFiat * 100),
      deductedCents: Math.round(p.deductedFiat * 100),
    },
    p.createdAt,
  );
  if (p.approvedBy)
    log(
      p.approvedBy,
      'payout.approve',
      'payout',
      p.id,
      { amountCents: Math.round(p.amountFiat * 100), currency: p.currency, createdBy: p.requestedBy },
      p.approvedAt!,
    );
  if (p.status === 'pending') continue;
  log(
    finance.id,
    `payout.${p.status}`,
    'payout',
    p.id,
    { ...move('pending', p.status), ...(p.reference ? { reference: { from: null, to: p.reference } } : {}) },
    p.updatedAt,
  );
}
for (const plan of refundPlans) {
  const refund = refunds.find((r) => r.paymentId === plan.sale.payment!.id && r.createdAt === iso(plan.at))!;
  log(
    plan.by,
    'payment.refund',
    'payment',
    String(plan.sale.payment!.id),
    { refundId: refund.id, amountCents: plan.cents, reason: plan.reason },
    plan.at,
  );
  if (plan.sale.status === 'refunded')
    log(
      plan.by,
      'order.refunded',
      'order',
      String(plan.sale.order.id),
      {
        ...move('paid', 'refunded'),
        cancelledMints: mintJobs.filter((j) => j.orderId === plan.sale.order.id && j.lastError === CANCELLED_BY_REFUND)
          .length,
      },
      plan.at,
    );
}
for (const c of conversions) {
  log(
    c.userId,
    'membership.convert',
    'conversion',
    c.id,
    { points: c.fromAmount, tokens: c.toAmount, tokenId: c.tokenId, mintJobId: c.mintJobId },
    c.createdAt,
  );
}
for (const j of mintJobs.filter((job) => job.note)) {
  const { walletAddress, tokenId, amount, note, createdBy, rejectedBy } = j as Record<string, string>;
  log(
    createdBy!,
    'mint.create_manual',
    'mint_job',
    j.id,
    { walletAddress, tokenId, amount, note, awaitingApproval: j.status === 'awaiting_approval' || !!rejectedBy },
    j.createdAt,
  );
  if (rejectedBy)
    log(
      rejectedBy,
      'mint.reject',
      'mint_job',
      j.id,
      { reason: j.rejectReason as string, amount, tokenId, walletAddress, createdBy },
      String(j.rejectedAt),
    );
}
for (const k of kycSessions) {
  if (!k.reviewedBy) continue;
  log(
    k.reviewedBy,
    `kyc.${k.status}`,
    'kyc',
    k.id,
    { before: { status: 'pending' }, after: { status: k.status, reason: k.reason ?? null } },
    k.reviewedAt!,
  );
  log(
    k.reviewedBy,
    'user.kyc',
    'user',
    k.userId,
    { before: { kycStatus: 'pending' }, after: { kycStatus: k.status }, kycSession: k.id },
    k.reviewedAt!,
  );
}
// A member's balance just after `at`, as the ledger the seed derives says (earned, less refunds' share, added, held).
const reversedBy = (userId: string, at: number) =>
  refundPlans
    .filter((plan) => plan.sale.customerId === userId && plan.sale.status !== 'refunded' && plan.at <= at)
    .reduce((sum, plan) => sum + plan.cents, 0);
const balanceAfter = (userId: string, at: number) => {
  const paid = sales.filter((sale) => sale.customerId === userId && isPaid(sale) && sale.paidAt <= at);
  const earned = paid.reduce((sum, sale) => {
    const points = Math.floor(amountOf(sale) / 100);
    const back = reversedBy(userId, at)
      ? refundPlans.filter((plan) => plan.sale === sale && plan.at <= at).reduce((n, plan) => n + plan.cents, 0)
      : 0;
    return sum + Math.floor((points * (amountOf(sale) - back)) / amountOf(sale));
  }, 0);
  const added = pointsEntries
    .filter((e) => e.userId === userId && Date.parse(e.createdAt) <= at)
    .reduce((sum, e) => sum + e.amount, 0);
  const held = redemptions
    .filter(
      (r) =>
        r.userId === userId &&
        Date.parse(r.createdAt) <= at &&
        !(r.decidedAt && r.status === 'REJECTED' && Date.parse(r.decidedAt) <= at),
    )
    .reduce((sum, r) => sum + r.pointsUsed, 0);
  return earned + added - held;
};
for (const e of pointsEntries)
  log(
    e.actorId,
    'membership.points_add',
    'member',
    e.userId,
    { amount: e.amount, reason: e.reason, balanceAfter: balanceAfter(e.userId, Date.parse(e.createdAt)) },
    e.createdAt,
  );
for (const r of redemptions) {
  log(
    r.userId,
    'redemption.create',
    'redemption',
    r.id,
    { productId: r.productId, quantity: r.quantity, pointsUsed: r.pointsUsed },
    r.createdAt,
  );
  if (r.decidedBy)
    log(
      r.decidedBy,
      r.status === 'APPROVED' ? 'redemption.approve' : 'redemption.reject',
      'redemption',
      r.id,
      { note: r.note, orderId: r.orderId ?? null },
      r.decidedAt!,
    );
}
export const auditEvents = entries
  .sort((a, b) => a.at - b.at)
  .map(({ actorId, action, entity, entityId, data, at }) => ({
    ...(actorId ? { actorId } : {}),
    action,
    entity,
    entityId,
    ...(data ? { data } : {}),
    ...(actorId && IPS.has(actorId) ? { ip: IPS.get(actorId) } : {}),
    createdAt: iso(at),
  }));

// The dev logins work without an authenticator app: the demo data turns the setting "Require 2FA for all users" off
// (a production install, which loads no demo data, keeps it on; see the README's Dev logins).
