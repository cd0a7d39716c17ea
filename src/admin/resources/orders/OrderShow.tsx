import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ListButton, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { useFormat } from '../../hooks/useFormat';
import OrderLines from './OrderLines';
import { OrderStatusChip, TestBadge } from './OrderStatusChip';
import type { OrderDetail } from './constants';
import OrderMints from './OrderMints';

function Field({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography variant="caption" color="text.secondary">
        {translate(label)}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-all' }}>
        {children ?? '—'}
      </Typography>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" gutterBottom>
          {translate(title)}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3 }}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

function OrderDetailView() {
  const order = useRecordContext<OrderDetail>();
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  if (!order) return null;
  const payment = order.payment;
  const f = (name: string) => `resources.orders.fields.${name}`;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" sx={{ fontFamily: 'monospace' }}>{order.id}</Typography>
        <OrderStatusChip status={order.status} />
        {order.test && <TestBadge />}
      </Stack>
      <Section title="app.orders.detail.summary">
        <Field label={f('qty')}>{order.qty}</Field>
        <Field label={f('amountFiat')}>{money(order.amountFiat, order.currency)}</Field>
        <Field label={f('couponCode')}>{order.couponCode}</Field>
        <Field label={f('walletAddress')}>{order.walletAddress}</Field>
        <Field label={f('createdAt')}>{dateTime(order.createdAt)}</Field>
        <Field label={f('paidAt')}>{order.paidAt ? dateTime(order.paidAt) : null}</Field>
        <Field label={f('fulfilledAt')}>{order.fulfilledAt ? dateTime(order.fulfilledAt) : null}</Field>
      </Section>
      <Section title="app.orders.detail.customer">
        <Field label="app.orders.detail.customer_name">{order.customer?.name}</Field>
        <Field label="app.orders.detail.customer_email">{order.customer?.email ?? order.customerEmail}</Field>
      </Section>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" gutterBottom>{translate('app.orders.detail.items')}</Typography>
          <OrderLines order={order} />
        </CardContent>
      </Card>
      <Section title="app.orders.detail.payment">
        {payment ? (
          <>
            <Field label="app.orders.payment.method">{payment.method}</Field>
            <Field label="app.orders.payment.provider">{payment.provider}</Field>
            <Field label="app.orders.payment.amount">{money(payment.amount, payment.currency)}</Field>
            <Field label="app.orders.payment.status">{translate(`app.orders.payment_status.${payment.status}`, { _: payment.status })}</Field>
            <Field label="app.orders.payment.reference">{payment.reference}</Field>
            <Field label="app.orders.payment.createdAt">{dateTime(payment.createdAt)}</Field>
            {payment.test && <TestBadge />}
          </>
        ) : (
          <Typography variant="body2">{translate('app.orders.detail.no_payment')}</Typography>
        )}
      </Section>
      {order.mintJobs && order.mintJobs.length > 0 && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="subtitle1" gutterBottom>{translate('app.orders.detail.mints')}</Typography>
            <OrderMints jobs={order.mintJobs} />
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}

/** One order: summary, customer, lines, payment and token mints; test orders carry a TEST badge. */
export default function OrderShow() {
  return (
    <Show actions={<TopToolbar><ListButton /></TopToolbar>} component={Box}>
      <OrderDetailView />
    </Show>
  );
}
