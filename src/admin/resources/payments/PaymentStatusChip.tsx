import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { paymentStatusOf, type PaymentStatus } from '../../../common/orders';
import type { Payment } from '../../../common/payments';

export const PAYMENT_STATUS_COLORS: Record<PaymentStatus, 'warning' | 'success' | 'error' | 'secondary'> = {
  pending: 'warning',
  completed: 'success',
  failed: 'error',
  refunded: 'secondary',
};

/** A payment status as a coloured chip; unknown values show as pending. */
export function PaymentStatusChip({ status }: { status: unknown }) {
  const translate = useTranslate();
  const known = paymentStatusOf(status);
  return (
    <Chip size="small" color={PAYMENT_STATUS_COLORS[known]} label={translate(`resources.payments.status.${known}`)} />
  );
}

/** The record's status, for list columns. */
export default function PaymentStatusField() {
  const record = useRecordContext<Payment>();
  return record ? <PaymentStatusChip status={record.status} /> : null;
}
