import { Box } from '@mui/material';
import {
  FunctionField,
  Labeled,
  ListButton,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import type { WebhookEndpoint } from '../../../common/webhooks';
import RecordHistory from '../../components/RecordHistory';
import { RecordShow } from '../../components/RecordPage';
import { WriteButtons } from '../../components/WriteButtons';
import { useFormat } from '../../hooks/useFormat';
import DeliveryLog from './DeliveryLog';
import WebhookActions from './WebhookActions';
import { EnabledChip, EventChips } from './WebhookChips';

const row = { display: 'flex', flexWrap: 'wrap', gap: 4 } as const;

/** Why failures turned the endpoint off, when they did. */
function DisabledReason() {
  const record = useRecordContext<WebhookEndpoint>();
  if (!record?.disabledReason) return null;
  return (
    <Labeled>
      <TextField source="disabledReason" />
    </Labeled>
  );
}

/** Until when the rotated-away secret still signs, during the overlap after a rotation. */
function PreviousSecretUntil() {
  const record = useRecordContext<WebhookEndpoint>();
  const { dateTime } = useFormat();
  if (!record?.previousSecretUntil) return null;
  return (
    <Labeled>
      <FunctionField<WebhookEndpoint> source="previousSecretUntil" render={(w) => dateTime(w.previousSecretUntil!)} />
    </Labeled>
  );
}

function Log() {
  const record = useRecordContext<WebhookEndpoint>();
  return record ? <DeliveryLog id={record.id} /> : null;
}

/** One endpoint: its fields, test and rotate, edit and delete, its delivery log and its history. */
export default function WebhookShow() {
  const { dateTime } = useFormat();
  return (
    <RecordShow
      actions={
        <TopToolbar sx={{ flexWrap: 'wrap' }}>
          <ListButton />
          <WebhookActions />
          <WriteButtons resource="webhooks" />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="url" variant="h6" label={false} sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} />
        <Box sx={row}>
          <Labeled source="enabled">
            <EnabledChip />
          </Labeled>
          <Labeled>
            <FunctionField<WebhookEndpoint> source="failures" render={(w) => String(w.failures)} />
          </Labeled>
          <Labeled>
            <FunctionField<WebhookEndpoint> source="createdAt" render={(w) => dateTime(w.createdAt)} />
          </Labeled>
          <Labeled>
            <FunctionField<WebhookEndpoint> source="updatedAt" render={(w) => dateTime(w.updatedAt)} />
          </Labeled>
          <PreviousSecretUntil />
        </Box>
        <Labeled source="events">
          <EventChips />
        </Labeled>
        <TextField source="description" emptyText="—" />
        <DisabledReason />
        <Log />
        <RecordHistory entity="webhook" />
      </SimpleShowLayout>
    </RecordShow>
  );
}
