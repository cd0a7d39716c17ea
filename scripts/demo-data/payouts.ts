/**
 * Payouts, in date order per referrer: each takes the approved commissions no payout holds. A completed one pays
 * them; a pending one holds them (awaiting a second approver); a failed or cancelled one gave them back.
 */
import { faker } from '@faker-js/faker';
import { TO, DAY, iso, fiat } from './context.js';
import { admin, finance } from './orders.js';
import { top, second, shopper } from './referrals.js';
import { RATES, commissions } from './commissions.js';

type PayoutPlan = { status: 'completed' | 'pending' | 'failed' | 'cancelled'; at: number; note?: string };
const PAYOUTS: [{ id: string }, PayoutPlan[]][] = [
  [
    top,
    [
      { status: 'completed', at: TO - 200 * DAY },
      { status: 'completed', at: TO - 60 * DAY },
      { status: 'pending', at: TO - 3 * DAY },
    ],
  ],
  [
    shopper,
    [
      { status: 'completed', at: TO - 90 * DAY },
      { status: 'failed', at: TO - 30 * DAY, note: 'The bank returned the transfer: the account is closed.' },
    ],
  ],
  [
    second,
    [
      { status: 'cancelled', at: TO - 100 * DAY, note: 'The recipient asked to wait for the next payout.' },
      { status: 'completed', at: TO - 70 * DAY },
    ],
  ],
];
/** How many commissions each payout took when it was made (a failed or cancelled one gave them back since). */
export const payoutHeld = new Map<string, number>();
export const payouts = PAYOUTS.flatMap(([recipient, plans]) =>
  plans.flatMap((p) => {
    const held = commissions.filter(
      (c) => c.referrerId === recipient.id && c.status === 'approved' && !c.payoutId && c.decided! < p.at,
    );
    if (!held.length) return [];
    const id = faker.string.uuid();
    const done = p.at + DAY;
    if (p.status === 'completed') for (const c of held) Object.assign(c, { status: 'paid', payoutId: id, paid: done });
    if (p.status === 'pending') for (const c of held) c.payoutId = id;
    const gross = held.reduce((sum, c) => sum + c.amount, 0);
    payoutHeld.set(id, held.length);
    return [
      {
        id,
        recipientId: recipient.id,
        grossFiat: fiat(gross),
        deductedFiat: 0,
        amountFiat: fiat(gross),
        currency: 'USD',
        status: p.status,
        method: 'bank',
        ...(p.status === 'completed'
          ? { reference: `BT-${faker.string.alphanumeric({ length: 12, casing: 'upper' })}` }
          : {}),
        ...(p.note ? { note: p.note } : {}),
        requestedBy: finance.id,
        ...(p.status === 'completed'
          ? { approvedBy: admin.id, approvedAt: iso(p.at + 2 * 3_600_000), completedAt: iso(done) }
          : {}),
        createdAt: iso(p.at),
        updatedAt: iso(p.status === 'pending' ? p.at : done),
      },
    ];
  }),
);
export const commissionRecords = commissions.map((c) => ({
  id: c.id,
  orderId: c.sale.order.id,
  referrerId: c.referrerId,
  level: c.level,
  rate: RATES[c.level],
  baseFiat: fiat(c.base),
  originalFiat: fiat(c.original),
  amountFiat: fiat(c.amount),
  currency: 'USD',
  status: c.status,
  ...(c.payoutId ? { payoutId: c.payoutId } : {}),
  earnedAt: iso(c.sale.paidAt),
  ...(c.decided ? { decidedAt: iso(c.decided), decidedBy: finance.id } : {}),
  ...(c.rejectReason ? { rejectReason: c.rejectReason } : {}),
  ...(c.paid ? { paidAt: iso(c.paid) } : {}),
  createdAt: iso(c.sale.paidAt),
  updatedAt: iso(c.paid ?? c.decided ?? c.sale.paidAt),
}));
