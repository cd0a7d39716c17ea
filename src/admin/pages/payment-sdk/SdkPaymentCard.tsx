import VisibilityIcon from '@mui/icons-material/Visibility';
import { Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { Payment } from '../../../common/payments';
import { shortId } from '../../components/ids';
import { useFormat } from '../../hooks/useFormat';
import { PaymentStatusChip } from '../../resources/payments/PaymentStatusChip';
import { RefundDialog } from '../../resources/payments/RefundButton';

/** A payment as the Payment SDK screen shows it: its short id, provider, status, amount, order and time. */
export default function SdkPaymentCard({ payment }: { payment: Payment }) {
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  return (
    <Card variant="outlined" data-testid="sdk-payment" data-payment-id={payment.id}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" sx={{ fontFamily: 'monospace' }} title={payment.id}>
            {shortId(payment.id)}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            label={translate(`resources.payments.provider.${payment.provider}`, { _: payment.provider })}
          />
          <PaymentStatusChip status={payment.status} />
        </Stack>
        <Typography variant="h6">{money(payment.amount, payment.currency)}</Typography>
        <Typography variant="body2" color="text.secondary" title={payment.orderId ?? ''}>
          {translate('app.payment_sdk.order', { id: payment.orderId ?? '—' })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {dateTime(payment.createdAt)}
        </Typography>
      </CardContent>
      <CardActions>
        <Button size="small" startIcon={<VisibilityIcon />} component={Link} to={`/payments/${payment.id}/show`}>
          {translate('app.payment_sdk.view')}
        </Button>
        <RefundDialog payment={payment} sdk />
      </CardActions>
    </Card>
  );
}
