import { RecordEdit } from '../../components/RecordPage';
import WebhookForm from './WebhookForm';

/** Only what an admin may change goes to the server (PUT /api/webhooks/:id). */
const patch = ({ url, events, description, enabled }: Record<string, unknown>) => ({
  url,
  events,
  description: typeof description === 'string' && description.trim() ? description : null,
  enabled,
});

export default function WebhookEdit() {
  return (
    <RecordEdit mutationMode="pessimistic" redirect="show" transform={patch}>
      <WebhookForm />
    </RecordEdit>
  );
}
