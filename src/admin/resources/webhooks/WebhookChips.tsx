import { Box, Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { WebhookDeliveryStatus, WebhookEndpoint } from '../../../common/webhooks';

/** On or off, as a chip. */
export function EnabledChip() {
  const translate = useTranslate();
  const record = useRecordContext<WebhookEndpoint>();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={record.enabled ? 'success' : 'default'}
      label={translate(`resources.webhooks.${record.enabled ? 'on' : 'off'}`)}
    />
  );
}

/** The endpoint's events, one small chip each (they wrap). */
export function EventChips() {
  const record = useRecordContext<WebhookEndpoint>();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {record.events.map((e) => (
        <Chip key={e} size="small" variant="outlined" label={e} sx={{ fontFamily: 'monospace' }} />
      ))}
    </Box>
  );
}

const STATUS_COLOR = { pending: 'default', sending: 'info', delivered: 'success', failed: 'error' } as const;

/** A delivery's status, as a chip. */
export function DeliveryStatusChip({ status }: { status: WebhookDeliveryStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOR[status]} label={translate(`resources.webhooks.status.${status}`)} />;
}
