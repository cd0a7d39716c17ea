import { Box, Stack, Typography } from '@mui/material';
import { ListButton, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import DetailField from '../../components/DetailField';
import Section from '../../components/DetailSection';
import Panel from '../../components/Panel';
import RecordHistory from '../../components/RecordHistory';
import { useFormat } from '../../hooks/useFormat';
import MarkFulfilledButton from './MarkFulfilledButton';
import OrderLines from './OrderLines';
import { OrderStatusChip, TestBadge } from './OrderStatusChip';
import type { OrderDetail, OrderSummary } from '../../../common/orders';
import AwaitDetail, { detailOf } from '../../components/AwaitDetail';
import OrderMints from './OrderMints';
import { couponDiscount } from '../../../lib/membership';
import RecordLink from '../../components/RecordLink';
import { RecordShow } from '../../components/RecordPage';

/** How the amount was made: only the one-record answer carries the subtotal, discounts, tax and shipping. */
function Pricing({ order }: { order: OrderDetail }) {
  const { money } = useFormat();
  const f = (name: string) => `resources.orders.fields.${name}`;
  return (
    <>
      <DetailField label={f('subtotal')}>{money(order.subtotal, order.currency)}</DetailField>
      {couponDiscount(order) > 0 && (
        <DetailField label={f('discount')}>{money(-couponDiscount(order), order.currency)}</DetailField>
      )}
      {order.memberDiscount > 0 && (
        <DetailField label={f('memberDiscount')}>{money(-order.memberDiscount, order.currency)}</DetailField>
      )}
      {order.tax > 0 && <DetailField label={f('tax')}>{money(order.tax, order.currency)}</DetailField>}
      {order.shipping > 0 && <DetailField label={f('shipping')}>{money(order.shipping, order.currency)}</DetailField>}
    </>
  );
}

function PaymentSummary({ payment }: { payment: OrderDetail['payment'] }) {
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  if (!payment) return <Typography variant="body2">{translate('resources.orders.detail.no_payment')}</Typography>;
  return (
    <>
      <DetailField label="resources.orders.payment.method">{payment.method}</DetailField>
      <DetailField label="resources.orders.payment.provider">{payment.provider}</DetailField>
      <DetailField label="resources.orders.payment.amount">{money(payment.amount, payment.currency)}</DetailField>
      <DetailField label="resources.orders.payment.status">
        {translate(`resources.orders.payment_status.${payment.status}`, { _: payment.status })}
      </DetailField>
      <DetailField label="resources.orders.payment.reference">{payment.reference}</DetailField>
      <DetailField label="resources.orders.payment.createdAt">{dateTime(payment.createdAt)}</DetailField>
      {payment.test && <TestBadge />}
    </>
  );
}

/** The list's summary renders at once; the lines, pricing, customer, payment and mints follow with the detail. */
function OrderDetailView() {
  const order = useRecordContext<OrderSummary | OrderDetail>();
  const { money, dateTime } = useFormat();
  if (!order) return null;
  const detail = detailOf<OrderSummary, OrderDetail>(order, 'items');
  const f = (name: string) => `resources.orders.fields.${name}`;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 0 }}>
          {order.id}
        </Typography>
        <OrderStatusChip status={order.status} />
        {order.test && <TestBadge />}
      </Stack>
      <Section title="resources.orders.detail.summary">
        <DetailField label={f('qty')}>{order.qty}</DetailField>
        <AwaitDetail detail={detail} lines={1}>
          {(d) => <Pricing order={d} />}
        </AwaitDetail>
        <DetailField label={f('amountFiat')}>{money(order.amountFiat, order.currency)}</DetailField>
        <DetailField label={f('couponCode')}>{order.couponCode}</DetailField>
        <DetailField label={f('walletAddress')}>{order.walletAddress}</DetailField>
        <DetailField label={f('createdAt')}>{dateTime(order.createdAt)}</DetailField>
        <DetailField label={f('paidAt')}>{order.paidAt ? dateTime(order.paidAt) : null}</DetailField>
        <DetailField label={f('fulfilledAt')}>{order.fulfilledAt ? dateTime(order.fulfilledAt) : null}</DetailField>
      </Section>
      <Section title="resources.orders.detail.customer">
        <DetailField label="resources.orders.detail.customer_name">{detail?.customer?.name}</DetailField>
        <DetailField label="resources.orders.detail.customer_email">
          <RecordLink resource="users" id={detail?.customer?.id ?? order.userId}>
            {detail?.customer?.email ?? order.customerEmail}
          </RecordLink>
        </DetailField>
      </Section>
      <Panel title="resources.orders.detail.items" variant="subtitle1">
        <AwaitDetail detail={detail}>{(d) => <OrderLines order={d} />}</AwaitDetail>
      </Panel>
      <Section title="resources.orders.detail.payment">
        <AwaitDetail detail={detail}>{(d) => <PaymentSummary payment={d.payment} />}</AwaitDetail>
      </Section>
      {detail && detail.mintJobs.length > 0 && (
        <Panel title="resources.orders.detail.mints" variant="subtitle1">
          <OrderMints jobs={detail.mintJobs} />
        </Panel>
      )}
      <RecordHistory entity="order" />
    </Stack>
  );
}

/** One order: summary, customer, lines, payment and token mints; test orders carry a TEST badge. */
export default function OrderShow() {
  return (
    <RecordShow
      actions={
        <TopToolbar>
          <ListButton />
          <MarkFulfilledButton />
        </TopToolbar>
      }
      component={Box}
    >
      <OrderDetailView />
    </RecordShow>
  );
}
