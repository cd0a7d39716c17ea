import { useState } from 'react';
import { Create, useNotify, useRedirect } from 'react-admin';
import type { WebhookEndpoint } from '../../../common/webhooks';
import { ApiError, apiSend } from '../../../lib/api';
import CreateHeading from '../../components/CreateHeading';
import SecretDialog from './SecretDialog';
import WebhookForm, { webhookDefaults } from './WebhookForm';

type Created = { webhook: WebhookEndpoint; secret: string };

/**
 * Add Webhook: sent directly rather than through the data provider, whose create answers only the record and would
 * lose the signing secret; the secret is shown once, then the endpoint's page opens.
 */
export default function WebhookCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const [created, setCreated] = useState<Created | null>(null);

  const save = async (values: Record<string, unknown>) => {
    const description = typeof values.description === 'string' && values.description.trim() ? values.description : null;
    try {
      const answer = await apiSend<Created>('POST', '/api/webhooks', { ...values, description });
      notify('resources.webhooks.notifications.created', { type: 'info' });
      setCreated(answer);
    } catch (e) {
      if (e instanceof ApiError && e.fields) return e.fields;
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    }
    return undefined;
  };

  return (
    <Create>
      <CreateHeading />
      <WebhookForm defaultValues={webhookDefaults} onSubmit={save} />
      <SecretDialog
        secret={created?.secret ?? null}
        onClose={() => redirect('show', 'webhooks', created!.webhook.id)}
      />
    </Create>
  );
}
