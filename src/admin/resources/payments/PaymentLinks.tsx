import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Link as MuiLink } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Payment } from '../../../common/payments';

/** The provider, and the method when it says more ("Sandbox · card"); a provider this screen does not know shows as stored. */
export function PaymentMethod({ payment }: { payment: Pick<Payment, 'provider' | 'method'> }) {
  const translate = useTranslate();
  const provider = translate(`resources.payments.provider.${payment.provider}`, { _: payment.provider });
  if (!payment.method || payment.method === payment.provider) return <>{provider}</>;
  return <>{`${provider} · ${translate(`resources.payments.method.${payment.method}`, { _: payment.method })}`}</>;
}

/** "View in Dashboard": the provider's own page for the payment, in a new tab; nothing when it has none. */
export function DashboardLink({ payment, compact }: { payment: Pick<Payment, 'dashboardUrl'>; compact?: boolean }) {
  const translate = useTranslate();
  if (!payment.dashboardUrl) return null;
  const label = translate('resources.payments.view_in_dashboard');
  return (
    <MuiLink
      href={payment.dashboardUrl}
      target="_blank"
      rel="noopener noreferrer"
      title={label}
      aria-label={label}
      onClick={(e) => e.stopPropagation()}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      {!compact && label}
      <OpenInNewIcon fontSize="small" />
    </MuiLink>
  );
}
