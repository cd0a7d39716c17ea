import { CreateButton, DataTable } from 'react-admin';
import type { WebhookEndpoint } from '../../../common/webhooks';
import ListShell from '../../components/ListShell';
import { useLine } from '../../components/PhoneList';
import { RowActions } from '../../components/WriteButtons';
import { EnabledChip, EventChips } from './WebhookChips';

/** The webhook endpoints (admins only): URL, events, on or off, description; a row opens its page and delivery log. */
export default function WebhookList() {
  const line = useLine();
  return (
    <ListShell<WebhookEndpoint>
      perPage={50}
      after={<CreateButton label="resources.webhooks.add" />}
      mobile={{
        primary: (w) => w.url,
        secondary: (w) => line(w.events.join(', '), w.description),
        status: () => <EnabledChip />,
      }}
    >
      <DataTable.Col
        source="url"
        disableSort
        cellSx={() => ({ fontFamily: 'monospace', wordBreak: 'break-all', minWidth: 200 })}
      />
      <DataTable.Col source="events" disableSort field={EventChips} cellSx={() => ({ minWidth: 220 })} />
      <DataTable.Col source="enabled" disableSort field={EnabledChip} />
      <DataTable.Col<WebhookEndpoint> source="description" disableSort render={(w) => w.description ?? '—'} />
      <RowActions resource="webhooks" />
    </ListShell>
  );
}
