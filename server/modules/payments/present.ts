import type { HostedPayment, PaymentProvider } from '../../../src/common/checkout.js';
import { fromCents } from '../../../src/common/money.js';
import { paymentStatusOf } from '../../../src/common/orders.js';
import type {
  CryptoDeposit,
  CryptoRefund,
  Payment,
  PaymentDetail,
  PaymentEvent,
  PaymentEventType,
  Refund,
} from '../../../src/common/payments.js';
import type { Hex } from 'viem';
import { explorerTxUrl, nativeCurrencyOf } from '../../chain/client.js';
import type {
  cryptoDeposits,
  cryptoRefunds,
  cryptoTransfers,
  orderItems,
  orders,
  paymentEvents,
  payments,
  refunds,
} from '../../db/schema.js';
import { depositVerdict, fromWei, weiOf } from './crypto/policy.js';
import { presentOrder, presentPayment as presentOrderPayment, presentPricing } from '../orders/present.js';
import { csvColumns, csvExport } from '../../lib/csv.js';
import { sentenceOf } from '../../lib/errors.js';
import { dashboardUrl, refundableCents, refundWayOf } from './policy.js';

type Row = typeof payments.$inferSelect;
type Parts = { payment: Row; order: typeof orders.$inferSelect; items: (typeof orderItems.$inferSelect)[] };

/** What a hosted payment page shows the buyer: no one else's data, nothing of the customer's. */
export function presentHostedPayment({ payment, order, items }: Parts, siteName: string): HostedPayment {
  return {
    id: payment.id,
    orderId: order.id,
    amount: fromCents(payment.amountCents),
    currency: payment.currency,
    status: paymentStatusOf(payment.status),
    siteName,
    items: items.map((i) => ({ title: i.title, qty: i.qty, lineTotal: fromCents(i.lineTotalCents) })),
    ...presentPricing(order),
    couponCode: order.couponCode,
    returnUrl: payment.returnUrl ?? '/shop',
    cancelUrl: payment.cancelUrl ?? '/shop',
    expiresAt: order.expiresAt?.toISOString() ?? null,
  };
}

/** The payments list's CSV (GET /api/payments/export.csv). */
export const paymentCsv = csvExport(
  'payments',
  csvColumns<Payment>({
    id: 'text',
    orderId: 'text',
    customerEmail: 'text',
    status: 'text',
    method: 'text',
    provider: 'text',
    amount: 'money',
    refunded: 'money',
    refundable: 'money',
    currency: 'text',
    reference: 'text',
    test: 'bool',
    createdAt: 'date',
    completedAt: 'date',
  }),
);

/** Which providers this server has configured (Providers.configured): whether an API refund can be made now. */
export type Configured = (name: PaymentProvider) => boolean;
/** The order's customer beside a payment: their account and email (null without an order). */
export type Customer = { customerId: string | null; customerEmail: string | null };

/** A payment as the back office lists it. */
export function presentPayment(p: Row, customer: Customer, configured: Configured): Payment {
  const { way, unavailable } = refundWayOf(p.provider, configured);
  return {
    ...presentOrderPayment(p),
    ...customer,
    refundable: fromCents(refundableCents(p)),
    refundWay: way,
    refundUnavailable: unavailable && {
      messageCode: unavailable.messageCode,
      params: Object.fromEntries(Object.entries(unavailable.params ?? {}).map(([k, v]) => [k, String(v)])),
      message: sentenceOf(unavailable),
    },
    dashboardUrl: dashboardUrl(p),
  };
}

const txUrl = (chainId: number, hash: string | null) => (hash ? explorerTxUrl(chainId, hash as Hex) : null);
/** numeric(78,0) text (wei) → the exact decimal of the native token. */
const ether = (wei: string) => fromWei(weiOf(wei));

export const presentCryptoRefund = (r: typeof cryptoRefunds.$inferSelect): CryptoRefund => ({
  txHash: r.txHash,
  txUrl: txUrl(r.chainId, r.txHash),
  to: r.toAddress,
  value: ether(r.valueWei),
  fee: ether(r.feeWei),
  status: r.status as CryptoRefund['status'],
});

type RefundParts = {
  refund: typeof refunds.$inferSelect;
  by: string | null;
  crypto?: typeof cryptoRefunds.$inferSelect | null;
};

export const presentRefund = ({ refund, by, crypto }: RefundParts): Refund => ({
  id: refund.id,
  amount: fromCents(refund.amountCents),
  reason: refund.reason,
  reference: refund.reference,
  by,
  createdAt: refund.createdAt.toISOString(),
  crypto: crypto ? presentCryptoRefund(crypto) : null,
});

/** EIP-681: a wallet reading this sends `wei` of the chain's native token to `address` on `chainId`. */
export const eip681 = (address: string, chainId: number, wei: bigint) =>
  `ethereum:${address}@${chainId}?value=${wei.toString()}`;

/** A deposit address and what it holds, for the back office and the buyer's crypto page. */
export function presentDeposit(
  d: typeof cryptoDeposits.$inferSelect,
  transfers: (typeof cryptoTransfers.$inferSelect)[],
  confirmations: number,
): CryptoDeposit {
  const amount = weiOf(d.amountWei);
  const received = weiOf(d.receivedWei);
  const v = depositVerdict(amount, received);
  return {
    depositAddress: d.address,
    chainId: d.chainId,
    symbol: nativeCurrencyOf(d.chainId).symbol,
    amount: fromWei(amount),
    received: fromWei(received),
    missing: fromWei(v.kind === 'under' || v.kind === 'nothing' ? v.missing : 0n),
    overpaid: fromWei(v.kind === 'over' ? v.over : 0n),
    payer: d.payer,
    txHash: d.payTxHash,
    txUrl: txUrl(d.chainId, d.payTxHash),
    confirmations,
    paymentUri: eip681(d.address, d.chainId, amount),
    transfers: transfers.map((t) => ({
      txHash: t.txHash,
      from: t.sender,
      value: ether(t.valueWei),
      blockNumber: t.blockNumber,
    })),
  };
}

const event = (type: PaymentEventType, at: Date, more: Partial<PaymentEvent> = {}): PaymentEvent => ({
  type,
  createdAt: at.toISOString(),
  amount: null,
  reason: null,
  reference: null,
  code: null,
  ...more,
});

export const presentEvent = (e: typeof paymentEvents.$inferSelect): PaymentEvent =>
  event(e.type as PaymentEventType, e.createdAt, {
    amount: e.amountCents === null ? null : fromCents(e.amountCents),
    reason: e.reason,
    reference: e.reference,
    code: e.code,
  });

/** A payment stored before its timeline was kept (imported or generated data): what its own dates and refunds tell. */
function impliedEvents(p: Row, given: RefundParts[]): PaymentEvent[] {
  return [
    event('created', p.createdAt),
    ...(p.completedAt ? [event('confirmed', p.completedAt, { reference: p.reference })] : []),
    ...given.map(({ refund: r }) =>
      event('refunded', r.createdAt, { amount: fromCents(r.amountCents), reason: r.reason, reference: r.reference }),
    ),
  ].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

type DetailParts = {
  payment: Row;
  order: typeof orders.$inferSelect | undefined;
  refunds: RefundParts[];
  events: (typeof paymentEvents.$inferSelect)[];
  crypto: CryptoDeposit | null;
};

export function presentPaymentDetail(
  { payment, order, refunds: given, events, crypto }: DetailParts,
  configured: Configured,
): PaymentDetail {
  const customer = { customerId: order?.userId ?? null, customerEmail: order?.customerEmail ?? null };
  return {
    ...presentPayment(payment, customer, configured),
    order: order ? presentOrder(order) : null,
    crypto,
    refunds: given.map(presentRefund),
    events: events.length > 0 ? events.map(presentEvent) : impliedEvents(payment, given),
  };
}
