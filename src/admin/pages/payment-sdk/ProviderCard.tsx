import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SdkProvider } from '../../../common/payment-sdk';

/** A provider: whether it is configured here, and the currencies it takes. */
export default function ProviderCard({ provider }: { provider: SdkProvider }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid="sdk-provider">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle1">
            {translate(`resources.payments.provider.${provider.name}`, { _: provider.name })}
          </Typography>
          <Chip
            size="small"
            color={provider.configured ? 'success' : 'default'}
            label={translate(provider.configured ? 'app.payment_sdk.configured' : 'app.payment_sdk.not_configured')}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {provider.currencies.length
            ? translate('app.payment_sdk.currencies', { list: provider.currencies.join(', ') })
            : translate('app.payment_sdk.no_currencies')}
        </Typography>
      </CardContent>
    </Card>
  );
}
