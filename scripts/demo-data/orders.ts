/** The orders and their lines and payments, in every status. */
import { faker } from '@faker-js/faker';
import { FROM, TO, DAY, iso, fiat } from './context.js';
import { staff, customers, wallets } from './accounts.js';
import { priceCents, sellable } from './products.js';

// 300 orders drawn: paid 135, fulfilled 75, pending 45, failed 30, refunded 15 (loyal customers' orders come later).
const statuses = faker.helpers.shuffle([
  ...Array<string>(135).fill('paid'),
  ...Array<string>(75).fill('fulfilled'),
  ...Array<string>(45).fill('pending'),
  ...Array<string>(30).fill('failed'),
  ...Array<string>(15).fill('refunded'),
]);
type Item = { id: string; orderId: string; productId: string; qty: number; unitPriceFiat: number };
export type Rec = Record<string, unknown>;
/** A sale as the later parts (coupons, commissions) need it: amounts in cents, its order and payment records. */
export type Sale = {
  order: Rec;
  payment: Rec | null;
  customerId: string;
  status: string;
  created: number;
  paidAt: number;
  subtotal: number;
  discount: number;
};
export const sales: Sale[] = [];
export const orders: Record<string, unknown>[] = [];
export const orderItems: Item[] = [];
export const payments: Record<string, unknown>[] = [];

for (const status of statuses) {
  // Volume grows through the year; pending orders are recent.
  const age =
    status === 'pending'
      ? faker.number.float({ max: 10 }) * DAY
      : (faker.datatype.boolean() ? faker.number.float() : 1 - Math.sqrt(faker.number.float())) * (TO - FROM);
  const created = Math.round(TO - age);
  // Only customers who had signed up by then; the demo shopper account buys more often than most.
  const signedUp = customers.filter((c) => c.createdAt < iso(created));
  const customer = faker.helpers.weightedArrayElement(
    signedUp.map((c, i) => ({ value: c, weight: c === customers[0] ? 6 : 1 + (i % 5) })),
  );
  const id = faker.string.uuid();
  const lines = faker.helpers.arrayElements(
    sellable,
    faker.helpers.weightedArrayElement([
      { value: 1, weight: 85 },
      { value: 2, weight: 15 },
    ]),
  );
  let total = 0;
  let qty = 0;
  for (const p of lines) {
    const q = faker.helpers.weightedArrayElement([
      { value: 1, weight: 80 },
      { value: 2, weight: 15 },
      { value: 3, weight: 5 },
    ]);
    orderItems.push({ id: faker.string.uuid(), orderId: id, productId: p.id, qty: q, unitPriceFiat: p.priceFiat });
    total += priceCents.get(p.id)! * q;
    qty += q;
  }
  const paidAt = created + faker.number.int({ min: 60_000, max: 20 * 60_000 });
  const later = paidAt + faker.number.int({ min: 3_600_000, max: 72 * 3_600_000 });
  const paid = ['paid', 'fulfilled', 'refunded'].includes(status);
  const order: Rec = {
    id,
    userId: customer.id,
    customerEmail: customer.email,
    status,
    qty,
    amountFiat: fiat(total),
    subtotalFiat: fiat(total),
    currency: 'USD',
    ...(lines.some((p) => p.contract) ? { walletAddress: wallets.get(customer.id) } : {}),
    createdAt: iso(created),
    updatedAt: iso(status === 'pending' ? created : status === 'paid' ? paidAt : Math.min(later, TO)),
    ...(paid ? { paidAt: iso(paidAt) } : {}),
    ...(status === 'fulfilled' ? { fulfilledAt: iso(Math.min(later, TO)) } : {}),
  };
  orders.push(order);
  const sale: Sale = {
    order,
    payment: null,
    customerId: customer.id,
    status,
    created,
    paidAt,
    subtotal: total,
    discount: 0,
  };
  sales.push(sale);
  if (!paid) continue;
  const method = faker.helpers.weightedArrayElement([
    { value: 'stripe', weight: 60 },
    { value: 'coinbase', weight: 25 },
    { value: 'bank', weight: 15 },
  ]);
  sale.payment = {
    id: faker.string.uuid(),
    orderId: id,
    userId: customer.id,
    method,
    provider: method,
    amountFiat: fiat(total),
    ...(status === 'refunded' ? { refundedFiat: fiat(total) } : {}),
    currency: 'USD',
    status: status === 'refunded' ? 'refunded' : 'completed',
    reference: `${{ stripe: 'pi_', coinbase: 'cb_', bank: 'bt_' }[method]}${faker.string.alphanumeric(24)}`,
    createdAt: iso(paidAt),
    completedAt: iso(paidAt),
  };
  payments.push(sale.payment);
}

export const byDate = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  String(a.createdAt).localeCompare(String(b.createdAt));
export const [admin, finance] = staff as [(typeof staff)[number], (typeof staff)[number]];
export const isPaid = (s: Sale) => s.status === 'paid' || s.status === 'fulfilled';
export const amountOf = (s: Sale) => s.subtotal - s.discount;
