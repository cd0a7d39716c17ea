import { Box, Stack, Typography } from '@mui/material';
import { Link, ListButton, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import type { Payment, PaymentDetail } from '../../../common/payments';
import AwaitDetail, { detailOf } from '../../components/AwaitDetail';
import DetailField from '../../components/DetailField';
import Section from '../../components/DetailSection';
import Mono from '../../components/Mono';
import Panel from '../../components/Panel';
import { useFormat } from '../../hooks/useFormat';
import { OrderStatusChip, TestBadge } from '../orders/OrderStatusChip';
import { PaymentRefunds, PaymentTimeline } from './PaymentHistory';
import { PaymentCrypto } from './PaymentCrypto';
import { DashboardLink, PaymentMethod } from './PaymentLinks';
import { PaymentStatusChip } from './PaymentStatusChip';
import RefundButton from './RefundButton';
import { RecordShow } from '../../components/RecordPage';

/** The order the payment pays, or a line saying it pays none. */
function PaidOrder({ order }: { order: PaymentDetail['order'] }) {
  const translate = useTranslate();
  const f = (name: string) => `resources.payments.fields.${name}`;
  if (!order) return <Typography variant="body2">{translate('resources.payments.detail.no_order')}</Typography>;
  return (
    <>
      <DetailField label={f('orderId')}>
        <Link to={`/orders/${order.id}/show`} sx={{ fontFamily: 'monospace' }}>
          {order.id}
        </Link>
      </DetailField>
      <DetailField label="resources.payments.detail.order_status">
        <OrderStatusChip status={order.status} />
      </DetailField>
      <DetailField label="resources.payments.detail.customer_email">{order.customerEmail}</DetailField>
    </>
  );
}

/** The list's payment renders at once; its order, deposit, refunds and timeline follow with the detail. */
function PaymentDetailView() {
  const payment = useRecordContext<Payment | PaymentDetail>();
  const { money, dateTime } = useFormat();
  if (!payment) return null;
  const detail = detailOf<Payment, PaymentDetail>(payment, 'events');
  const f = (name: string) => `resources.payments.fields.${name}`;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 0 }}>
          {payment.id}
        </Typography>
        <PaymentStatusChip status={payment.status} />
        {payment.test && <TestBadge />}
        <DashboardLink payment={payment} />
      </Stack>
      <Section title="resources.payments.detail.payment">
        <DetailField label={f('amount')}>{money(payment.amount, payment.currency)}</DetailField>
        <DetailField label={f('refunded')} testId="payment-refunded">
          {money(payment.refunded, payment.currency)}
        </DetailField>
        <DetailField label={f('refundable')}>{money(payment.refundable, payment.currency)}</DetailField>
        <DetailField label={f('method')}>
          <PaymentMethod payment={payment} />
        </DetailField>
        <DetailField label={f('reference')}>{payment.reference && <Mono>{payment.reference}</Mono>}</DetailField>
        <DetailField label={f('createdAt')}>{dateTime(payment.createdAt)}</DetailField>
        <DetailField label={f('completedAt')}>{payment.completedAt ? dateTime(payment.completedAt) : null}</DetailField>
      </Section>
      {detail && <PaymentCrypto payment={detail} />}
      <Section title="resources.payments.detail.order">
        <AwaitDetail detail={detail} lines={1}>
          {(d) => <PaidOrder order={d.order} />}
        </AwaitDetail>
      </Section>
      <Panel title="resources.payments.detail.refunds" variant="subtitle1">
        <AwaitDetail detail={detail}>{(d) => <PaymentRefunds payment={d} />}</AwaitDetail>
      </Panel>
      <Panel title="resources.payments.detail.timeline" variant="subtitle1">
        <AwaitDetail detail={detail}>{(d) => <PaymentTimeline payment={d} />}</AwaitDetail>
      </Panel>
    </Stack>
  );
}

/** One payment: its amounts and provider link, the order it pays, its refunds and timeline; Refund for finance and admins. */
export default function PaymentShow() {
  return (
    <RecordShow
      actions={
        <TopToolbar>
          <ListButton />
          <RefundButton />
        </TopToolbar>
      }
      component={Box}
    >
      <PaymentDetailView />
    </RecordShow>
  );
}
