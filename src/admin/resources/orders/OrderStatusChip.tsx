import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { orderStatusOf, type OrderStatus, type OrderSummary } from '../../../common/orders';

export const ORDER_STATUS_COLORS: Record<OrderStatus, 'warning' | 'info' | 'error' | 'secondary' | 'success'> = {
  pending: 'warning',
  paid: 'info',
  failed: 'error',
  refunded: 'secondary',
  fulfilled: 'success',
};

/** An order status as a coloured chip; unknown values show as pending. */
export function OrderStatusChip({ status }: { status: unknown }) {
  const translate = useTranslate();
  const known = orderStatusOf(status);
  return <Chip size="small" color={ORDER_STATUS_COLORS[known]} label={translate(`resources.orders.status.${known}`)} />;
}

/** The record's status, for list columns and show pages. */
export default function OrderStatusField() {
  const record = useRecordContext<OrderSummary>();
  return record ? <OrderStatusChip status={record.status} /> : null;
}

/** The "TEST" badge of test (mock) orders and payments. */
export function TestBadge() {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" color="warning" label={translate('resources.orders.test_badge')} />;
}
