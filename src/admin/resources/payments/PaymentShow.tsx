import { Box, Stack, Typography } from '@mui/material';
import { Link, ListButton, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import type { PaymentDetail } from '../../../common/payments';
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

function PaymentDetailView() {
  const payment = useRecordContext<PaymentDetail>();
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  if (!payment) return null;
  const f = (name: string) => `resources.payments.fields.${name}`;
  const { order } = payment;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" sx={{ fontFamily: 'monospace' }}>{payment.id}</Typography>
        <PaymentStatusChip status={payment.status} />
        {payment.test && <TestBadge />}
        <DashboardLink payment={payment} />
      </Stack>
      <Section title="resources.payments.detail.payment">
        <DetailField label={f('amount')}>{money(payment.amount, payment.currency)}</DetailField>
        <DetailField label={f('refunded')} testId="payment-refunded">{money(payment.refunded, payment.currency)}</DetailField>
        <DetailField label={f('refundable')}>{money(payment.refundable, payment.currency)}</DetailField>
        <DetailField label={f('method')}><PaymentMethod payment={payment} /></DetailField>
        <DetailField label={f('reference')}>{payment.reference && <Mono>{payment.reference}</Mono>}</DetailField>
        <DetailField label={f('createdAt')}>{dateTime(payment.createdAt)}</DetailField>
        <DetailField label={f('completedAt')}>{payment.completedAt ? dateTime(payment.completedAt) : null}</DetailField>
      </Section>
      <PaymentCrypto payment={payment} />
      <Section title="resources.payments.detail.order">
        {order ? (
          <>
            <DetailField label={f('orderId')}>
              <Link to={`/orders/${order.id}/show`} sx={{ fontFamily: 'monospace' }}>{order.id}</Link>
            </DetailField>
            <DetailField label="resources.payments.detail.order_status"><OrderStatusChip status={order.status} /></DetailField>
            <DetailField label="resources.payments.detail.customer_email">{order.customerEmail}</DetailField>
          </>
        ) : (
          order === null && <Typography variant="body2">{translate('resources.payments.detail.no_order')}</Typography>
        )}
      </Section>
      <Panel title="resources.payments.detail.refunds" variant="subtitle1">
        <PaymentRefunds payment={payment} />
      </Panel>
      <Panel title="resources.payments.detail.timeline" variant="subtitle1">
        <PaymentTimeline payment={payment} />
      </Panel>
    </Stack>
  );
}

/** One payment: its amounts and provider link, the order it pays, its refunds and timeline; Refund for finance and admins. */
export default function PaymentShow() {
  return (
    <Show actions={<TopToolbar><ListButton /><RefundButton /></TopToolbar>} component={Box}>
      <PaymentDetailView />
    </Show>
  );
}
