import { Alert } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { isPaymentRateLimit } from '../../../common/payments';
import ListLoadError from '../../components/ListLoadError';

/** The list's load failure: the rate-limit notice when payment calls came too fast, the usual sentence otherwise. */
export default function PaymentLoadError() {
  const translate = useTranslate();
  const { error } = useListContext();
  if (isPaymentRateLimit(error?.message, (error as { body?: { code?: unknown } } | null)?.body?.code))
    return (
      <Alert severity="warning" sx={{ m: 2 }}>
        {translate('resources.payments.rate_limited')}
      </Alert>
    );
  return <ListLoadError message="resources.payments.load_failed" />;
}
