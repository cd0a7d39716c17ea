import { fromCents } from '../../../src/common/money.js';
import type { OrderItem, OrderPayment, OrderPricing, OrderSummary } from '../../../src/common/orders.js';
import type { orderItems, orders, payments } from '../../db/schema.js';
import { csvColumns, csvExport } from '../../lib/csv.js';

type Order = typeof orders.$inferSelect;
type Item = typeof orderItems.$inferSelect;
type Payment = typeof payments.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The orders list's CSV (GET /api/orders/export.csv): the list's fields and the parts of the amount. */
export const orderCsv = csvExport(
  'orders',
  csvColumns<OrderSummary & OrderPricing>({
    id: 'text',
    status: 'text',
    customerEmail: 'text',
    userId: 'text',
    qty: 'number',
    amountFiat: 'money',
    subtotal: 'money',
    discount: 'money',
    memberDiscount: 'money',
    tax: 'money',
    shipping: 'money',
    currency: 'text',
    couponCode: 'text',
    walletAddress: 'text',
    test: 'bool',
    createdAt: 'date',
    updatedAt: 'date',
    paidAt: 'date',
    fulfilledAt: 'date',
  }),
);

/** An order row as lists and the detail answer it; list-json.ts renders the same shape in SQL. */
export function presentOrder(o: Order): OrderSummary {
  return {
    id: o.id,
    status: o.status,
    qty: o.qty,
    amountFiat: fromCents(o.amountCents),
    currency: o.currency,
    customerEmail: o.customerEmail,
    userId: o.userId,
    walletAddress: o.walletAddress,
    couponCode: o.couponCode,
    test: o.test,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    paidAt: iso(o.paidAt),
    fulfilledAt: iso(o.fulfilledAt),
  };
}

/** The parts of the amount; an order from before they were kept is all subtotal. */
export const presentPricing = (o: Order): OrderPricing => ({
  subtotal: fromCents(o.subtotalCents ?? o.amountCents),
  discount: fromCents(o.discountCents),
  memberDiscount: fromCents(o.memberDiscountCents),
  tax: fromCents(o.taxCents),
  shipping: fromCents(o.shippingCents),
});

export function presentItem(i: Item): OrderItem {
  return {
    id: i.id,
    productId: i.productId,
    title: i.title,
    sku: i.sku,
    qty: i.qty,
    unitPriceFiat: fromCents(i.unitPriceCents),
    lineTotalFiat: fromCents(i.lineTotalCents),
    tokenised: i.tokenised,
    chainId: i.chainId,
    contract: i.contract,
    tokenId: i.tokenId,
  };
}

export function presentPayment(p: Payment): OrderPayment {
  return {
    id: p.id,
    orderId: p.orderId,
    method: p.method,
    provider: p.provider,
    amount: fromCents(p.amountCents),
    refunded: fromCents(p.refundedCents),
    currency: p.currency,
    status: p.status,
    reference: p.reference,
    url: p.url,
    test: p.test,
    createdAt: p.createdAt.toISOString(),
    completedAt: iso(p.completedAt),
  };
}
